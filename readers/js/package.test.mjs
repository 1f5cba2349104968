// The package: `npm pack` makes a tarball of the module, the overlay (in
// three files), their types and the README, and the package's entry points
// name files that exist.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { here } from "./testutil.mjs";

const pkg = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));

test("package.json: an ES module whose exports and types exist", async () => {
  assert.equal(pkg.type, "module");
  assert.equal(pkg.exports["."].import, "./pathtable.mjs");
  for (const f of [pkg.main, pkg.types, pkg.exports["."].types, pkg.exports["."].import, pkg.exports["./overlay"].types, pkg.exports["./overlay"].import, ...pkg.files]) assert.ok(existsSync(join(here, f)), f);
  const mod = await import(join(here, pkg.exports["."].import));
  for (const name of ["openTable", "PathTableError", "Table", "formatCost", "crc32c", "quote"]) assert.ok(name in mod, name);
  const dts = readFileSync(join(here, pkg.types), "utf8");
  for (const name of ["openTable", "PathTableError", "Table", "formatCost", "crc32c", "quote"]) assert.match(dts, new RegExp(`export (declare )?(function|class|interface) ${name}\\b`), name);
});

test("npm pack packs the reader, the overlay, their types and docs, and package.json", (t) => {
  const r = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: here, encoding: "utf8" });
  if (r.error && r.error.code === "ENOENT") return t.skip("npm is not installed");
  assert.equal(r.status, 0, r.stderr);
  const [info] = JSON.parse(r.stdout);
  assert.equal(info.name, "@pathtable/reader");
  assert.deepEqual(info.files.map((f) => f.path).sort(), ["OVERLAY.md", "README.md", "overlay-across.mjs", "overlay-search.mjs", "overlay.d.ts", "overlay.mjs", "package.json", "pathtable.d.ts", "pathtable.mjs"]);
});
