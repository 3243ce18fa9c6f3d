// Seeded sampling: the same seed picks the same mutants and variants on every machine.

/** mulberry32: a small, well-distributed 32-bit generator; enough to shuffle a list reproducibly. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = generator(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * `n` of the items, seeded, spread over their kinds: the shuffled items are taken one kind at a time in turn, so a
 * small sample still has a status, a code, a header, a field... mutant rather than whatever kind is most numerous.
 */
export function sample<T extends { readonly kind: string }>(items: readonly T[], n: number, seed: number): T[] {
  const byKind = new Map<string, T[]>();
  for (const item of shuffled(items, seed)) byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item]);
  const queues = [...byKind.values()];
  const out: T[] = [];
  while (out.length < n && queues.some((q) => q.length > 0))
    for (const q of queues) {
      const next = q.shift();
      if (next !== undefined && out.length < n) out.push(next);
    }
  return out;
}
