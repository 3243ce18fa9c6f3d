// No import cycle anywhere: every TypeScript file of the repository (tests, self-tests, scripts and tools
// included) and the relative imports between them, read by TypeScript's own scanner (so an import written
// inside a string, such as a generated file's text, is not one), searched for strongly connected components.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '..');
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'reports', 'coverage']);

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (SKIPPED.has(entry)) return [];
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return typeScriptFiles(path);
    return entry.endsWith('.ts') && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, join(base, 'index.ts')].find((c) => c.endsWith('.ts') && isFile(c));
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The import graph: each file and the files its relative imports (static, dynamic, require) resolve to. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map((i) => i.fileName)
        .filter((s) => s.startsWith('.'))
        .map((s) => resolveImport(file, s))
        .filter((t): t is string => t !== undefined);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The import cycles among the files (Tarjan's strongly connected components), each as sorted relative paths. */
export function importCycles(files: readonly string[], root = ROOT): string[][] {
  const graph = importGraph(files);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v) ?? 0);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v))
      cycles.push(component.map((f) => relative(root, f)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('import cycles', () => {
  it('no TypeScript file of the repository reaches itself through its imports', () => {
    const files = typeScriptFiles(ROOT);
    expect(files.length).toBeGreaterThan(100);
    expect(importCycles(files)).toEqual([]);
  });

  describe('the search can fail', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
      const files: Record<string, string> = {
        'a.ts': "import { b } from './b';\nexport const a = b;\n",
        'b.ts': "import type { C } from './c';\nexport const b = 1;\nexport type B = C;\n",
        'c.ts': "export type C = number;\nexport const later = () => import('./a');\n",
        'quoting.ts': "import { text } from './quoted';\nexport const quoting = text;\n",
        'quoted.ts': "export const text = `import { quoting } from './quoting';`;\n",
        'self.ts': "export * from './self';\n",
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('finds a cycle through a type import and a dynamic import, and a file importing itself', () => {
      const files = ['a.ts', 'b.ts', 'c.ts', 'quoting.ts', 'quoted.ts', 'self.ts'].map((f) => join(dir, f));
      expect(importCycles(files, dir).sort()).toEqual([['a.ts', 'b.ts', 'c.ts'], ['self.ts']]);
    });

    it('does not take an import written inside a string for one', () => {
      expect(importCycles([join(dir, 'quoting.ts'), join(dir, 'quoted.ts')], dir)).toEqual([]);
    });
  });
});
