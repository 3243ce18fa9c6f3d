// Every rule of the conformance catalogue comes from the spec in this repository (docs/spec/property-portfolio-api.md):
// a rule cites the spec when one of its sentences is found in it word for word, or when every code token of the rule
// (paths, fields, codes, values) stands in one block of the spec (a paragraph or a table row), as for the rules that
// restate a row of an endpoint or field table. A rule whose text restates the spec in other words carries the spec's
// own words in `quote`, which must then be found whole. The comparisons are normalised: case, Markdown emphasis and
// code marks, typographic quotes and dashes, whitespace and table pipes do not count.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RULES } from '@ppapi/conformance/src/rules';

const ROOT = resolve(__dirname, '..');
const SPEC = readFileSync(join(ROOT, 'docs', 'spec', 'property-portfolio-api.md'), 'utf8');

export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/\|/g, ' ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

function sentencesOf(text: string): string[] {
  return normalise(text)
    .split(/(?<=[.;:!?])\s+|\s*;\s*/)
    .map((s) => s.replace(/[.;:,]+$/, '').trim())
    .filter((s) => s.split(' ').length >= 2);
}

function codeTokensOf(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].flatMap((m) => m[1].toLowerCase().split(/\s+/)).filter((t) => t.length > 0);
}

/** How a rule cites the spec: 'sentence', 'tokens', 'quote', or undefined when it does not. */
export function citation(ruleText: string, spec: string, quote?: string): 'sentence' | 'tokens' | 'quote' | undefined {
  const whole = normalise(spec);
  if (quote !== undefined) return whole.includes(normalise(quote)) ? 'quote' : undefined;
  if (sentencesOf(ruleText).some((s) => whole.includes(s))) return 'sentence';
  const tokens = codeTokensOf(ruleText);
  const blocks = spec.split(/\n\s*\n|\n(?=\|)/).map((b) => b.toLowerCase());
  if (tokens.length > 0 && blocks.some((b) => tokens.every((t) => b.includes(t)))) return 'tokens';
  return undefined;
}

describe('the rule catalogue cites docs/spec/property-portfolio-api.md', () => {
  it('every rule cites the spec: a sentence word for word, its code tokens in one block, or its quote whole', () => {
    const uncited = RULES.filter((r) => citation(r.text, SPEC, r.quote) === undefined).map((r) => r.id);
    expect(uncited).toEqual([]);
  });

  it('a quote is given only where the text alone does not cite (so a quote never hides a drifted text)', () => {
    const needless = RULES.filter((r) => r.quote !== undefined && citation(r.text, SPEC) !== undefined).map(
      (r) => r.id,
    );
    expect(needless).toEqual([]);
  });

  it('most rules quote a sentence word for word', () => {
    const bySentence = RULES.filter((r) => citation(r.text, SPEC) === 'sentence').length;
    expect(bySentence / RULES.length).toBeGreaterThan(0.6);
  });

  it('the comparison ignores formatting but not words, and a table row cites by its tokens', () => {
    const spec =
      'Intro.\n\nA *revoked* key returns `401 REVOKED_KEY` and must not be retried.\n\n| GET | `/rent/{id}` | none | 200 | 404 |\n';
    expect(citation('a revoked key returns 401 REVOKED_KEY and must not be retried.', spec)).toBe('sentence');
    expect(citation('A revoked key returns `401 UNAUTHORIZED` and may be retried.', spec)).toBeUndefined();
    expect(citation('`GET /rent/{id}` answers `404` for an unknown id.', spec)).toBe('tokens');
    expect(citation('`GET /rent/{id}` answers `409` for a conflict.', spec)).toBeUndefined();
    expect(citation('Revoked keys are final.', spec, 'a revoked key returns `401 REVOKED_KEY`')).toBe('quote');
    expect(citation('Revoked keys are final.', spec, 'a revoked key returns `401 UNAUTHORIZED`')).toBeUndefined();
    expect(
      citation('`GET /rent/{id}` answers `404` for an unknown id.', spec, '| GET | `/rent/{id}` | none | 200 | 404 |'),
    ).toBe('quote');
  });
});
