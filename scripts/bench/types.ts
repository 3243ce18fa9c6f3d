// One benchmark figure, in the custom format benchmark-tracking CI actions read (../shared/interfaces.md):
// names are stable from run to run, e.g. `properties-list req/s`.
export interface BenchFigure {
  readonly name: string;
  readonly unit: string;
  readonly value: number;
  readonly extra?: string;
}

/** A group of benchmarks `npm run bench` runs in one process, one after the other. */
export interface BenchSuite {
  readonly name: string;
  run(): Promise<BenchFigure[]>;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
