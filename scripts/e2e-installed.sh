#!/usr/bin/env bash
# End to end, as a user runs it, from empty folders: the GitHub Action's install step (scripts/action/install.sh)
# packs @ppapi/spec, @ppapi/webhook-receiver and @ppapi/conformance and installs the tarballs with the PDF parser;
# @ppapi/reference-server is packed and installed from its tarball (with the spec's) in a folder of its own. The
# installed reference server runs on PostgreSQL + Redis + SMTP (scripts/services.sh, on free loopback ports of this
# run), the installed mock receiver with an admin token; the target file's every key, token, secret and address is
# "${NAME}", read from the environment. The installed suite runs through the action's run step
# (scripts/action/run.sh) and the job summary is rendered by
# its summary step (scripts/action/summary.sh). Asserted:
#   1. against the server: exit 0, the summary says passed, its counts are the JSON report's, no key in clear;
#   2. against the server behind a small proxy that drops X-Service-Mode from every answer (a deployment
#      breaking AUTH-3, "Every response carries X-Service-Mode"): exit 1, the summary says failed, its counts
#      are the JSON report's, and every failed check cites AUTH-3.
# Also: the receiver's admin API answers 401 without its token; a cold `ppapi-conformance --help` of the installed
# suite is measured (printed, never asserted: a shared runner's load decides it). Every process it starts runs in
# a process group of its own and is stopped at the end; everything listens on 127.0.0.1 only.
#
#   scripts/e2e-installed.sh [--only PATTERN] [--fail-only PATTERN] [--keep]
#     --only PATTERN       the passing run's selection (default: every check of the quick profile)
#     --fail-only PATTERN  the failing run's selection (default 'auth.*': the checks of the Authentication section)
#     --keep               keep the work folder (reports, logs, summaries) and print its path
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
only=
fail_only='auth.*'
keep=false
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only=$2; shift 2 ;;
    --fail-only) fail_only=$2; shift 2 ;;
    --keep) keep=true; shift ;;
    *) echo "usage: $0 [--only PATTERN] [--fail-only PATTERN] [--keep]" >&2; exit 2 ;;
  esac
done

work=$(mktemp -d /tmp/e2e-installed.XXXXXX)
# Apart, because PostgreSQL runs as its own user when this runs as root and must reach its folder.
svc=$(mktemp -d /tmp/e2e-services.XXXXXX)
started=$(date +%s)
pgroups=()
pg_port= redis_port= smtp_port= mail_api_port=
cleanup() {
  local pid
  for pid in "${pgroups[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  for pid in "${pgroups[@]}"; do wait "$pid" 2>/dev/null || true; done
  PG_PORT=$pg_port REDIS_PORT=$redis_port SMTP_PORT=$smtp_port MAIL_API_PORT=$mail_api_port \
    "$repo/scripts/services.sh" stop "$svc" 2>/dev/null || true
  rm -rf "$svc"
  if [ "$keep" = true ]; then echo "e2e-installed: kept $work"; else rm -rf "$work"; fi
  true
}
trap cleanup EXIT
phase() { echo "== [$(($(date +%s) - started))s] $*"; }
fail() { echo "e2e-installed: FAIL: $*" >&2; exit 1; }
free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
ms_now() { date +%s%3N; }
# Waits for PATTERN in LOG while PID lives (up to SECONDS); prints the log and fails when it never comes.
wait_for() { # pid log pattern seconds what
  local i
  for i in $(seq 1 $(($4 * 10))); do
    grep -q "$3" "$2" && return 0
    kill -0 "$1" 2>/dev/null || break
    sleep 0.1
  done
  grep -q "$3" "$2" || { cat "$2"; fail "$5 did not start"; }
}

phase "node $(node --version), npm $(npm --version); work folder $work"

phase "install the suite with the action's install step (spec + webhook-receiver + conformance + pdf-parse)"
runner="$work/runner"
mkdir -p "$runner" && : > "$runner/github.env"
RUNNER_TEMP="$runner" GITHUB_ENV="$runner/github.env" ACTION_PATH="$repo" INPUT_PDF_PARSER=true \
  bash "$repo/scripts/action/install.sh" | sed 's/^/   /'
suite=$(sed -n 's/^PPAPI_SUITE=//p' "$runner/github.env")
[ -x "$suite/node_modules/.bin/ppapi-conformance" ] || fail "the action's install step installed no ppapi-conformance"
[ -d "$suite/node_modules/pdf-parse" ] || fail "the action's install step installed no pdf-parse"
for compiler in typescript tsx; do
  [ -e "$suite/node_modules/$compiler" ] && fail "$compiler is installed with the suite"
done

phase "a cold ppapi-conformance --help of the installed suite (the first run after install, then 4 more)"
# Beside Node's own start (node -e 0) on this machine at this moment: on a shared runner both vary with the load.
help_ms=() node_ms=()
for _ in 1 2 3 4 5; do
  t0=$(ms_now)
  "$suite/node_modules/.bin/ppapi-conformance" --help > "$work/help.txt"
  t1=$(ms_now)
  node -e 0
  help_ms+=($((t1 - t0))) node_ms+=($(($(ms_now) - t1)))
done
head -n 1 "$work/help.txt" | grep -q '^Usage: ppapi-conformance' || fail "--help does not start with its usage line"
echo "   ppapi-conformance --help: cold ${help_ms[0]} ms, then ${help_ms[*]:1} ms; node -e 0: ${node_ms[*]} ms"

phase "pack the reference server; install it (with the spec's tarball the install step packed) into an empty folder"
npm pack --silent --workspace reference-server --pack-destination "$work" >/dev/null
ls -l "$suite"/tarballs/*.tgz "$work"/*.tgz | awk '{print "   " $5 " bytes  " $9}'
server_dir="$work/server"
mkdir -p "$server_dir"
(cd "$server_dir" && echo '{ "name": "e2e-server", "private": true }' > package.json &&
  npm install --no-audit --no-fund --loglevel=error "$suite"/tarballs/ppapi-spec-*.tgz \
    "$work"/ppapi-reference-server-*.tgz > /dev/null)
echo "   $("$server_dir/node_modules/.bin/ppapi-reference" --version)"

phase "start PostgreSQL, Redis and maildev on loopback ports of this run"
pg_port=$(free_port) redis_port=$(free_port) smtp_port=$(free_port) mail_api_port=$(free_port)
service_env=$(PG_PORT=$pg_port REDIS_PORT=$redis_port SMTP_PORT=$smtp_port MAIL_API_PORT=$mail_api_port \
  "$repo/scripts/services.sh" start "$svc") || { cat "$svc"/*.log; fail "the services did not start"; }
echo "$service_env" | sed 's/^/   /'
eval "$(echo "$service_env" | sed 's/^/export /')"

phase "start the installed mock receiver with an admin token"
receiver_secret=$(node -p 'require("crypto").randomBytes(24).toString("base64url")')
receiver_token=$(node -p 'require("crypto").randomBytes(24).toString("base64url")')
(cd "$suite" && exec setsid node_modules/.bin/ppapi-receiver --host 127.0.0.1 --port 0 \
  --secret "$receiver_secret" --admin-token "$receiver_token") > "$work/receiver.log" 2>&1 < /dev/null &
pgroups+=($!)
wait_for "$!" "$work/receiver.log" 'listening on http' 30 "the mock receiver"
receiver_origin=$(grep -o 'listening on http://[0-9.:]*' "$work/receiver.log" | head -1 | sed 's/listening on //')
echo "   $(head -n 3 "$work/receiver.log" | tr '\n' ' ')"
status=$(curl -s -o /dev/null -w '%{http_code}' "$receiver_origin/_receiver/deliveries")
[ "$status" = 401 ] || fail "the receiver's admin API answered $status without the token (401 expected)"
status=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $receiver_token" "$receiver_origin/_receiver/deliveries")
[ "$status" = 200 ] || fail "the receiver's admin API answered $status with the token (200 expected)"
echo "   admin API: 401 without the token, 200 with it"

phase "start the installed reference server on PostgreSQL + Redis + SMTP"
admin_token=$(node -p 'require("crypto").randomBytes(24).toString("base64url")')
# The short webhook timings the target declares, so the retry, timeout and scheduler checks run in the quick profile.
(cd "$server_dir" && HOST=127.0.0.1 PORT=0 ADMIN_TOKEN=$admin_token \
  URL_SIGNING_SECRET=$(node -p 'require("crypto").randomBytes(24).toString("base64url")') \
  WEBHOOK_RETRY_DELAYS=2,4 WEBHOOK_TIMEOUT_MS=6000 WEBHOOK_SCHEDULER_INTERVAL_MS=2000 \
  exec setsid node_modules/.bin/ppapi-reference) > "$work/server.log" 2>&1 < /dev/null &
pgroups+=($!)
wait_for "$!" "$work/server.log" 'listening on http' 120 "the reference server"
server_origin=$(grep -o 'listening on http://[0-9.:]*' "$work/server.log" | head -1 | sed 's/listening on //')
grep -m1 'listening on' "$work/server.log" | sed 's/^/   /'
grep -m1 "listening on" "$work/server.log" | grep -qF "(PostgreSQL, Redis)" || fail "the server does not say it runs on PostgreSQL and Redis"

phase "the failing deployment: the server behind a proxy that drops X-Service-Mode from every answer"
# A deployment breaking one rule, AUTH-3 ("Every response carries X-Service-Mode"); everything else passes through.
cat > "$work/drop-service-mode.js" << 'EOF'
const http = require('node:http');
const upstream = new URL(process.argv[2]);
const server = http.createServer((req, res) => {
  const out = http.request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      const headers = { ...answer.headers };
      delete headers['x-service-mode'];
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    },
  );
  out.on('error', () => res.destroy());
  req.pipe(out);
});
server.listen(0, '127.0.0.1', () => console.log(`proxy listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
EOF
setsid node "$work/drop-service-mode.js" "$server_origin" > "$work/proxy.log" 2>&1 < /dev/null &
pgroups+=($!)
wait_for "$!" "$work/proxy.log" 'listening on http' 30 "the proxy"
proxy_origin=$(grep -o 'listening on http://[0-9.:]*' "$work/proxy.log" | head -1 | sed 's/listening on //')
echo "   $proxy_origin -> $server_origin"

phase "a target file that names environment variables only"
target="$suite/target.json"
node - "$target" << 'EOF'
const env = (role) => '${PPAPI_KEY_' + role.replace(/[A-Z]/g, (c) => '_' + c).toUpperCase() + '}';
const roles = (names) => Object.fromEntries(names.map((r) => [r, env(r)]));
const target = {
  $schema: './node_modules/@ppapi/conformance/target.schema.json',
  baseUrl: '${PPAPI_BASE_URL}',
  keys: roles(['enterpriseLive', 'enterpriseReadOnly', 'enterpriseSandbox', 'portfolioLive', 'professional', 'revoked', 'otherLandlord']),
  extraKeys: roles(['rateLimit', 'essential', 'free', 'noSubscription', 'portfolioReadOnly', 'otherLandlordSandbox']),
  provisioning: { url: '${PPAPI_PROVISIONING_URL}', token: '${PPAPI_ADMIN_TOKEN}' },
  mail: { kind: 'maildev', url: '${PPAPI_MAIL_API_URL}' },
  webhooks: {
    receiverUrl: '${PPAPI_RECEIVER_URL}',
    receiverAdminUrl: '${PPAPI_RECEIVER_ADMIN_URL}',
    receiverAdminToken: '${PPAPI_RECEIVER_ADMIN_TOKEN}',
    secret: '${PPAPI_RECEIVER_SECRET}',
    retryDelaysSeconds: [2, 4],
    timeoutSeconds: 6,
    schedulerIntervalSeconds: 2,
  },
};
require('node:fs').writeFileSync(process.argv[2], JSON.stringify(target, null, 2) + '\n');
EOF
# Every string but $schema and mail.kind is exactly ${NAME}: no key, token, secret or address is written in the file.
node -e '
  const bad = [];
  const fixed = [".$schema", ".mail.kind"]; // where the schema is, and which kind of mail API (not a secret)
  const walk = (v, at) => typeof v === "string" ? (/^\$\{[A-Z0-9_]+\}$/.test(v) || fixed.includes(at) || bad.push(at))
    : v && typeof v === "object" ? Object.entries(v).forEach(([k, x]) => walk(x, at + "." + k)) : 0;
  walk(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")), "");
  if (bad.length) { console.error("literal values at " + bad.join(", ")); process.exit(1); }
' "$target" || fail "the target file holds literal values"
sed 's/^/   /' "$target" | head -n 12 && echo "   ..."

# The environment the target names: the fixture keys the server seeds (from the installed @ppapi/spec), the
# server's admin token, maildev's API, the receiver's addresses, token and secret.
eval "$(cd "$suite" && node -e '
  const keys = require("@ppapi/spec").FIXTURE_KEYS;
  for (const [role, key] of Object.entries(keys))
    console.log("export PPAPI_KEY_" + role.replace(/[A-Z]/g, (c) => "_" + c).toUpperCase() + "=" + key);
')"
export PPAPI_PROVISIONING_URL=$server_origin/provisioning/v1 PPAPI_ADMIN_TOKEN=$admin_token
export PPAPI_MAIL_API_URL=$MAIL_API_URL
export PPAPI_RECEIVER_URL=$receiver_origin/webhooks PPAPI_RECEIVER_ADMIN_URL=$receiver_origin/_receiver
export PPAPI_RECEIVER_ADMIN_TOKEN=$receiver_token PPAPI_RECEIVER_SECRET=$receiver_secret

# One run with the action's run and summary steps; asserts the verdict and that the summary's counts are the report's.
run_and_summarise() { # name base-url only expected-exit expected-headline
  local name=$1 dir="$work/$1" t0
  mkdir -p "$dir" && : > "$dir/github.output" && : > "$dir/summary.md"
  t0=$(date +%s)
  PPAPI_BASE_URL="$2/api/public/v1" PPAPI_SUITE="$suite" GITHUB_OUTPUT="$dir/github.output" INPUT_TARGET="$target" \
    INPUT_REPORT_DIR="$dir/reports" INPUT_PROFILE=quick INPUT_SEED=20261127 INPUT_ONLY="$3" \
    bash "$repo/scripts/action/run.sh" > "$dir/run.log" 2>&1
  local code json
  code=$(sed -n 's/^exit-code=//p' "$dir/github.output")
  json=$(sed -n 's/^json-report=//p' "$dir/github.output")
  echo "   $(tail -n 1 "$dir/run.log") (exit $code, $(($(date +%s) - t0)) s)"
  PPAPI_SUITE="$suite" GITHUB_STEP_SUMMARY="$dir/summary.md" JSON_REPORT="$json" EXIT_CODE="$code" \
    bash "$repo/scripts/action/summary.sh"
  echo "   job summary:"; sed -n '1,13p' "$dir/summary.md" | sed 's/^/   | /'
  [ "$code" = "$4" ] || { tail -n 40 "$dir/run.log"; fail "$name: ppapi-conformance exited $code ($4 expected)"; }
  head -n 1 "$dir/summary.md" | grep -qF "$5" || fail "$name: the job summary's headline does not say $5"
  grep -qF "exit status $code" "$dir/summary.md" || fail "$name: the job summary does not give exit status $code"
  # The summary's count row, column by column, against the JSON report's summary.
  node -e '
    const [md, json] = process.argv.slice(1).map((p) => require("fs").readFileSync(p, "utf8"));
    const report = JSON.parse(json).summary;
    const lines = md.split("\n");
    const at = lines.findIndex((l) => /^\| [a-z ]+ \|/.test(l) && /^\| ---/.test(lines[lines.indexOf(l) + 1] ?? ""));
    if (at < 0) { console.error("no count table"); process.exit(1); }
    const cells = (l) => l.split("|").slice(1, -1).map((c) => c.trim());
    const key = { "expected failures": "expectedFailures", "known flaky": "flaky" };
    const shown = Object.fromEntries(cells(lines[at]).map((h, i) => [key[h] ?? h, Number(cells(lines[at + 2])[i])]));
    // A column is left out only when its count is 0.
    const wrong = Object.entries(report).filter(([k, n]) => (k in shown ? shown[k] !== n : n !== 0));
    const extra = Object.keys(shown).filter((k) => !(k in report));
    if (wrong.length || extra.length) {
      console.error("summary " + JSON.stringify(shown) + " vs report " + JSON.stringify(report)); process.exit(1);
    }
    console.log("   counts: the summary shows " + JSON.stringify(shown) + ", the report has the same");
  ' "$dir/summary.md" "$json" || fail "$name: the job summary's counts are not the JSON report's"
  # Keys, tokens and secrets never appear in clear in reports, summary or log.
  local secret
  for secret in "$PPAPI_KEY_ENTERPRISE_LIVE" "$PPAPI_KEY_OTHER_LANDLORD" "$admin_token" "$receiver_token" "$receiver_secret"; do
    if grep -rqF -- "$secret" "$dir"; then fail "$name: a key or token appears in clear in $(grep -rlF -- "$secret" "$dir" | head -1)"; fi
  done
}

phase "run 1: the installed suite against the reference server (${only:-every check of the quick profile})"
run_and_summarise pass "$server_origin" "$only" 0 '✅ passed'

phase "run 2: the installed suite against the proxy that drops X-Service-Mode (--only ${fail_only})"
run_and_summarise fail "$proxy_origin" "$fail_only" 1 '❌ failed'
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const failed = r.checks.filter((c) => c.status === "failed");
  const other = failed.filter((c) => !c.rules.includes("AUTH-3"));
  if (failed.length === 0 || other.length) {
    console.error("failed checks: " + JSON.stringify(failed.map((c) => [c.id, c.rules]))); process.exit(1);
  }
  console.log("   failed, each citing AUTH-3: " + failed.map((c) => c.id).join(", "));
' "$(sed -n 's/^json-report=//p' "$work/fail/github.output")" || fail "run 2 failed checks that do not cite AUTH-3"

phase "e2e-installed: OK"
