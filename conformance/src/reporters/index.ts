// One result model, three writers. `writeReports` is shared with the webhook receiver tester.

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CheckResult, ReportFormat, RunMeta, WriteReports } from '../model';
import { renderHtml } from './html';
import { renderJson } from './json';
import { renderJUnit } from './junit';
import { renderBadge, renderPublishedSummary } from './publish';
import { SUITE_VERSION } from '../version';
export { parseReportSpec, REPORT_FORMATS } from './report-spec';

export const RENDERERS: Readonly<Record<ReportFormat, (results: readonly CheckResult[], meta: RunMeta) => string>> = {
  json: renderJson,
  junit: renderJUnit,
  html: renderHtml,
  summary: renderPublishedSummary,
  badge: renderBadge,
};

/** Every report says which suite wrote it (the conformance run and the receiver tester alike). */
export const writeReports: WriteReports = async (results, specs, meta) => {
  const stamped: RunMeta = { ...meta, suiteVersion: SUITE_VERSION };
  for (const spec of specs) {
    await mkdir(dirname(spec.path), { recursive: true });
    await writeFile(spec.path, RENDERERS[spec.format](results, stamped), 'utf8');
  }
};

export { renderHtml, escapeHtml } from './html';
export { renderJson, toJsonReport } from './json';
export { renderJUnit } from './junit';
export { renderCoverageMarkdown } from './coverage-md';
export { escapeXml, escapeXmlAttr } from './xml';
export {
  summarize,
  summaryLine,
  outcomeOf,
  runVerdict,
  OUTCOMES,
  type Outcome,
  type OutcomeFields,
  type RunVerdict,
  type Summary,
} from '../runner/summary';
export { readReport, renderMarkdownSummary, type ReadReport } from './markdown';
export { ConsoleReporter, planOf, plainLine, failureDetails, type ConsoleOptions, type RunPlan } from './console';
export type { ConformanceMeta, BaselineNote, ComparisonNote } from './meta';
export { SPEC_VERSION } from './meta';
export {
  toPublishedSummary,
  toBadge,
  verdictOf,
  renderPublishedSummary,
  renderBadge,
  type PublishedSummary,
  type Badge,
  type Verdict,
} from './publish';
