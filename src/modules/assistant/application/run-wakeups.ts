import { Injectable } from '@nestjs/common';

/**
 * Wakes the event streams of this process that follow a run when that run's events are committed
 * here, so a stream on the process that executes the run sends them at once instead of at its next
 * read. Streams in other processes do not hear it: they keep reading the store on their interval.
 */
@Injectable()
export class RunWakeups {
  private readonly waiting = new Map<string, Set<() => void>>();

  /** The run's stored events changed (call after the commit). */
  changed(runId: string): void {
    const wake = this.waiting.get(runId);
    if (!wake) return;
    this.waiting.delete(runId);
    for (const resolve of wake) resolve();
  }

  /** Resolves at the run's next change in this process, or after `ms`, whichever comes first. */
  next(runId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      let set = this.waiting.get(runId);
      if (!set) this.waiting.set(runId, (set = new Set()));
      const done = () => {
        clearTimeout(timer);
        const current = this.waiting.get(runId);
        current?.delete(done);
        if (current?.size === 0) this.waiting.delete(runId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });
  }
}
