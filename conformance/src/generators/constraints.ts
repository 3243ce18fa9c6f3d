// Eager constraint checks shared by the generators: a bad constraint fails where the arbitrary is built.

export function requireIntRange(name: string, min: number, max: number): void {
  if (!Number.isInteger(min) || !Number.isInteger(max))
    throw new RangeError(`${name}: min and max must be integers (got ${min}, ${max})`);
  if (min > max) throw new RangeError(`${name}: min ${min} is above max ${max}`);
}
