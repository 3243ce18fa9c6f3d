// Every relative link in the repository's Markdown files points at a file or folder that exists (anchors and
// external URLs are not followed).
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

  it('finds inline and reference links, and skips URLs, anchors and code', () => {
    const md =
      'See [a](docs/a.md#x), [b](b%20c.md "t"), [u](https://x.y), [h](#top), `[c](code.md)`.\n\n```\n[d](fenced.md)\n```\n[ref]: ../e.md\n';
    expect(relativeLinks(md)).toEqual(['docs/a.md', 'b c.md', '../e.md']);
  });
});
