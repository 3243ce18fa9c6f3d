// HTML report: ONE self-contained file (inline CSS, no scripts, no external assets) for a person to read:
// summary, failures first (expected/got/curl), coverage by spec section with the rule texts, then every check.

import type { CheckResult, RunMeta } from '../model';
import type { Coverage, RuleCoverage } from '../runner/coverage';
import { baselineRemovableOf, comparisonOf, coverageOf, notConformanceOf, stringsOf } from './meta';
import { byGroup, failuresFirst, outcomeOf, summarize } from '../runner/summary';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
const h = escapeHtml;

const CSS = `
:root{--pass:#1a7f37;--fail:#cf222e;--skip:#9a6700;--xfail:#8250df;--muted:#57606a;--line:#d0d7de;--bg:#f6f8fa}
*{box-sizing:border-box}body{font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0 auto;max-width:1100px;padding:24px;color:#1f2328}
h1{margin:0 0 4px}h2{border-bottom:1px solid var(--line);padding-bottom:4px;margin-top:36px}h3{margin:0 0 6px;font-size:16px}
.meta{color:var(--muted);margin:0 0 16px}.cards{display:flex;gap:12px;flex-wrap:wrap}
.card{border:1px solid var(--line);border-radius:8px;padding:10px 16px;min-width:120px}.card b{display:block;font-size:26px}
.passed b,.st-passed{color:var(--pass)}.failed b,.st-failed{color:var(--fail)}.skipped b,.st-skipped{color:var(--skip)}.xfail b,.st-xfail{color:var(--xfail)}
.st-not-run,.st-no-check{color:var(--muted)}
article{border:1px solid var(--line);border-left:4px solid var(--fail);border-radius:6px;padding:12px 16px;margin:12px 0}
article.xfail{border-left-color:var(--xfail)}
dl{display:grid;grid-template-columns:130px 1fr;gap:4px 12px;margin:8px 0}dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
pre{background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:10px;overflow-x:auto;white-space:pre-wrap;word-break:break-all;font-size:13px}
code{font-size:13px}table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}
th{background:var(--bg)}td.num{text-align:right;white-space:nowrap}
.bar{background:var(--bg);border:1px solid var(--line);border-radius:4px;height:10px;width:160px;display:inline-block;vertical-align:middle}
.bar span{display:block;height:100%;background:var(--pass);border-radius:3px}
details{border:1px solid var(--line);border-radius:6px;margin:8px 0;padding:6px 12px}summary{cursor:pointer;font-weight:600}
.rule-text{color:#1f2328}.reason{color:var(--muted);font-size:13px}.uncovered{background:#fff8c5}
.rules{color:var(--muted);font-size:13px}nav a{margin-right:16px}
`;

/** The colour of a row, by its outcome (summary.ts decides the outcome). */
function statusClass(r: CheckResult): string {
  switch (outcomeOf(r)) {
    case 'flaky':
    case 'expectedFailure':
      return 'xfail';
    case 'warning':
      return 'skipped';
    case 'errored':
    case 'blocked':
      return 'failed';
    default:
      return r.status;
  }
}

function statusLabel(r: CheckResult): string {
  switch (outcomeOf(r)) {
    case 'flaky':
      return `${r.status} (known flaky)`;
    case 'expectedFailure':
      return 'expected failure';
    case 'warning':
      return 'warning';
    case 'blocked':
      return `blocked by ${r.blockedBy ?? '?'}`;
    default:
      return r.status;
  }
}

function failureArticle(r: CheckResult, ruleText: ReadonlyMap<string, string>): string {
  const rules = r.rules
    .map((id) => (ruleText.has(id) ? `<b>${h(id)}</b> ${h(ruleText.get(id) as string)}` : `<b>${h(id)}</b>`))
    .join('<br>');
  const rows: Array<[string, string]> = [
    ['Rules', rules],
    ['Expected', h(r.expected ?? r.message)],
    ['Got', h(r.got ?? '')],
  ];
  if (r.level !== undefined)
    rows.push(['Level', h(r.warning ? `${r.level} (warning: not counted as a failure)` : r.level)]);
  if (r.status === 'error')
    rows.push(['Outcome', 'error: the suite or the network broke; not a verdict on the deployment']);
  if (r.expectedFailure) rows.push(['Baseline reason', h(r.expectedFailure.reason)]);
  if (r.property !== undefined) rows.push(['Property', h(r.property)]);
  if (r.seed !== undefined) rows.push(['Seed', h(String(r.seed))]);
  if (r.path !== undefined) rows.push(['Path', `<code>${h(r.path)}</code>`]);
  if (r.counterexample !== undefined) rows.push(['Counterexample', `<code>${h(r.counterexample)}</code>`]);
  if (r.command !== undefined) rows.push(['Re-run', `<code>${h(r.command)}</code>`]);
  return `<article class="${statusClass(r)}" id="check-${h(r.id)}">
<h3>${h(r.id)} — ${h(r.title)}</h3>
<dl>${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>
${r.reproduction ? `<div>Reproduction</div><pre>${h(r.reproduction)}</pre>` : ''}
</article>`;
}

function ruleRow(rule: RuleCoverage): string {
  const checks = rule.checks
    .map((c) => `<span class="st-${c.status.replace(' ', '-')}">${h(c.id)} (${h(c.status)})</span>`)
    .join('<br>');
  const uncovered = rule.testable && rule.checks.length === 0;
  const status = rule.testable
    ? `<span class="st-${rule.status.replace(' ', '-')}">${h(rule.status)}</span>`
    : `not testable (${h(rule.class)})`;
  const reason = rule.notTestedReason ? `<div class="reason">${h(rule.notTestedReason)}</div>` : '';
  return `<tr${uncovered ? ' class="uncovered"' : ''}><td><b>${h(rule.id)}</b></td><td class="rule-text">${h(rule.text)}${reason}</td><td>${h(rule.class)}</td><td>${checks || (uncovered ? '<b>no check</b>' : '')}</td><td>${status}</td></tr>`;
}

function coverageSection(coverage: Coverage): string {
  const pct = (n: number, d: number): number => (d === 0 ? 0 : Math.round((n / d) * 1000) / 10);
  const overview = coverage.sections
    .map(
      (s) =>
        `<tr><td><a href="#sec-${h(slug(s.section))}">${h(s.section)}</a></td><td class="num">${s.covered}/${s.testable}</td><td><span class="bar"><span style="width:${pct(s.covered, s.testable)}%"></span></span> ${pct(s.covered, s.testable)}%</td></tr>`,
    )
    .join('\n');
  const details = coverage.sections
    .map(
      (
        s,
      ) => `<details id="sec-${h(slug(s.section))}"><summary>${h(s.section)} — ${s.covered}/${s.testable} testable rules covered</summary>
<table><thead><tr><th>Rule</th><th>Text</th><th>Class</th><th>Checks</th><th>Status</th></tr></thead><tbody>
${s.rules.map(ruleRow).join('\n')}
</tbody></table></details>`,
    )
    .join('\n');
  const unknown = coverage.unknownRules.length
    ? `<p class="st-failed">Checks cite rules the catalogue lacks: ${h(coverage.unknownRules.map((u) => `${u.check} → ${u.rule}`).join(', '))}</p>`
    : '';
  return `<section id="coverage"><h2>Coverage by spec section</h2>
<p>${coverage.covered}/${coverage.testable} testable rules have at least one check (${(coverage.figure * 100).toFixed(1)}%).</p>${unknown}
<table><thead><tr><th>Section</th><th>Covered/testable</th><th></th></tr></thead><tbody>
${overview}
</tbody></table>
${details}</section>`;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function allChecks(results: readonly CheckResult[]): string {
  return [...byGroup(results).entries()]
    .map(
      ([group, rs]) => `<h3>${h(group)}</h3>
<table><thead><tr><th>Status</th><th>Level</th><th>Check</th><th>Rules</th><th>Message</th><th class="num">ms</th></tr></thead><tbody>
${rs
  .map(
    (r) =>
      `<tr><td class="st-${statusClass(r)}">${h(statusLabel(r))}</td><td>${h(r.level ?? '')}</td><td>${r.status === 'failed' || r.status === 'error' ? `<a href="#check-${h(r.id)}">${h(r.id)}</a>` : h(r.id)}<div class="rules">${h(r.title)}</div></td><td class="rules">${h(r.rules.join(', '))}</td><td>${h(r.message)}</td><td class="num">${r.durationMs}</td></tr>`,
  )
  .join('\n')}
</tbody></table>`,
    )
    .join('\n');
}

export function renderHtml(results: readonly CheckResult[], meta: RunMeta): string {
  const s = summarize(results);
  const coverage = coverageOf(meta);
  const { failures, expected } = failuresFirst(results);
  const warnings = results.filter((r) => outcomeOf(r) === 'warning');
  const removable = baselineRemovableOf(meta);
  const comparison = comparisonOf(meta);
  // Failures quote the rules they break when the catalogue came along (coverage).
  const ruleText = new Map(
    (coverage?.sections ?? []).flatMap((sec) => sec.rules.map((rule) => [rule.id, rule.text] as const)),
  );
  const article = (r: CheckResult): string => failureArticle(r, ruleText);
  const facts = [
    meta.target !== undefined ? `target ${meta.target}` : undefined,
    meta.seed !== undefined ? `seed ${meta.seed}` : undefined,
    meta.profile !== undefined ? `profile ${meta.profile}` : undefined,
    `${meta.startedAt} → ${meta.finishedAt}`,
    typeof meta.suiteVersion === 'string' ? `suite ${meta.suiteVersion}` : undefined,
  ].filter((f): f is string => f !== undefined);
  const card = (cls: string, n: string, label: string): string =>
    `<div class="card ${cls}"><b>${h(n)}</b>${h(label)}</div>`;
  const notes: string[] = [];
  if (removable.length)
    notes.push(
      `<h3>Baseline entries that can be removed (the check passes now)</h3><ul>${removable.map((e) => `<li><b>${h(e.check)}</b> — ${h(e.reason)}</li>`).join('')}</ul>`,
    );
  const runFailures = [...stringsOf(meta, 'baselineStale'), ...stringsOf(meta, 'unstable')];
  if (runFailures.length)
    notes.push(
      `<h3>Why the run fails besides its checks</h3><ul>${runFailures.map((f) => `<li>${h(f)}</li>`).join('')}</ul>`,
    );
  if (comparison) {
    const changes = comparison.ruleChanges ?? [];
    notes.push(`<h3>Compared with ${h(comparison.previous)}</h3>
<p>Newly failing: ${comparison.newlyFailing.length ? h(comparison.newlyFailing.join(', ')) : 'none'}</p>
<p>Newly passing: ${comparison.newlyPassing.length ? h(comparison.newlyPassing.join(', ')) : 'none'}</p>
<p>Rules changed: ${changes.length ? h(changes.map((c) => `${c.rule} ${c.before} → ${c.now}`).join(', ')) : 'none'}</p>`);
  }
  const notConformance = notConformanceOf(meta);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${h(meta.title)}</title><style>${CSS}</style></head>
<body>
<header>${notConformance !== undefined ? `<p class="not-conformance" role="alert"><b>${h(notConformance)}</b></p>` : ''}<h1>${h(meta.title)}</h1><p class="meta">${facts.map(h).join(' · ')}</p>
<div class="cards">${card('passed', String(s.passed), 'passed')}${card('failed', String(s.failed), 'failed')}${card('skipped', String(s.skipped), 'skipped')}${s.expectedFailures ? card('xfail', String(s.expectedFailures), 'expected failures') : ''}${s.errored ? card('failed', String(s.errored), 'errors (suite or network)') : ''}${s.blocked ? card('failed', String(s.blocked), 'blocked') : ''}${s.flaky ? card('xfail', String(s.flaky), 'known flaky') : ''}${s.warnings ? card('skipped', String(s.warnings), 'warnings (SHOULD)') : ''}${s.disabled ? card('skipped', String(s.disabled), 'disabled') : ''}${coverage ? card('', `${(coverage.figure * 100).toFixed(1)}%`, `rule coverage (${coverage.covered}/${coverage.testable})`) : ''}</div>
</header>
<nav><p><a href="#failures">Failures</a>${coverage ? '<a href="#coverage">Coverage</a>' : ''}<a href="#checks">All checks</a></p></nav>
<section id="failures"><h2>Failures, errors and warnings (${failures.length + warnings.length})</h2>
${failures.length ? failures.map(article).join('\n') : '<p>No check failed.</p>'}
${warnings.map(article).join('\n')}
${expected.length ? `<h2>Expected failures (${expected.length})</h2>${expected.map(article).join('\n')}` : ''}
${notes.join('\n')}
</section>
${coverage ? coverageSection(coverage) : ''}
<section id="checks"><h2>All checks (${results.length})</h2>
${allChecks(results)}
</section>
</body></html>
`;
}
