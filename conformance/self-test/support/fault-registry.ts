// The faults of every registered check, read from `self-test/faults/<group>/<module>.faults.ts`, which mirrors each check module of `src/checks/<group>/<module>.ts`. A faults
// module says how its faults run by the table it exports them in:
//   faults             against the shared reference server (raised rate limits, support/suite.ts);
//   freshServerFaults  each run against a fresh reference server with the spec's default per-landlord limits;
//   webhookFaults      with a mock receiver and a fake sender per run, on the system clock (support/webhook-suite.ts);
//   receiverFaults     receiver checks (checks/receiver-tester-cases/): a faulty receiver each (support/receiver-tester-suite.ts);
//   unbreakable        check id -> why no proxy can break it (then it has no fault, only its pass run).

import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Check } from '../../src/runner';
import type { CheckModule } from '../../src/runner/discover';
import { CHECK_MODULES } from '../../src/registry';
import type {
  FaultTable,
  ReceiverFaultTable,
  ReceiverSelfTest,
  SelfTest,
  WebhookFaultTable,
  WebhookSelfTest,
} from './self-test';

export type Harness = 'reference' | 'fresh' | 'webhook' | 'receiver-tester';

export interface FaultsModule {
  readonly faults?: FaultTable;
  readonly freshServerFaults?: FaultTable;
  readonly webhookFaults?: WebhookFaultTable;
  readonly receiverFaults?: ReceiverFaultTable;
  readonly unbreakable?: Readonly<Record<string, string>>;
}

export interface CheckSelfTests {
  readonly check: Check<unknown>;
  readonly module: string;
  readonly harness: Harness;
  readonly faults: readonly SelfTest[];
  /** Receiver checks: the faulty receivers they must fail against. */
  readonly receiverFaults: readonly ReceiverSelfTest[];
  /** Set when the module marks the check as one no proxy can break, with the reason. */
  readonly unbreakable?: string;
}

type TableName = 'faults' | 'freshServerFaults' | 'webhookFaults';

const TABLES: ReadonlyArray<readonly [TableName, Harness]> = [
  ['faults', 'reference'],
  ['freshServerFaults', 'fresh'],
  ['webhookFaults', 'webhook'],
];

/** The check modules' folder, and the folder their faults files mirror it in (tests only, never shipped). */
export const CHECKS_DIR = join(__dirname, '..', '..', 'src', 'checks');
export const FAULTS_DIR = join(__dirname, '..', 'faults');

/** Where the faults of a check module live: `self-test/faults/<group>/<module>.faults.ts`. */
export function faultsBaseOf(moduleBase: string): string {
  return `${join(FAULTS_DIR, relative(CHECKS_DIR, moduleBase))}.faults`;
}

export function loadFaultsModule(module: CheckModule): FaultsModule | undefined {
  const base = faultsBaseOf(module.base);
  if (!['.ts', '.js'].some((ext) => existsSync(`${base}${ext}`))) return undefined;
  return require(base) as FaultsModule;
}

/** The self-tests of every check of `modules`, and what is wrong with their faults files. */
export function collectSelfTests(modules: readonly CheckModule[]): {
  readonly tests: readonly CheckSelfTests[];
  readonly problems: readonly string[];
} {
  const tests: CheckSelfTests[] = [];
  const problems: string[] = [];
  for (const module of modules) {
    const faults = loadFaultsModule(module) ?? {};
    const defined = new Set(module.checks.map((c) => c.id));
    for (const table of [...TABLES.map(([t]) => t), 'receiverFaults'] as const) {
      for (const id of Object.keys(faults[table] ?? {}))
        if (!defined.has(id))
          problems.push(`${module.name}.faults: ${table} names ${id}, which ${module.name} does not define`);
    }
    for (const id of Object.keys(faults.unbreakable ?? {}))
      if (!defined.has(id))
        problems.push(`${module.name}.faults: unbreakable names ${id}, which ${module.name} does not define`);
    for (const check of module.checks) {
      const reason = faults.unbreakable?.[check.id];
      const receiverFaults = faults.receiverFaults?.[check.id] ?? [];
      if (check.context === 'receiver-tester') {
        if (TABLES.some(([table]) => (faults[table]?.[check.id] ?? []).length > 0))
          problems.push(`${check.id} is a receiver check: its faults go in receiverFaults`);
        if (receiverFaults.length === 0 && (reason === undefined || reason.trim().length < 10))
          problems.push(
            `${check.id} (${module.name}) has no faulty receiver in ${module.name}.faults.ts and is not marked unbreakable with a reason`,
          );
        tests.push({
          check,
          module: module.name,
          harness: 'receiver-tester',
          faults: [],
          receiverFaults,
          ...(reason !== undefined ? { unbreakable: reason } : {}),
        });
        continue;
      }
      if (receiverFaults.length > 0)
        problems.push(`${check.id} is not a receiver check: receiverFaults cannot hold its faults`);
      const found = TABLES.filter(([table]) => (faults[table]?.[check.id] ?? []).length > 0);
      if (found.length > 1)
        problems.push(`${check.id} has faults in more than one table (${found.map(([t]) => t).join(', ')})`);
      if (found.length === 0 && (reason === undefined || reason.trim().length < 10))
        problems.push(
          `${check.id} (${module.name}) has no fault in ${module.name}.faults.ts and is not marked unbreakable with a reason`,
        );
      const [table, harness]: readonly [TableName, Harness] = found[0] ?? [
        'faults',
        check.needs.includes('webhook') ? 'webhook' : 'reference',
      ];
      tests.push({
        check,
        module: module.name,
        harness,
        faults: faults[table]?.[check.id] ?? [],
        receiverFaults: [],
        ...(reason !== undefined ? { unbreakable: reason } : {}),
      });
    }
  }
  return { tests, problems };
}

export const SELF_TESTS = collectSelfTests(CHECK_MODULES);

/** The faults of one check (the webhook harness reads `broken` from them). */
export function faultsOf(check: Check<unknown>): readonly SelfTest[] {
  return SELF_TESTS.tests.find((t) => t.check.id === check.id)?.faults ?? [];
}

export function webhookFaultsOf(check: Check<unknown>): readonly WebhookSelfTest[] {
  return faultsOf(check).filter((f): f is WebhookSelfTest => 'broken' in f);
}

export function receiverFaultsOf(check: Check<unknown>): readonly ReceiverSelfTest[] {
  return SELF_TESTS.tests.find((t) => t.check.id === check.id)?.receiverFaults ?? [];
}
