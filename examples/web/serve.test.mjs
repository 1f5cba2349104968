// serve.test.mjs: the viewer's static server serves the repository and its
// mounts, and nothing outside them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { request } from "node:http";

const here = dirname(fileURLToPath(import.meta.url));

// get sends a GET for a raw path (no URL normalisation) and returns the status.
function get(base, path, method = "GET") {
  const u = new URL(base);
  return new Promise((ok, no) => {
    const req = request({ host: u.hostname, port: u.port, path, method }, (res) => {
      res.resume();
      res.on("end", () => ok({ status: res.statusCode, type: res.headers["content-type"] }));
    });
    req.on("error", no);
    req.end();
  });
}

test("serve.mjs: the repository, a mount, and nothing else", async () => {
  const dir = mkdtempSync(join(tmpdir(), "pathtable-serve-"));
  writeFileSync(join(dir, "t.ptab"), "x");
  writeFileSync(join(dir, "one.ptab"), "y");
  const srv = spawn(process.execPath, [join(here, "serve.mjs"), "-mount", `/m=${dir}`, "-table", join(dir, "one.ptab")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const [base, page] = await new Promise((ok) => {
      let buf = "";
      srv.stdout.on("data", (d) => {
        buf += d;
        const m = /^(http:\/\/\S+)\n(\S+)\n/.exec(buf);
        if (m) ok([m[1], m[2]]);
      });
    });
    const cases = [
      ["/", 200],
      ["/examples/web/index.html", 200],
      ["/readers/js/pathtable.mjs", 200],
      ["/m/t.ptab", 200],
      ["/table/one.ptab", 200], // -table
      ["/table/t.ptab", 404], // only that file
      ["/table/", 404],
      ["/m/absent.ptab", 404],
      ["/examples/web/", 404], // no listings
      ["/../../etc/passwd", 404],
      ["/m/../../etc/passwd", 404],
      ["/m/%2e%2e/%2e%2e/etc/passwd", 404],
      ["/%2e%2e/%2e%2e/etc/passwd", 404],
      ["/bad%zz", 404],
      ["/a%00b", 404],
    ];
    for (const [path, want] of cases) {
      const r = await get(base, path);
      assert.equal(r.status, want, `GET ${path}`);
    }
    assert.equal(page, `${base}examples/web/index.html?table=/table/one.ptab`);
    assert.match((await get(base, "/readers/js/overlay.mjs")).type, /^text\/javascript/);
    assert.equal((await get(base, "/m/t.ptab")).type, "application/octet-stream");
    assert.equal((await get(base, "/", "HEAD")).status, 200);
    assert.equal((await get(base, "/", "POST")).status, 405);
  } finally {
    srv.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
