// Serving the built playground on loopback and driving Debian's Chromium with playwright-core:
// shared by the end-to-end tests, the benchmark and the README's screenshots. No browser is
// ever downloaded: Chromium comes from the system (`apt-get install -y chromium`).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const APP_DIR = resolve(fileURLToPath(new URL("..", import.meta.url)));
export const DIST = join(APP_DIR, "dist");
export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".jsonl": "application/x-ndjson",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/**
 * Serves `root` (default: the built app) on 127.0.0.1, on a free port the system picks.
 * `extra` maps URL paths to files outside it (fixtures for a test). Resolves to { url, close }.
 */
export async function serve(root = DIST, extra = {}) {
  if (!existsSync(join(root, "index.html"))) throw new Error(`${root}/index.html is missing: build the playground first (pnpm build)`);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    let file = extra[path];
    if (!file) {
      const local = normalize(join(root, path === "/" ? "index.html" : path));
      if (local !== root && !local.startsWith(root + sep)) {
        res.writeHead(403).end();
        return;
      }
      file = local;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
    res.end(readFileSync(file));
  });
  await new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", ok);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/**
 * Debian's Chromium, headless, with a fresh profile in a temporary folder (removed on close) and
 * the flags that keep it off the network (this machine has none but loopback).
 */
export async function launch() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const profile = mkdtempSync(join(tmpdir(), "playground-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1360, height: 900 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
