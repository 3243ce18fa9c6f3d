// `--report FORMAT:PATH`, parsed apart from the renderers so the command line answers without loading them.

import type { ReportFormat, ReportSpec } from '../model';

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
