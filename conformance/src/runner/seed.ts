// Seeds for property-based checks: random per run unless given, always printed and recorded, so `--seed` replays.

import { randomInt } from 'node:crypto';
import { CannotRunError } from './outcomes';

const MAX = 2 ** 31 - 1;

export function randomSeed(): number {
  return randomInt(0, MAX);
}

/** Integers in fast-check's 32-bit range; anything else is a bad option (exit 2). */
export function parseSeed(text: string): number {
  if (!/^-?\d+$/.test(text.trim())) throw new CannotRunError(`--seed must be an integer, got "${text}"`);
  const seed = Number(text);
  if (seed < -(2 ** 31) || seed > MAX) throw new CannotRunError(`--seed must fit in 32 bits, got ${text}`);
  return seed;
}
