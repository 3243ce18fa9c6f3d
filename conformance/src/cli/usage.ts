// --help text. Options of interfaces.md first (they are a public contract), ours after.

/** The text of --help, headed by the binary's own name. */
export function usage(bin: string): string {
  return `Usage: ${bin} [options]        (from a clone of the repository: npm run conformance -- [options])

Options of the public interface (interfaces.md):
  --target FILE           target file describing the deployment under test
                          (omitted: start the embedded reference server and aim at it)
  --base-url URL          override the target file's baseUrl
  --report FORMAT:PATH    write a report; FORMAT is json, junit, html, summary (the publishable
                          verdict) or badge (shields.io endpoint JSON); repeatable
                          (omitted without --target: reports/conformance.{json,xml,html})
  --only PATTERN          run only checks whose id or rule id matches the glob (* and ?,
                          case-insensitive); repeatable or comma-separated
  --seed N                seed for every property-based check (default: random, printed)
  --profile quick|full    quick (default) skips checks that must wait minutes

More options:
  --baseline FILE         known failures and flakes: { "knownFailing": [{ "check": "<check or rule id>",
                          "reason": "...", "issue": "<url>" }], "knownFlaky": [...] }; a known-failing
                          check that passes FAILS the run until its entry is removed; known-flaky
                          checks never fail it
  --strict                a failed SHOULD rule is a failure (default: a warning)
  --repeat N              run the selected checks N times; a check whose verdict changes fails the run
                          (unless known-flaky)
  --compare PREVIOUS.json print checks newly failing / newly passing and rules whose verdict changed
                          since that JSON report
  --rerun-failed REPORT.json
                          run only the checks that failed or errored in that JSON report, each with its seed
  --show-secrets          print API keys and tokens in full (default: svc_live_****1234)
  --list                  print the checks and their rules, then exit
  --coverage-md PATH      write rule coverage as a Markdown table
  --requirements-csv PATH write the requirements CSV (rule, section, class, checks, reason, text)
  --concurrency N         checks run at once (default 6; exclusive checks always run alone, last)
  --timeout MS            per-request timeout (default 15000)
  --plain                 plain PASS/FAIL/SKIP lines even in a terminal
  --version               print the suite's name and version
  --help                  this text

Exit status: 0 nothing failed and nothing errored (expected failures, known flakes and SHOULD warnings do
not count); 1 at least one check failed (or a stale baseline entry, or an unstable check under --repeat);
2 the suite could not run (bad option, unreadable target, unreachable target), reason on stderr;
3 nothing failed but a check errored (the suite or the network broke, after one retry).
`;
}

export const USAGE = usage('ppapi-conformance');
