// Each process's copy of the bytes of the summaries the database keeps (kept-summary.ts). At 50,000 properties a
// kept body is 29 MB: read from PostgreSQL on every request it cost more than the rest of the request together
// (detoasting, the wire, decoding to a string and encoding it again), and ten at once held two cores for over a
// second. A copy is labelled with what the database kept it for (date, data version, format) and served only when
// the database says, in the request's own read of the current version, that this is still the landlord's summary:
// the copy never answers for data the database has since changed, and every request still reads the database.

import { SingleFlight } from '../../platform/limits/single-flight';

/** Bytes of copies a process holds at most: two summaries of 50,000 properties (29 MB each). */
export const COPY_MAX_BYTES = 64 * 1024 * 1024;

export class SummaryCopies {
  // Least recently used first (a Map keeps insertion order; a use moves the entry to the end).
  private readonly copies = new Map<string, { label: string; body: Buffer }>();
  private bytes = 0;
  // The loads running, by landlord and label: requests arriving together without a copy share one.
  private readonly loads = new SingleFlight<Buffer>();

  constructor(private readonly maxBytes = COPY_MAX_BYTES) {}

  /**
   * The landlord's copy with `label`, or else the body `load` finds (read from what the database keeps, or computed),
   * held as the copy of the label `load` returns with it. Callers asking for the same landlord and label while a load
   * runs wait for that load: simultaneous first requests of a day compute the summary once, not once each.
   */
  async getOrLoad(
    landlordId: string,
    label: string,
    load: () => Promise<{ label: string; body: Buffer }>,
  ): Promise<Buffer> {
    return (
      this.get(landlordId, label) ??
      this.loads.run(`${landlordId} ${label}`, async () => {
        const loaded = await load();
        this.set(landlordId, loaded.label, loaded.body);
        return loaded.body;
      })
    );
  }

  /** The landlord's copy if it carries this label. */
  get(landlordId: string, label: string): Buffer | undefined {
    const copy = this.copies.get(landlordId);
    if (copy?.label !== label) return undefined;
    this.copies.delete(landlordId);
    this.copies.set(landlordId, copy);
    return copy.body;
  }

  /** Holds `body` as the landlord's copy in place of its last one; a body over the bound is not held. */
  set(landlordId: string, label: string, body: Buffer): void {
    this.drop(landlordId);
    if (body.length > this.maxBytes) return;
    this.copies.set(landlordId, { label, body });
    this.bytes += body.length;
    for (const [landlord] of this.copies) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(landlord);
    }
  }

  private drop(landlordId: string): void {
    const copy = this.copies.get(landlordId);
    if (!copy) return;
    this.copies.delete(landlordId);
    this.bytes -= copy.body.length;
  }
}

/** The label of a copy: what the database kept its body for. */
export const copyLabel = (today: string, version: number, format: string): string => `${today} ${version} ${format}`;
