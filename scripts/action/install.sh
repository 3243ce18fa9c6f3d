#!/usr/bin/env bash
# Action step "install": packs @ppapi/spec, @ppapi/webhook-receiver and @ppapi/conformance from the action's own
# sources and installs the tarballs into an empty folder, as a user installs them (none of the reference server's
# dependencies), plus the optional PDF parser so the invoice PDF checks compare text instead of noting it.
# Also run by scripts/pack-check.sh, so CI exercises the step the action runs.
#   env: ACTION_PATH (the repository; default: this script's), RUNNER_TEMP, GITHUB_ENV,
#        INPUT_PDF_PARSER (true|false, default true)
# Writes PPAPI_SUITE=<folder> to $GITHUB_ENV.
set -euo pipefail
action_path=${ACTION_PATH:-$(cd "$(dirname "$0")/../.." && pwd)}
suite="$RUNNER_TEMP/ppapi-conformance"
mkdir -p "$suite/tarballs"
(cd "$action_path" && npm pack --silent --workspace spec-data --workspace webhook-receiver --workspace conformance \
  --pack-destination "$suite/tarballs" >/dev/null)
cd "$suite"
echo '{ "name": "ppapi-conformance-action", "private": true }' > package.json
# Absolute paths: npm reads a bare "tarballs/x.tgz" as a GitHub repository.
packages=("$suite"/tarballs/*.tgz)
if [ "${INPUT_PDF_PARSER:-true}" = true ]; then
  # The exact version the suite declares as its optional peer.
  pdf=$(node -p 'require(process.argv[1]).peerDependencies["pdf-parse"]' "$action_path/conformance/package.json")
  packages+=("pdf-parse@$pdf")
fi
npm install --no-audit --no-fund --loglevel=error "${packages[@]}"
echo "PPAPI_SUITE=$suite" >> "$GITHUB_ENV"
echo "installed: $(node_modules/.bin/ppapi-conformance --version)"
