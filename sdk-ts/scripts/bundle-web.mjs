// The client as one ES module for the web client under /play (api/http/web/static/js/tabletop-arena-sdk.js):
// src/index.ts and openapi-fetch bundled by the pinned esbuild (package-lock.json), readable and
// unminified. The pages import it by a relative path: their Content-Security-Policy allows no inline
// script, so no import map. `make` writes it when a source is newer; tests/web/test_client_bundle.py
// builds it afresh and fails when the committed file differs.
//
//   node scripts/bundle-web.mjs [outfile]    (default: the web client's copy)

import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outfile = process.argv[2] ?? fileURLToPath(new URL("../../api/web/static/js/tabletop-arena-sdk.js", import.meta.url));

// openapi-fetch's licence (MIT) travels with the copy of it in the bundle.
const openapiFetch = JSON.parse(readFileSync(`${root}/node_modules/openapi-fetch/package.json`, "utf8"));
const licence = readFileSync(`${root}/node_modules/openapi-fetch/LICENSE`, "utf8").trim();

await build({
  absWorkingDir: root,
  entryPoints: ["src/index.ts"],
  outfile,
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  charset: "utf8",
  legalComments: "inline",
  logLevel: "warning",
  banner: {
    js: [
      "// Generated from sdk-ts/src (the TypeScript client) and openapi-fetch by sdk-ts/scripts/bundle-web.mjs",
      "// with the pinned esbuild: do not edit. `make` rebuilds it; tests/web/test_client_bundle.py checks it.",
      "//",
      `// It contains openapi-fetch ${openapiFetch.version}, under this licence:`,
      "/*!",
      ...licence.split("\n").map((line) => ` * ${line}`.trimEnd()),
      " */",
    ].join("\n"),
  },
});
