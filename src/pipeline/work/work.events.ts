import { EventEmitter } from 'node:events';

/**
 * In-process notice that a job ended, so waiting requests answer at once. Waiters also poll the
 * database, so a job finished by another process is seen too, a little later.
 */
export class JobEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  jobEnded(jobId: string): void {
    this.emitter.emit(jobId);
  }

  /** Resolves when the job ends here or after `timeoutMs`, whichever is first. */
  waitForEnd(jobId: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off(jobId, done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.emitter.once(jobId, done);
    });
  }
}
