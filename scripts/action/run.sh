#!/usr/bin/env bash
# Action step "run": the suite against the target, JSON, JUnit and HTML reports into the report folder. Never
# fails the step itself: the exit status goes to $GITHUB_OUTPUT (exit-code) and the "verdict" step decides.
#   env: PPAPI_SUITE, GITHUB_OUTPUT, INPUT_TARGET, INPUT_BASE_URL, INPUT_ONLY, INPUT_SEED, INPUT_PROFILE,
#        INPUT_ARGS, INPUT_REPORT_DIR, INPUT_BASELINE
set -uo pipefail
mkdir -p "$INPUT_REPORT_DIR"
dir=$(cd "$INPUT_REPORT_DIR" && pwd)
json="$dir/conformance.json" junit="$dir/conformance.xml" html="$dir/conformance.html"
args=(--target "$(realpath "$INPUT_TARGET")" --profile "${INPUT_PROFILE:-quick}" --plain
  --report "json:$json" --report "junit:$junit" --report "html:$html")
[ -n "${INPUT_BASE_URL:-}" ] && args+=(--base-url "$INPUT_BASE_URL")
[ -n "${INPUT_ONLY:-}" ] && args+=(--only "$INPUT_ONLY")
[ -n "${INPUT_SEED:-}" ] && args+=(--seed "$INPUT_SEED")
[ -n "${INPUT_BASELINE:-}" ] && args+=(--baseline "$(realpath "$INPUT_BASELINE")")
# shellcheck disable=SC2206 # free-form extra options, split on spaces on purpose
[ -n "${INPUT_ARGS:-}" ] && args+=($INPUT_ARGS)
"$PPAPI_SUITE/node_modules/.bin/ppapi-conformance" "${args[@]}"
code=$?
{
  echo "exit-code=$code"
  echo "json-report=$json"
  echo "junit-report=$junit"
  echo "html-report=$html"
} >> "$GITHUB_OUTPUT"
exit 0
