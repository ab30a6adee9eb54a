/** A running count of event-loop turns; `stop` ends it. */
export interface TurnCounter {
  readonly turns: number;
  stop(): void;
}

/**
 * Counts turns of the event loop from now until `stop()`: each turn is a moment another request (a
 * health probe) could have run, so the count shows whether the work in between yielded.
 */
export function countEventLoopTurns(): TurnCounter {
  let turns = 0;
  let counting = true;
  const tick = () => {
    turns += 1;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get turns() {
      return turns;
    },
    stop() {
      counting = false;
    },
  };
}
