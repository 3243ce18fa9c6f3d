#!/usr/bin/env bash
# Action step "receiver": starts (or stops) the mock webhook receiver on the runner, so the webhook checks run.
#   receiver.sh start   env: PPAPI_SUITE, RUNNER_TEMP, GITHUB_ENV, INPUT_RECEIVER_PORT (default 4000),
#                            INPUT_RECEIVER_PUBLIC_URL (where the deployment reaches the runner's port; default
#                            http://127.0.0.1:PORT, right only for a deployment on the runner itself)
#   receiver.sh stop    env: PPAPI_RECEIVER_PID
# start exports, for a target file to name as ${NAME}: PPAPI_RECEIVER_URL (register this as the subscription
# URL), PPAPI_RECEIVER_ADMIN_URL and PPAPI_RECEIVER_ADMIN_TOKEN (where and how the suite reads deliveries; the
# admin API stays on the runner), PPAPI_RECEIVER_SECRET (the signing secret), and PPAPI_RECEIVER_PID.
set -euo pipefail
case "${1:-}" in
  start)
    port=${INPUT_RECEIVER_PORT:-4000}
    public=${INPUT_RECEIVER_PUBLIC_URL:-http://127.0.0.1:$port}
    secret=$(node -p 'require("crypto").randomBytes(24).toString("base64url")')
    token=$(node -p 'require("crypto").randomBytes(24).toString("base64url")')
    # GitHub masks these in every later log line.
    if [ -n "${GITHUB_ACTIONS:-}" ]; then echo "::add-mask::$secret"; echo "::add-mask::$token"; fi
    log="$RUNNER_TEMP/ppapi-receiver.log"
    RECEIVER_ADMIN_TOKEN=$token WEBHOOK_SECRET=$secret setsid "$PPAPI_SUITE/node_modules/.bin/ppapi-receiver" \
      --host 0.0.0.0 --port "$port" > "$log" 2>&1 < /dev/null &
    pid=$!
    for _ in $(seq 1 60); do
      grep -q 'listening' "$log" && break
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
    grep -q 'listening' "$log" || { cat "$log"; echo "::error::the mock receiver did not start"; exit 1; }
    {
      echo "PPAPI_RECEIVER_URL=${public%/}/webhooks"
      echo "PPAPI_RECEIVER_ADMIN_URL=http://127.0.0.1:$port/_receiver"
      echo "PPAPI_RECEIVER_ADMIN_TOKEN=$token"
      echo "PPAPI_RECEIVER_SECRET=$secret"
      echo "PPAPI_RECEIVER_PID=$pid"
    } >> "$GITHUB_ENV"
    echo "mock receiver on port $port (pid $pid); the deployment delivers to ${public%/}/webhooks"
    ;;
  stop)
    if [ -n "${PPAPI_RECEIVER_PID:-}" ]; then
      kill -TERM -- "-$PPAPI_RECEIVER_PID" 2>/dev/null || kill -TERM "$PPAPI_RECEIVER_PID" 2>/dev/null || true
    fi
    ;;
  *)
    echo "usage: receiver.sh start|stop" >&2
    exit 2
    ;;
esac
