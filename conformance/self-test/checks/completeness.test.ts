// Registered implies self-tested implies run: every check the registry finds has a fault (or is marked as one no
// proxy can break, with the reason), every faults file names only checks its own module defines, and the shard
// files (shard-<n>.test.ts, generated from the registry) run every check's self-tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSetProblems } from '../../src/runner';
import { discoverCheckModules } from '../../src/runner/discover';
import { ALL_CHECKS, CHECK_MODULES, RECEIVER_CHECKS } from '../../src/registry';
import { RULES } from '../../src/rules';
import { CHECKS_DIR, collectSelfTests, FAULTS_DIR, faultsBaseOf, SELF_TESTS } from '../support/fault-registry';
import { SHARD_COUNT, shardFileText, shardOf } from '../support/shards';
import { checksOfShard } from '../support/shard-suite';

describe('check registry and self-test completeness', () => {
  it('the registry finds every check module under checks/ (not shared/ helpers, not faults files) with unique ids and catalogue rule ids', () => {
    expect(ALL_CHECKS.length).toBeGreaterThan(100);
    expect(CHECK_MODULES.map((m) => m.name).filter((n) => n.startsWith('shared/') || n.endsWith('.faults'))).toEqual(
      [],
    );
    expect(checkSetProblems(ALL_CHECKS, RULES)).toEqual([]);
  });

  it('the receiver checks (checks/receiver-tester-cases/) are registered beside them, with unique ids and catalogue rule ids', () => {
    expect(RECEIVER_CHECKS.length).toBeGreaterThan(60);
    expect(RECEIVER_CHECKS.every((c) => c.id.startsWith('receiver.'))).toBe(true);
    expect(checkSetProblems([...ALL_CHECKS, ...RECEIVER_CHECKS], RULES)).toEqual([]);
  });

  it('every check has a fault in the faults file beside its module, or is marked unbreakable with its reason', () => {
    const tested = SELF_TESTS.tests.filter((t) => t.faults.length + t.receiverFaults.length > 0).length;
    process.stdout.write(
      `self-tested checks: ${tested}/${SELF_TESTS.tests.length} (${SELF_TESTS.tests.filter((t) => t.unbreakable !== undefined).length} marked unbreakable)\n`,
    );
    expect(SELF_TESTS.problems).toEqual([]);
    expect(SELF_TESTS.tests.map((t) => t.check.id).sort()).toEqual(
      [...ALL_CHECKS, ...RECEIVER_CHECKS].map((c) => c.id).sort(),
    );
  });

  it('every faults file mirrors a check module (self-test/faults/<group>/<module>.faults.ts)', () => {
    const faultsFiles = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? faultsFiles(join(dir, e.name))
          : /\.faults\.ts$/.test(e.name)
            ? [join(dir, e.name).replace(/\.ts$/, '')]
            : [],
      );
    const modules = new Set(CHECK_MODULES.map((m) => faultsBaseOf(m.base)));
    expect(faultsFiles(FAULTS_DIR).filter((base) => !modules.has(base))).toEqual([]);
  });

  it('the shard files are exactly shard-1 … shard-N, each as generated, each non-empty, and together they run every check once', () => {
    const files = readdirSync(__dirname)
      .filter((f) => /^shard-.*\.test\.ts$/.test(f))
      .sort();
    const expected = Array.from({ length: SHARD_COUNT }, (_, i) => `shard-${i + 1}.test.ts`).sort();
    expect(files).toEqual(expected);
    for (let n = 1; n <= SHARD_COUNT; n++)
      expect(readFileSync(join(__dirname, `shard-${n}.test.ts`), 'utf8')).toBe(shardFileText(n));
    const perShard = Array.from({ length: SHARD_COUNT }, (_, i) =>
      (['reference', 'fresh', 'webhook', 'receiver-tester'] as const)
        .flatMap((h) => checksOfShard(i + 1, h))
        .map((c) => c.id),
    );
    expect(perShard.filter((ids) => ids.length === 0)).toEqual([]);
    expect(perShard.flat().sort()).toEqual([...ALL_CHECKS, ...RECEIVER_CHECKS].map((c) => c.id).sort());
    for (const t of SELF_TESTS.tests) expect(shardOf(t.check.id, t.harness)).toBeGreaterThanOrEqual(1);
  });

  // Probes: the rules above fail when they should.
  describe('fails when', () => {
    const base = (name: string): string => join(CHECKS_DIR, name);
    const module = (name: string, ids: readonly string[]) => ({
      name,
      base: base(name),
      checks: ALL_CHECKS.filter((c) => ids.includes(c.id)),
    });

    it('a check has no fault and no unbreakable reason', () => {
      const [first] = CHECK_MODULES;
      const fake = { ...first, base: join(CHECKS_DIR, 'no-such-module') };
      expect(collectSelfTests([fake]).problems.length).toBe(first.checks.length);
    });

    it('a faults file names a check its module does not define', () => {
      const access = CHECK_MODULES.find((m) => m.name === 'auth/access')!;
      const { problems } = collectSelfTests([
        module(
          'auth/access',
          access.checks.slice(1).map((c) => c.id),
        ),
      ]);
      expect(problems).toEqual([
        expect.stringContaining(`names ${access.checks[0].id}, which auth/access does not define`),
      ]);
    });

    it('two modules export the same check', () => {
      const [one] = ALL_CHECKS;
      expect(() => discoverCheckModules(join(CHECKS_DIR, 'auth'), () => ({ one }))).toThrow(/exported by both/);
    });
  });
});
