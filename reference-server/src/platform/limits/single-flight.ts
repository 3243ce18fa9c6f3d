// One task per key at a time: callers asking for a key while its task runs share that task's outcome (its value or
// its error) instead of starting it again; the next caller after it settles starts a new one. For work whose result
// is the same for everyone asking at once: ten requests arriving together for a summary nobody has computed yet
// would otherwise compute it ten times, each over the whole portfolio.
export class SingleFlight<T> {
  private readonly flights = new Map<string, Promise<T>>();

  /** Tasks running now. */
  get running(): number {
    return this.flights.size;
  }

  run(key: string, task: () => Promise<T>): Promise<T> {
    const running = this.flights.get(key);
    if (running) return running;
    // Started inside a promise, so a task that throws before its first await settles the flight like any other.
    const flight = Promise.resolve()
      .then(task)
      .finally(() => this.flights.delete(key));
    this.flights.set(key, flight);
    return flight;
  }
}
