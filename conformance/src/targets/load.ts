// Reads a target file from disk. Every way this can go wrong becomes a one-line TargetError.

import { readFileSync } from 'node:fs';
import { TargetError } from './types';
import type { Environment } from './environment';
import { parseTarget, type ParsedTarget } from './validate';

/** `${NAME}` values come from env (the process's environment unless a test passes its own). */
export function loadTargetFile(path: string, env: Environment = process.env): ParsedTarget {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new TargetError(`cannot read target file ${path}: ${code}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new TargetError(`target file ${path} is not valid JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  return parseTarget(raw, path, env);
}
