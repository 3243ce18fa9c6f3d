// One result model, three writers. `writeReports` is shared with the webhook receiver tester.

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CheckResult, ReportFormat, ReportSpec, RunMeta, WriteReports } from '../model';
import { renderHtml } from './html';
import { renderJson } from './json';
import { renderJUnit } from './junit';
import { renderBadge, renderPublishedSummary } from './publish';

export const RENDERERS: Readonly<Record<ReportFormat, (results: readonly CheckResult[], meta: RunMeta) => string>> = {
  json: renderJson,
  junit: renderJUnit,
  html: renderHtml,
  summary: renderPublishedSummary,
  badge: renderBadge,
};

export const REPORT_FORMATS: readonly ReportFormat[] = ['json', 'junit', 'html', 'summary', 'badge'];

/** Parses `FORMAT:PATH` (the --report option); throws with a one-line reason. */
export function parseReportSpec(text: string): ReportSpec {
  const colon = text.indexOf(':');
  const format = colon < 0 ? text : text.slice(0, colon);
  const path = colon < 0 ? '' : text.slice(colon + 1);
  if (!(REPORT_FORMATS as readonly string[]).includes(format))
    throw new Error(`--report ${text}: FORMAT must be ${REPORT_FORMATS.join(', ')}`);
  if (path.length === 0) throw new Error(`--report ${text}: PATH is missing (FORMAT:PATH)`);
  return { format: format as ReportFormat, path };
}

export const writeReports: WriteReports = async (results, specs, meta) => {
  for (const spec of specs) {
    await mkdir(dirname(spec.path), { recursive: true });
    await writeFile(spec.path, RENDERERS[spec.format](results, meta), 'utf8');
  }
};

export { renderHtml, escapeHtml } from './html';
export { renderJson, toJsonReport } from './json';
export { renderJUnit } from './junit';
export { renderCoverageMarkdown } from './coverage-md';
export { escapeXml, escapeXmlAttr } from './xml';
export { summarize, summaryLine, type Summary } from './summary';
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
