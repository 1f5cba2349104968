// serve.mjs: a tiny static file server for the viewer, on localhost only.
//
//   node examples/web/serve.mjs [-port N] [-mount /PREFIX=DIR]... [-table FILE.ptab]
//
// Serves the repository root (two folders up from here), so the page at
// /examples/web/index.html can import /readers/js/*.mjs; each -mount serves
// DIR under /PREFIX/ too (the browser test mounts its freshly built
// tables); -table FILE serves that one file as /table/NAME and prints the
// page's URL for it on a second line. Port 0 (the default) picks a free
// one. Prints the base URL on its first line of stdout, then serves until
// killed. GET and HEAD only; no directory listings; nothing outside the
// served folders and files.
import { createServer } from "node:http";
import { createReadStream, statSync } from "node:fs";
import { resolve, join, extname, sep, dirname, basename } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");

const types = {
  ".html": "text/html; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".md": "text/plain; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
};

let port = 0;
const mounts = []; // [prefix, dir], longest prefix first
let table = ""; // -table: one file, served as /table/NAME
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "-port" && i + 1 < args.length) {
    port = Number(args[++i]);
    if (!Number.isInteger(port) || port < 0 || port > 65535) usage(`-port ${args[i]}: not a port`);
  } else if (a === "-table" && i + 1 < args.length) {
    table = resolve(args[++i]);
    try {
      if (!statSync(table).isFile()) usage(`-table ${args[i]}: not a file`);
    } catch (e) {
      usage(`-table ${args[i]}: ${e.code === "ENOENT" ? "no such file" : e.message}`);
    }
  } else if (a === "-mount" && i + 1 < args.length) {
    const m = /^(\/[A-Za-z0-9._-]+)=(.+)$/.exec(args[++i]);
    if (!m) usage(`-mount ${args[i]}: want /PREFIX=DIR`);
    mounts.push([m[1] + "/", resolve(m[2])]);
  } else {
    usage(`unknown argument ${a}`);
  }
}
mounts.sort((a, b) => b[0].length - a[0].length);

function usage(msg) {
  process.stderr.write(`serve.mjs: ${msg}\nusage: node examples/web/serve.mjs [-port N] [-mount /PREFIX=DIR]... [-table FILE.ptab]\n`);
  process.exit(2);
}

// file maps a URL path to a file inside a served folder, or null.
function file(urlPath) {
  let rel;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (rel.includes("\0")) return null;
  if (table && rel === `/table/${basename(table)}`) return table;
  let base = root;
  for (const [prefix, dir] of mounts) {
    if (rel.startsWith(prefix)) {
      base = dir;
      rel = rel.slice(prefix.length - 1);
      break;
    }
  }
  const p = resolve(join(base, rel));
  if (p !== base && !p.startsWith(base + sep)) return null;
  return p;
}

const server = createServer((req, res) => {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD" }).end();
    return;
  }
  let path = new URL(req.url, "http://localhost").pathname;
  if (path === "/") path = "/examples/web/index.html";
  const p = file(path);
  let st = null;
  try {
    st = p && statSync(p);
  } catch {
    st = null;
  }
  if (!st || !st.isFile()) {
    res.writeHead(404, { "content-type": "text/plain" }).end(`not found: ${path}\n`);
    return;
  }
  res.writeHead(200, {
    "content-type": types[extname(p)] || "application/octet-stream",
    "content-length": st.size,
    "cache-control": "no-store",
  });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(p).pipe(res);
});
server.listen(port, "127.0.0.1", () => {
  const base = `http://127.0.0.1:${server.address().port}/`;
  process.stdout.write(`${base}\n`);
  if (table) {
    process.stdout.write(`${base}examples/web/index.html?table=/table/${encodeURIComponent(basename(table))}\n`);
  }
});
