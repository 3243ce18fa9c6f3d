// The configuration table of reference-server/README.md, rendered from CONFIG_SCHEMA's own descriptions and
// defaults, so the documentation cannot drift from what the server reads (test/readme-config.test.ts compares).

import { CONFIG_SCHEMA } from './platform/config';

export interface ConfigRow {
  readonly name: string;
  readonly default: string;
  readonly meaning: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A default shown as written: the key's `meta({ default })` when it says more than a value (unset, generated). */
function defaultText(key: string, description: Record<string, unknown>): string {
  const metas: unknown = description.metas;
  const meta = Array.isArray(metas)
    ? metas.find((m): m is { default: string } => isRecord(m) && typeof m.default === 'string')
    : undefined;
  if (meta) return meta.default;
  const flags = isRecord(description.flags) ? description.flags : {};
  const value = flags.default;
  if (typeof value === 'boolean') return `\`${value ? 1 : 0}\``;
  if (typeof value === 'number' || typeof value === 'string') return `\`${value}\``;
  throw new Error(`configuration ${key}: no default and no meta({ default }) saying what unset means`);
}

export function configRows(): ConfigRow[] {
  const keys: unknown = CONFIG_SCHEMA.describe().keys;
  if (!isRecord(keys)) throw new Error('configuration schema: no keys');
  return Object.entries(keys).map(([name, description]) => {
    if (!isRecord(description)) throw new Error(`configuration ${name}: no description`);
    const flags = isRecord(description.flags) ? description.flags : {};
    if (typeof flags.description !== 'string' || flags.description === '')
      throw new Error(`configuration ${name}: add .description(...) to its schema key`);
    return { name, default: defaultText(name, description), meaning: flags.description };
  });
}

/** The Markdown table, one row per variable in schema order. */
export function configurationTable(): string {
  const cell = (s: string): string => s.replace(/\|/g, '\\|');
  return [
    '| variable | default | meaning |',
    '| --- | --- | --- |',
    ...configRows().map((r) => `| \`${r.name}\` | ${cell(r.default)} | ${cell(r.meaning)} |`),
  ].join('\n');
}
