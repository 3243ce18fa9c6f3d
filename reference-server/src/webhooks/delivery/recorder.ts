// Attempt outcomes that finish close together are recorded together: one statement per batch instead of one
// per attempt (on PGlite, which runs every statement on the process's one thread, this matters most). Each
// caller still learns whether its own attempt was recorded.
import type { Knex } from 'knex';
import { recordAttempts, type AttemptRecord } from './repository';

interface Waiting {
  readonly record: AttemptRecord;
  resolve(recorded: boolean): void;
  reject(err: unknown): void;
}

export class AttemptRecorder {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Knex,
    private readonly maxBatch = 200,
  ) {}

  record(record: AttemptRecord): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.waiting.push({ record, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // Collect what finishes in this turn of the event loop, then write it at once.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting.splice(0, this.maxBatch);
    if (this.waiting.length > 0) this.schedule();
    if (batch.length === 0) return;
    try {
      const recorded = await recordAttempts(
        this.db,
        batch.map((w) => w.record),
      );
      for (const w of batch) w.resolve(recorded.has(w.record.deliveryId));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}
