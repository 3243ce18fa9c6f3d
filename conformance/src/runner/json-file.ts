// Reading the JSON files QA hands the CLI (baseline, previous report); problems become one-line exit-2 errors.

import { readFileSync } from 'node:fs';
import { CannotRunError } from './outcomes';

export function readJsonFile(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CannotRunError(`cannot read ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CannotRunError(`${what} ${path} is not valid JSON: ${(error as Error).message.split('\n')[0]}`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
