// Every relative link in the repository's Markdown files points at a file or folder that exists (anchors and
// external URLs are not followed), and so does every path written as code (`scripts/pack-check.sh`) whose first
// folder is one of the repository's (or, in a package's README, one of the package's).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const SKIP = new Set(['node_modules', '.git', 'reports', 'coverage', '.tmp', 'data', 'dist']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (SKIP.has(entry)) return [];
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return entry.endsWith('.md') ? [path] : [];
  });
}

/** Relative link targets of a Markdown text: `[text](target)` and `[label]: target`, outside code. */
export function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const targets = [
    ...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
    ...prose.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm),
  ].map((m) => m[1]);
  return targets
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'))
    .map((t) => decodeURIComponent(t.split('#')[0]));
}

/** A code span that names a path: segments of path characters, at least one slash, no placeholder or glob. */
const PATH_SPAN = /^[A-Za-z0-9_.@-]+(?:\/[A-Za-z0-9_.@-]+)*\/?$/;
/** First folders that hold generated or example output, never files of the repository. */
const NOT_REPOSITORY = new Set([...SKIP, 'reports', 'node_modules', 'qa', 'tmp']);

/** Inline code spans outside fenced blocks that look like paths (`a/b.ts`, `docs/`). */
export function codePaths(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)]
    .map((m) => m[1])
    .filter((span) => span.includes('/') && PATH_SPAN.test(span) && !span.startsWith('.') && !span.includes('...'));
}

/** Where a path written in `file` may start: the file's folder, then the repository root. */
function codePathProblem(file: string, path: string): string | undefined {
  const first = path.split('/')[0];
  if (NOT_REPOSITORY.has(first)) return undefined;
  const bases = [dirname(file), ROOT].filter((base) => existsSync(join(base, first)));
  if (bases.length === 0) return undefined; // not a path of this repository (an example name)
  return bases.some((base) => existsSync(join(base, path))) ? undefined : path;
}

describe('Markdown links', () => {
  it('every relative link of every *.md resolves', () => {
    const broken: string[] = [];
    for (const file of markdownFiles(ROOT)) {
      for (const target of relativeLinks(readFileSync(file, 'utf8'))) {
        if (!existsSync(resolve(dirname(file), target))) broken.push(`${relative(ROOT, file)} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every path written as code resolves, from the file or from the repository root', () => {
    const broken: string[] = [];
    for (const file of markdownFiles(ROOT)) {
      for (const path of codePaths(readFileSync(file, 'utf8'))) {
        const problem = codePathProblem(file, path);
        if (problem !== undefined) broken.push(`${relative(ROOT, file)} → \`${problem}\``);
      }
    }
    expect(broken).toEqual([]);
  });

  it('takes paths from code spans, not from fences, URLs, globs or placeholders', () => {
    const md =
      'Run `scripts/pack-check.sh` and `npm test`; see `docs/`, `src/<group>/`, `checks/*.ts`, `/api/public/v1`, `https://x.y/z`.\n\n```\nfenced/path.ts\n```\n';
    expect(codePaths(md)).toEqual(['scripts/pack-check.sh', 'docs/']);
    expect(codePathProblem(join(ROOT, 'README.md'), 'scripts/pack-check.sh')).toBeUndefined();
    expect(codePathProblem(join(ROOT, 'README.md'), 'scripts/no-such-script.sh')).toBe('scripts/no-such-script.sh');
    expect(codePathProblem(join(ROOT, 'README.md'), 'reports/conformance.json')).toBeUndefined();
  });

  it('finds inline and reference links, and skips URLs, anchors and code', () => {
    const md =
      'See [a](docs/a.md#x), [b](b%20c.md "t"), [u](https://x.y), [h](#top), `[c](code.md)`.\n\n```\n[d](fenced.md)\n```\n[ref]: ../e.md\n';
    expect(relativeLinks(md)).toEqual(['docs/a.md', 'b c.md', '../e.md']);
  });
});
