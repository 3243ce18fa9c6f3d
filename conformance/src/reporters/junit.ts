// JUnit XML: one <testsuite> per spec section (check group), one <testcase> per check. Expected failures are
// <skipped> so CI stays green on known deviations while still showing them.

import type { CheckResult, RunMeta } from '../model';
import { byGroup, summarize } from './summary';
import { escapeXml as x, escapeXmlAttr as a } from './xml';

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function failureBody(r: CheckResult): string {
  const lines = [`expected: ${r.expected ?? ''}`, `got: ${r.got ?? r.message}`, `rules: ${r.rules.join(', ')}`];
  if (r.seed !== undefined) lines.push(`seed: ${r.seed}`);
  if (r.path !== undefined) lines.push(`path: ${r.path}`);
  if (r.counterexample !== undefined) lines.push(`counterexample: ${r.counterexample}`);
  if (r.reproduction) lines.push('', 'reproduction:', r.reproduction);
  if (r.command) lines.push('', `rerun: ${r.command}`);
  return lines.join('\n');
}

function testcase(r: CheckResult): string {
  const open = `    <testcase classname="${a(r.group)}" name="${a(r.id)}" time="${seconds(r.durationMs)}">`;
  const level = r.level !== undefined ? `<property name="level" value="${a(r.level)}"/>` : '';
  const props = `\n      <properties><property name="title" value="${a(r.title)}"/><property name="rules" value="${a(r.rules.join(','))}"/>${level}</properties>`;
  let inner = '';
  if (r.status === 'skipped' || r.status === 'disabled')
    inner = `\n      <skipped message="${a(r.status === 'disabled' ? `disabled: ${r.message}` : r.message)}"/>`;
  else if (r.knownFlaky)
    inner = `\n      <skipped message="${a(`known flaky (baseline): ${r.knownFlaky.reason}; ${r.message}`)}"/>`;
  else if (r.status === 'error')
    inner = `\n      <error message="${a(r.message)}" type="SuiteError">${x(failureBody(r))}</error>`;
  else if (r.status === 'failed' && r.warning)
    inner = `\n      <system-out>${x(`warning (${r.level ?? 'SHOULD'}, not counted as a failure): ${r.message}`)}</system-out>`;
  else if (r.status === 'failed' && r.expectedFailure)
    inner = `\n      <skipped message="${a(`expected failure (baseline): ${r.expectedFailure.reason}; ${r.message}`)}"/>`;
  else if (r.status === 'failed')
    inner = `\n      <failure message="${a(r.message)}" type="CheckFailure">${x(failureBody(r))}</failure>`;
  else inner = `\n      <system-out>${x(r.message)}</system-out>`;
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
      `  <testsuite name="${a(group)}" tests="${rs.length}" failures="${s.failed}" errors="${s.errored}" skipped="${s.skipped + s.expectedFailures + s.disabled + s.flaky}" time="${seconds(rs.reduce((t, r) => t + r.durationMs, 0))}" timestamp="${a(meta.startedAt)}">`,
      `    <properties>${props}</properties>`,
      ...rs.map(testcase),
      '  </testsuite>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${a(meta.title)}" tests="${results.length}" failures="${total.failed}" errors="${total.errored}" skipped="${total.skipped + total.expectedFailures + total.disabled + total.flaky}" time="${seconds(time)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
