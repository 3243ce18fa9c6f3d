// A concurrency gate for reads that make the database work over a whole portfolio (the compliance summary). At
// most `limit` run at once; the rest wait in arrival order, each for at most `maxWaitMs`, then are refused. Ten
// such statements at once on two cores all slow each other down, unevenly, and hold ten pooled connections the
// cheap requests also need; in arrival order the same work is done at the same rate, and each request waits its
// turn instead of the unlucky ones waiting longest.

/** Schedules `fire` after `ms`; returns the cancel. Tests pass a scheduler they fire by hand. */
export type Schedule = (ms: number, fire: () => void) => () => void;

const realTimers: Schedule = (ms, fire) => {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
};

/** A task that waited its longest without its turn coming. */
export class GateTimeout extends Error {}

interface Waiter {
  start(): void;
}

export class Gate {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly limit: number,
    private readonly maxWaitMs: number,
    private readonly schedule: Schedule = realTimers,
  ) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`a gate's limit must be a positive integer, not ${limit}`);
  }

  /** Tasks running now, and waiting for their turn. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await task();
    } finally {
      this.leave();
    }
  }

  private enter(): Promise<void> {
    if (this.running < this.limit) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          cancel();
          resolve();
        },
      };
      const cancel = this.schedule(this.maxWaitMs, () => {
        const at = this.waiting.indexOf(waiter);
        if (at === -1) return; // its turn came first
        this.waiting.splice(at, 1);
        reject(new GateTimeout(`waited ${this.maxWaitMs} ms for one of ${this.limit} places`));
      });
      this.waiting.push(waiter);
    });
  }

  private leave(): void {
    // The place passes to the first waiter, so `running` stays; nobody can overtake it in between.
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running -= 1;
  }
}
