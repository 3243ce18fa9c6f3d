#!/usr/bin/env bash
# Installable on its own: packs @ppapi/spec, @ppapi/webhook-receiver and @ppapi/conformance, installs
# the tarballs into empty folders (nothing else from this repository), checks that none of the reference server's
# dependencies came with them, runs the installed bins, and prints the installed package count and size of each
# install beside the repository's.
#
#   scripts/pack-check.sh [--only PATTERN]    # default: the whole quick profile
#
# Against the reference server: a target file and base URL in PACK_CHECK_TARGET / PACK_CHECK_BASE_URL (a server you
# started, e.g. `npm run reference` and fixtures/reference-target.json); when unset, this script starts
# `npm run reference` from the repository on a free port and stops it at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
only=()
if [ "${1:-}" = "--only" ]; then only=(--only "$2"); fi
work=$(mktemp -d /tmp/pack-check.XXXXXX)
server_pid=
receiver_pid=
cleanup() {
  # Each runs in a process group of its own (setsid): npm, tsx and node below it stop together.
  if [ -n "$server_pid" ]; then kill -TERM -- "-$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null || true; fi
  if [ -n "$receiver_pid" ]; then kill -TERM -- "-$receiver_pid" 2>/dev/null; wait "$receiver_pid" 2>/dev/null || true; fi
  rm -rf "$work"
  true
}
trap cleanup EXIT
fail() { echo "pack-check: FAIL: $*" >&2; exit 1; }
measure() { # folder label
  local count size
  count=$(cd "$1" && npm ls --all --parseable 2>/dev/null | tail -n +2 | wc -l)
  size=$(du -sh "$1/node_modules" | cut -f1)
  printf '%-44s %6s packages %8s\n' "$2" "$count" "$size"
}

echo "== node $(node --version), npm $(npm --version)"
install_into() { # folder tarballs...
  local dir=$1; shift
  mkdir -p "$dir"
  (cd "$dir" && echo '{ "name": "pack-check", "private": true }' > package.json &&
    npm install --no-audit --no-fund --loglevel=error "$@" >/dev/null)
}

# The action's install step packs the three packages (each builds on `npm pack`); the receiver's install below
# takes its tarballs from there rather than packing and building them again.
echo "== install the suite (spec + webhook-receiver + conformance) with the GitHub Action's install step"
mkdir -p "$work/runner" && : > "$work/runner/github.env" && : > "$work/runner/summary.md"
RUNNER_TEMP="$work/runner" GITHUB_ENV="$work/runner/github.env" ACTION_PATH="$repo" INPUT_PDF_PARSER=false \
  bash "$repo/scripts/action/install.sh" | sed 's/^/   /'
suite=$(sed -n 's/^PPAPI_SUITE=//p' "$work/runner/github.env")
[ -x "$suite/node_modules/.bin/ppapi-conformance" ] || fail "the action's install step installed no ppapi-conformance"
ls -l "$suite"/tarballs/*.tgz | awk '{print "   " $5 " bytes  " $9}'
spec_tgz=$(ls "$suite"/tarballs/ppapi-spec-*.tgz)
receiver_tgz=$(ls "$suite"/tarballs/ppapi-webhook-receiver-*.tgz)

echo "== install the receiver alone (spec + webhook-receiver)"
install_into "$work/receiver" "$spec_tgz" "$receiver_tgz"

echo "== none of the reference server's dependencies are installed"
server_deps=$(node -e 'const p=require("./reference-server/package.json"); const mine=new Set(Object.keys({...require("./conformance/package.json").dependencies, ...require("./webhook-receiver/package.json").dependencies})); console.log(Object.keys(p.dependencies).filter(d=>!mine.has(d)&&!d.startsWith("@ppapi/")).join(" "))')
for dir in "$work/receiver" "$suite"; do
  for dep in $server_deps @ppapi/reference-server; do
    [ -e "$dir/node_modules/$dep" ] && fail "$dep was installed in $(basename "$dir")"
  done
done
echo "   absent: $server_deps @ppapi/reference-server"

cd "$suite"
echo "== ppapi-conformance --help"
npx --no-install ppapi-conformance --help | head -1
echo "== ppapi-conformance without --target: exit 2, one line naming --target and --base-url"
set +e
reason=$(npx --no-install ppapi-conformance --only 'auth.*' 2>&1 >/dev/null); status=$?
set -e
echo "   exit $status: $reason"
[ "$status" = 2 ] || fail "expected exit 2, got $status"
[ "$(printf '%s\n' "$reason" | wc -l)" = 1 ] || fail "expected one line on stderr"
case "$reason" in *--target*--base-url*) ;; *) fail "reason does not name --target and --base-url" ;; esac

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

target=${PACK_CHECK_TARGET:-$repo/fixtures/reference-target.json}
base_url=${PACK_CHECK_BASE_URL:-}
if [ -z "$base_url" ]; then
  port=$(free_port)
  echo "== start the reference server from the repository (npm run reference, port $port)"
  (cd "$repo" && PORT=$port exec setsid npm run -s reference) > "$work/reference.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 3000); do grep -q 'listening on' "$work/reference.log" && break; kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
  grep -q 'listening on' "$work/reference.log" || { cat "$work/reference.log"; fail "reference server did not start"; }
  base_url=http://127.0.0.1:$port/api/public/v1
fi
echo "== npx ppapi-conformance --target $target --base-url $base_url ${only[*]}"
set +e
npx --no-install ppapi-conformance --target "$target" --base-url "$base_url" --plain "${only[@]}" --report "json:$work/conformance.json" > "$work/conformance.log" 2>&1; status=$?
set -e
tail -n 3 "$work/conformance.log"
node -e 'const s=require(process.argv[1]).summary; console.log("   report: " + JSON.stringify(s))' "$work/conformance.json"
[ "$status" = 0 ] || fail "ppapi-conformance exited $status (see above)"

echo "== the GitHub Action's job summary of that run (scripts/action/summary.sh)"
PPAPI_SUITE="$suite" GITHUB_STEP_SUMMARY="$work/runner/summary.md" JSON_REPORT="$work/conformance.json" \
  EXIT_CODE="$status" bash "$repo/scripts/action/summary.sh"
head -n 3 "$work/runner/summary.md" | sed 's/^/   /'
head -n 1 "$work/runner/summary.md" | grep -q '✅ passed' || fail "the job summary of a run that exited 0 does not say passed"
grep -q "exit status $status" "$work/runner/summary.md" || fail "the job summary does not give exit status $status"
passed=$(node -p 'require(process.argv[1]).summary.passed' "$work/conformance.json")
grep -q "^| $passed |" "$work/runner/summary.md" || grep -q "| $passed |\$" "$work/runner/summary.md" ||
  fail "the job summary's counts do not show the report's $passed passed"

echo "== ppapi-receiver (installed alone) and ppapi-receiver-test (installed with the suite)"
rport=$(free_port)
(cd "$work/receiver" && exec setsid npx --no-install ppapi-receiver --port "$rport" --secret pack-check-secret) > "$work/receiver.log" 2>&1 &
receiver_pid=$!
for _ in $(seq 1 1200); do grep -q 'listening' "$work/receiver.log" && break; kill -0 "$receiver_pid" 2>/dev/null || break; sleep 0.1; done
grep -q 'listening' "$work/receiver.log" || { cat "$work/receiver.log"; fail "receiver did not start"; }
set +e
npx --no-install ppapi-receiver-test --url "http://127.0.0.1:$rport/webhooks" --secret pack-check-secret --seed 1 > "$work/receiver-test.log" 2>&1; status=$?
set -e
tail -n 2 "$work/receiver-test.log"
[ "$status" = 0 ] || { cat "$work/receiver-test.log"; fail "ppapi-receiver-test exited $status"; }

echo "== installed size (npm ls --all; du -sh node_modules)"
measure "$work/receiver" "@ppapi/webhook-receiver (+ spec)"
measure "$suite" "@ppapi/conformance (+ spec, webhook-receiver)"
echo "   largest in the suite's install:"; (cd "$suite/node_modules" && du -s -- * @*/* 2>/dev/null | sort -rn | head -4 | awk '{printf "     %6.1f MB  %s\n", $1/1024, $2}')
measure "$repo" "the whole repository"
echo "pack-check: OK"
