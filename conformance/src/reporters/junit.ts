// JUnit XML: one <testsuite> per spec section (check group), one <testcase> per check. Expected failures are
// <skipped> so CI stays green on known deviations while still showing them.

import type { CheckResult, RunMeta } from '../model';
import { byGroup, OUTCOMES, outcomeInfo, outcomeOf, summarize, type Outcome, type Summary } from '../runner/summary';
import { escapeXml as x, escapeXmlAttr as a } from './xml';

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/** failures="…" errors="…" skipped="…" of a suite: the counts of the outcomes each JUnit element stands for. */
function counts(s: Summary): string {
  const sum = (kind: string): number => OUTCOMES.filter((o) => o.junit === kind).reduce((n, o) => n + s[o.count], 0);
  return `failures="${sum('failure')}" errors="${sum('error')}" skipped="${sum('skipped')}"`;
}

function failureBody(r: CheckResult): string {
  const lines = [`expected: ${r.expected ?? ''}`, `got: ${r.got ?? r.message}`, `rules: ${r.rules.join(', ')}`];
  if (r.seed !== undefined) lines.push(`seed: ${r.seed}`);
  if (r.path !== undefined) lines.push(`path: ${r.path}`);
  if (r.counterexample !== undefined) lines.push(`counterexample: ${r.counterexample}`);
  if (r.reproduction) lines.push('', 'reproduction:', r.reproduction);
  if (r.command) lines.push('', `rerun: ${r.command}`);
  return lines.join('\n');
}

/** The message JUnit shows for an outcome that is not a plain pass or failure. */
function noteOf(r: CheckResult, outcome: Outcome): string {
  switch (outcome) {
    case 'disabled':
      return `disabled: ${r.message}`;
    case 'flaky':
      return `known flaky (baseline): ${r.knownFlaky?.reason ?? ''}; ${r.message}`;
    case 'expectedFailure':
      return `expected failure (baseline): ${r.expectedFailure?.reason ?? ''}; ${r.message}`;
    case 'warning':
      return `warning (${r.level ?? 'SHOULD'}, not counted as a failure): ${r.message}`;
    case 'blocked':
      return r.message;
    default:
      return r.message;
  }
}

/** One <testcase>, its element chosen by the outcome's `junit` kind (summary.ts). */
function testcase(r: CheckResult): string {
  const open = `    <testcase classname="${a(r.group)}" name="${a(r.id)}" time="${seconds(r.durationMs)}">`;
  const level = r.level !== undefined ? `<property name="level" value="${a(r.level)}"/>` : '';
  const props = `\n      <properties><property name="title" value="${a(r.title)}"/><property name="rules" value="${a(r.rules.join(','))}"/>${level}</properties>`;
  const outcome = outcomeOf(r);
  const note = noteOf(r, outcome);
  const inner = {
    skipped: `\n      <skipped message="${a(note)}"/>`,
    error: `\n      <error message="${a(note)}" type="SuiteError">${x(failureBody(r))}</error>`,
    failure: `\n      <failure message="${a(note)}" type="${outcome === 'blocked' ? 'Blocked' : 'CheckFailure'}">${x(failureBody(r))}</failure>`,
    note: `\n      <system-out>${x(note)}</system-out>`,
    pass: `\n      <system-out>${x(r.message)}</system-out>`,
  }[outcomeInfo(outcome).junit];
  return `${open}${props}${inner}\n    </testcase>`;
}

export function renderJUnit(results: readonly CheckResult[], meta: RunMeta): string {
  const total = summarize(results);
  const time = results.reduce((t, r) => t + r.durationMs, 0);
  const suites = [...byGroup(results).entries()].map(([group, rs]) => {
    const s = summarize(rs);
    const props = [
      ['seed', meta.seed],
      ['profile', meta.profile],
      ['target', meta.target],
      ['suiteVersion', meta.suiteVersion],
    ]
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `<property name="${a(String(k))}" value="${a(String(v))}"/>`)
      .join('');
    return [
      `  <testsuite name="${a(group)}" tests="${rs.length}" ${counts(s)} time="${seconds(rs.reduce((t, r) => t + r.durationMs, 0))}" timestamp="${a(meta.startedAt)}">`,
      `    <properties>${props}</properties>`,
      ...rs.map(testcase),
      '  </testsuite>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${a(meta.title)}" tests="${results.length}" ${counts(total)} time="${seconds(time)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
