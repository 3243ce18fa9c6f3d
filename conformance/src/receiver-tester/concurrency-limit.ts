/** At most `limit` tasks in flight; the rest wait in arrival order. Keeps the tester polite to a receiver. */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: Array<() => void> = [];
  const next = (): void => {
    active--;
    queue.shift()?.();
  };
  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = (): void => {
        active++;
        task().then(resolve, reject).finally(next);
      };
      if (active < limit) start();
      else queue.push(start);
    });
}
