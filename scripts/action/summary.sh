#!/usr/bin/env bash
# Action step "summary": the JSON report as Markdown on the job page, rendered by the suite's own summary code
# (the verdict there is the exit status's); a run that wrote no report (exit 2) says so instead.
#   env: PPAPI_SUITE, GITHUB_STEP_SUMMARY, JSON_REPORT, EXIT_CODE
set -euo pipefail
if [ -f "$JSON_REPORT" ]; then
  "$PPAPI_SUITE/node_modules/.bin/ppapi-report-markdown" "$JSON_REPORT" >> "$GITHUB_STEP_SUMMARY"
else
  echo "## Property Portfolio API conformance: the suite could not run (exit $EXIT_CODE); see the step log" >> "$GITHUB_STEP_SUMMARY"
fi
