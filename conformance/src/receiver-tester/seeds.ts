/**
 * A per-purpose seed derived from the run seed, so each case's data depends only on (seed, case key) and
 * `--seed N` reproduces a case exactly whatever else ran.
 */
export function deriveSeed(seed: number, key: string): number {
  let hash = 0x811c9dc5; // FNV-1a, 32-bit
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash ^ seed) | 0;
}

export function randomSeed(): number {
  return (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
}
