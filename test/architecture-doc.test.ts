// docs/architecture.md names folders and files; each must exist, so the page cannot go on describing a layout
// that has moved. A path (a token with a `/`) is looked up from the repository root, then from each package folder
// and the source folders the page's paragraphs speak from (`src/...`, `platform/...`, `shared/`, `support/...`).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const BASES = [
  '',
  ...['reference-server', 'conformance', 'webhook-receiver', 'spec-data'],
  ...['reference-server/src', 'reference-server/src/resources', 'conformance/src', 'conformance/src/checks'],
  'conformance/self-test',
];

/** Backticked tokens of the page that look like repository paths (a folder/ or a file with an extension). */
export function pathsNamed(markdown: string): string[] {
  const tokens = [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
  const paths = tokens
    .map((t) => t.replace(/[.,:;]+$/, ''))
    .filter((t) => /^[\w.-]+(\/[\w.<>*-]*)+$/.test(t))
    .filter((t) => !/[<>*]/.test(t) && !t.startsWith('@') && !t.startsWith('/') && !t.includes('://'));
  return [...new Set(paths)];
}

/** Folders a build or a run writes (git-ignored): named by the page, absent from a clone. */
const GENERATED = new Set(['dist', 'reports', 'coverage', 'node_modules']);

export function missingPaths(markdown: string, root = ROOT): string[] {
  return pathsNamed(markdown)
    .filter((p) => !GENERATED.has(p.split('/')[0]))
    .filter((p) => !BASES.some((base) => existsSync(join(root, base, p))));
}

describe('docs/architecture.md', () => {
  const page = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');

  it('names only folders and files that exist', () => {
    expect(pathsNamed(page).length).toBeGreaterThan(20);
    expect(missingPaths(page)).toEqual([]);
  });

  it('flags a folder that is gone, and reads a path out of its sentence', () => {
    expect(missingPaths('the layer `reference-server/src/invoices/` and `src/nowhere.ts`, then `docs/`.')).toEqual([
      'reference-server/src/invoices/',
      'src/nowhere.ts',
    ]);
    expect(pathsNamed('`npm test`, `@ppapi/spec`, `GET /properties`, `a.b`, `fields.ts`')).toEqual([]);
  });
});
