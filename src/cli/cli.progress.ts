import { Presets, SingleBar } from 'cli-progress';

/** Where progress goes: a terminal gets a bar, anything else one plain line per change. */
export interface ProgressTarget {
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  isTTY: boolean;
}

/** A progress display of done/all for one job. */
export interface Progress {
  update(status: string, done: number, all: number): void;
  stop(): void;
}

/** A `cli-progress` bar on a terminal; otherwise lines like `job 6b02…: working 412/1000`. */
export function createProgress(label: string, target: ProgressTarget): Progress {
  if (target.isTTY) {
    const bar = new SingleBar(
      {
        format: `${label} [{bar}] {percentage}% | {value}/{total} | {status}`,
        stream: target.stream,
        // cli-progress checks the stream itself; the caller already decided it is a terminal.
        noTTYOutput: true,
        // A hidden cursor would stay hidden if the user interrupts the wait.
        hideCursor: false,
      },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update(status, done, all) {
        if (!started) bar.start(all, done, { status });
        started = true;
        bar.setTotal(all);
        bar.update(done, { status });
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let last = '';
  return {
    update(status, done, all) {
      const line = `${label}: ${status} ${done}/${all}`;
      if (line !== last) target.stream.write(`${line}\n`);
      last = line;
    },
    stop: () => undefined,
  };
}
