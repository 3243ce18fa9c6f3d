/**
 * The secrets a receiver verifies with: the ones it was started with, plus secrets added while it runs. A
 * sender's dashboard generates each subscription's secret and shows it once, so a client that creates
 * subscriptions at run time (the conformance suite) hands each new secret to the receiver through the admin API.
 * Added secrets can be removed again by their id; the start-up secrets stay. Secrets are never listed back.
 */
export class SigningSecrets {
  /** The live list handed to the delivery handler: changed in place, so added secrets apply at once. */
  private readonly current: string[];
  private readonly added = new Map<string, string>();
  private nextId = 1;

  constructor(private readonly initial: readonly string[]) {
    this.current = [...initial];
  }

  /** Every secret accepted right now (start-up ones first). */
  all(): readonly string[] {
    return this.current;
  }

  /** Adds a secret (an already accepted one is not added twice) and returns the id to remove it by. */
  add(secret: string): string {
    if (typeof secret !== 'string' || secret === '') throw new TypeError('a signing secret must be a non-empty string');
    const id = `secret_${this.nextId++}`;
    this.added.set(id, secret);
    this.rebuild();
    return id;
  }

  /** Removes a secret added at run time; false when there is no such id. */
  remove(id: string): boolean {
    const removed = this.added.delete(id);
    if (removed) this.rebuild();
    return removed;
  }

  /** How many secrets are accepted (start-up and added, without repeats). */
  get size(): number {
    return this.current.length;
  }

  private rebuild(): void {
    const next = [...new Set([...this.initial, ...this.added.values()])];
    this.current.splice(0, this.current.length, ...next);
  }
}
