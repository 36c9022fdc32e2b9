#!/usr/bin/env bash
# Regenerates the OpenAPI spec (openapi/openapi.json) from the app, the Python SDK (sdk/arena_client)
# from the spec with the pinned openapi-python-client, and the TypeScript client's types
# (sdk-ts/src/generated/openapi.ts) with the pinned openapi-typescript (sdk-ts's lock file; make
# installs it), and the web client's copy of the TypeScript client (api/http/web/static/js/tabletop-arena-sdk.js,
# one ES module bundled from sdk-ts/src by the pinned esbuild). With --check, writes nothing and fails
# if any committed file differs from what would be generated.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.venv/bin
export PATH="$PWD/$bin:$PATH"   # the generator's post hooks run the pinned ruff

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

arena openapi --output "$work/openapi.json"
python -c "import json, sys; from openapi_spec_validator import validate; validate(json.load(open(sys.argv[1])))" "$work/openapi.json"
# sdk/templates overrides two of the generator's templates: typed context-manager exits in
# client.py, and deprecated aliases of former model names in models/__init__.py.
(cd sdk && openapi-python-client generate --path "$work/openapi.json" --meta none \
    --output-path "$work/arena_client" --config generator-config.yaml --custom-template-path templates \
    --overwrite >/dev/null)
# PEP 561: the client is typed. The generator writes py.typed only with its packaging metadata
# (--meta other than none), which this repository does not use, so write it here.
printf '# Marker file for PEP 561\n' > "$work/arena_client/py.typed"
openapi_typescript=sdk-ts/node_modules/.bin/openapi-typescript
[[ -x $openapi_typescript ]] || { echo "$openapi_typescript is missing: run make (npm ci in sdk-ts)" >&2; exit 1; }
"$openapi_typescript" "$work/openapi.json" --output "$work/openapi.ts" >"$work/openapi-typescript.log" 2>&1 || {
    cat "$work/openapi-typescript.log" >&2; exit 1; }
# The bundle is made from the types just generated (src/generated/openapi.ts holds types only, so
# the committed ones give the same module).
web_client=api/http/web/static/js/tabletop-arena-sdk.js
(cd sdk-ts && node scripts/bundle-web.mjs "$work/tabletop-arena-sdk.js")

if [[ "${1:-}" == "--check" ]]; then
    status=0
    # the SDK's sync face is written from its asyncio face (sdk/scripts/unasync.py)
    python sdk/scripts/unasync.py --check || status=1
    # both SDKs' typed events are written from sdk/events.json (sdk/scripts/generate_events.py)
    python sdk/scripts/generate_events.py --check || status=1
    diff -u openapi/openapi.json "$work/openapi.json" >/dev/null || {
        echo "openapi/openapi.json is out of date: run scripts/generate.sh" >&2; status=1; }
    diff -r -q sdk/arena_client "$work/arena_client" -x __pycache__ >/dev/null || {
        echo "sdk/arena_client is out of date: run scripts/generate.sh" >&2; status=1; }
    diff -q sdk-ts/src/generated/openapi.ts "$work/openapi.ts" >/dev/null || {
        echo "sdk-ts/src/generated/openapi.ts is out of date: run scripts/generate.sh" >&2; status=1; }
    diff -q "$web_client" "$work/tabletop-arena-sdk.js" >/dev/null || {
        echo "$web_client is out of date: run scripts/generate.sh" >&2; status=1; }
    exit $status
fi

cp "$work/openapi.json" openapi/openapi.json
rm -rf sdk/arena_client
cp -r "$work/arena_client" sdk/arena_client
cp "$work/openapi.ts" sdk-ts/src/generated/openapi.ts
cp "$work/tabletop-arena-sdk.js" "$web_client"
python sdk/scripts/unasync.py
python sdk/scripts/generate_events.py
echo "regenerated openapi/openapi.json, sdk/arena_client, sdk/arena_sdk/_sync, sdk-ts/src/generated/openapi.ts and $web_client"
