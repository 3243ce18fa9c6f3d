// SingleFlight (src/platform/limits/single-flight.ts): callers of one key while its task runs share its outcome,
// value or error; other keys run apart; once settled, the next caller runs the task again.
import { SingleFlight } from '../src/platform/limits/single-flight';

/** A task the test settles by hand, counting its starts. */
function handTask<T>(): { task: () => Promise<T>; starts: () => number; resolve(v: T): void; reject(e: Error): void } {
  let starts = 0;
  let settle: { resolve(v: T): void; reject(e: Error): void } | undefined;
  return {
    task: () => {
      starts += 1;
      return new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
    },
    starts: () => starts,
    resolve: (v) => settle!.resolve(v),
    reject: (e) => settle!.reject(e),
  };
}

/** Lets the flights' promise callbacks run. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('SingleFlight', () => {
  it('runs a key once for callers arriving while it runs, and again after it settles', async () => {
    const flights = new SingleFlight<string>();
    const hand = handTask<string>();
    const callers = [flights.run('a', hand.task), flights.run('a', hand.task), flights.run('a', hand.task)];
    await turn();
    expect([hand.starts(), flights.running]).toEqual([1, 1]);
    hand.resolve('body');
    expect(await Promise.all(callers)).toEqual(['body', 'body', 'body']);
    expect(flights.running).toBe(0);
    const later = flights.run('a', hand.task);
    await turn();
    expect(hand.starts()).toBe(2);
    hand.resolve('next');
    expect(await later).toBe('next');
  });

  it('shares an error with every caller of the flight, and the next caller tries again', async () => {
    const flights = new SingleFlight<number>();
    const hand = handTask<number>();
    const callers = [flights.run('k', hand.task), flights.run('k', hand.task)].map((p) =>
      p.then(
        () => 'resolved',
        (e: Error) => e.message,
      ),
    );
    await turn();
    hand.reject(new Error('database down'));
    expect(await Promise.all(callers)).toEqual(['database down', 'database down']);
    const retry = flights.run('k', hand.task);
    await turn();
    hand.resolve(7);
    expect([await retry, hand.starts()]).toEqual([7, 2]);
  });

  it('runs different keys apart, and settles a task that throws before its first await', async () => {
    const flights = new SingleFlight<string>();
    const [a, b] = [handTask<string>(), handTask<string>()];
    const runs = [flights.run('a', a.task), flights.run('b', b.task)];
    await turn();
    expect([a.starts(), b.starts(), flights.running]).toEqual([1, 1, 2]);
    a.resolve('A');
    b.resolve('B');
    expect(await Promise.all(runs)).toEqual(['A', 'B']);
    const thrown = flights.run('c', () => {
      throw new Error('at once');
    });
    await expect(thrown).rejects.toThrow('at once');
    expect(flights.running).toBe(0);
  });
});
