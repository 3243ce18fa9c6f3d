// `${NAME}` in a target file: a string value that is exactly that is read from the environment variable NAME, so
// keys, tokens and secrets can live in CI secrets instead of a file. Only whole values: "abc${X}" stays as written.

import { TargetError } from './types';

const REFERENCE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

export type Environment = Readonly<Record<string, string | undefined>>;

export interface Resolved {
  readonly value: unknown;
  /** Variables read, in the order met (for the report's meta; never their values). */
  readonly variables: readonly string[];
}

function path(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/**
 * Replaces every `${NAME}` string with the variable's value. An unset or empty variable is a TargetError naming
 * the variable and the field (a CI secret that is not configured arrives as an empty string).
 */
export function resolveEnvironment(raw: unknown, env: Environment): Resolved {
  const variables: string[] = [];
  const visit = (value: unknown, at: string): unknown => {
    if (typeof value === 'string') {
      const name = REFERENCE.exec(value)?.[1];
      if (name === undefined) return value;
      const found = env[name];
      if (found === undefined)
        throw new TargetError(`target file: ${at} reads environment variable ${name}, which is not set`);
      if (found === '') throw new TargetError(`target file: ${at} reads environment variable ${name}, which is empty`);
      variables.push(name);
      return found;
    }
    if (Array.isArray(value)) return value.map((item: unknown, i) => visit(item, path(at, i)));
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, path(at, k))]));
    return value;
  };
  return { value: visit(raw, ''), variables };
}
