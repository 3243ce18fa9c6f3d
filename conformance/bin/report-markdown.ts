// ppapi-report-markdown REPORT.json [TITLE]: the JSON report (interfaces.md "JSON report") as Markdown for a CI job
// page ($GITHUB_STEP_SUMMARY in action.yml). The rendering is src/reporters/markdown.ts, which sorts and counts the
// checks with the same code as the console and JUnit reports.
import { readFileSync } from 'node:fs';
import { readReport, renderMarkdownSummary } from '../src/reporters/markdown';
import { versionLine } from '../src/version';

export { readReport, renderMarkdownSummary } from '../src/reporters/markdown';

const USAGE = `usage: ppapi-report-markdown REPORT.json [TITLE]
  prints the JSON report of ppapi-conformance as Markdown (a CI job summary), to stdout
  --version   print the suite's name and version
  --help      this text
`;

/** The command: prints the Markdown of the report at argv[0] (title argv[1]); exit status 2 when it cannot. */
export function reportMarkdownCli(argv: readonly string[]): number {
  const [path, title] = argv;
  if (path === '--help' || path === '-h') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (path === '--version') {
    process.stdout.write(versionLine('ppapi-report-markdown'));
    return 0;
  }
  if (!path) {
    process.stderr.write(USAGE);
    return 2;
  }
  try {
    process.stdout.write(`${renderMarkdownSummary(readReport(JSON.parse(readFileSync(path, 'utf8'))), title)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`ppapi-report-markdown: ${path}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}
