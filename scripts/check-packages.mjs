#!/usr/bin/env node
// Checks what each published package would ship, on the tarball itself (as in dubzzz/fast-check):
// `pnpm pack` (the same packing `pnpm publish` does, so `workspace:^` is already rewritten),
// then `publint --strict`, then `attw --profile esm-only` (the packages are ESM-only: CommonJS
// `require` is not supported, every other resolution must find the types), and the manifest
// must carry no `workspace:`/`catalog:` range and ship a README.
//
// Usage: node scripts/check-packages.mjs [@succ/name ...]   (all public packages by default)
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const bin = (name) => join(root, "node_modules", ".bin", name);

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0" } });
  if (result.error) throw result.error;
  return { code: result.status ?? 1, output: `${result.stdout}${result.stderr}`.trim() };
}

/** `run`, without blocking: the packages are checked a few at a time. */
function runAsync(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, FORCE_COLOR: "0" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (d) => (output += d));
    child.stderr.setEncoding("utf8").on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output: output.trim() }));
  });
}

function publicPackages() {
  const dir = join(root, "packages");
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((pkgDir) => existsSync(join(pkgDir, "package.json")))
    .map((pkgDir) => ({ dir: pkgDir, manifest: JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) }))
    .filter(({ manifest }) => manifest.private !== true)
    .sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));
}

/** Problems with the packed manifest that neither publint nor attw looks for. */
function manifestProblems(tarball) {
  const listing = run("tar", ["-tzf", tarball], root);
  const packed = run("tar", ["-xzOf", tarball, "package/package.json"], root);
  if (listing.code !== 0 || packed.code !== 0) return [`cannot read ${tarball}: ${listing.output}${packed.output}`];
  const problems = [];
  const manifest = JSON.parse(packed.output);
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
      if (/^(workspace|catalog|link|file):/.test(range)) problems.push(`${field}.${dep} is "${range}" in the tarball`);
    }
  }
  if (!listing.output.split("\n").includes("package/README.md")) problems.push("no README.md in the tarball");
  return problems;
}

async function checkPackage({ dir, manifest }, packDir) {
  const label = `${manifest.name}@${manifest.version}`;
  const failures = [];
  const pack = await runAsync("pnpm", ["pack", "--pack-destination", packDir], dir);
  const tarballs = readdirSync(packDir).filter((f) => f.endsWith(".tgz"));
  if (pack.code !== 0 || tarballs.length !== 1) {
    return { label, failures: [`pnpm pack failed (exit ${pack.code}):\n${pack.output}`] };
  }
  const tarball = join(packDir, tarballs[0]);
  for (const problem of manifestProblems(tarball)) failures.push(`manifest: ${problem}`);
  const publint = await runAsync(bin("publint"), ["run", "--strict", tarball], root);
  if (publint.code !== 0) failures.push(`publint --strict (exit ${publint.code}):\n${publint.output}`);
  const attw = await runAsync(bin("attw"), [tarball, "--profile", "esm-only", "--no-color", "--no-emoji"], root);
  if (attw.code !== 0) failures.push(`attw --profile esm-only (exit ${attw.code}):\n${attw.output}`);
  return { label, failures };
}

const wanted = process.argv.slice(2);
const packages = publicPackages().filter(({ manifest }) => wanted.length === 0 || wanted.includes(manifest.name));
if (packages.length === 0) {
  console.error(`check-packages: no public package matches ${wanted.join(", ")}`);
  process.exit(2);
}

// One package a core at a time (attw loads TypeScript: seconds each); the report in name order.
const checked = [];
const queue = [...packages];
const worker = async () => {
  for (let pkg = queue.shift(); pkg !== undefined; pkg = queue.shift()) {
    const packDir = mkdtempSync(join(tmpdir(), "succ-check-"));
    try {
      checked[packages.indexOf(pkg)] = await checkPackage(pkg, packDir);
    } finally {
      rmSync(packDir, { recursive: true, force: true });
    }
  }
};
await Promise.all(Array.from({ length: Math.min(availableParallelism(), packages.length) }, worker));
let failed = 0;
for (const { label, failures } of checked) {
  if (failures.length === 0) {
    console.error(`ok   ${label}: publint --strict clean, attw (esm-only) clean, real ranges, README`);
  } else {
    failed += 1;
    console.error(`FAIL ${label}`);
    for (const failure of failures) console.error(`  ${failure.replaceAll("\n", "\n    ")}`);
  }
}
console.error(`check-packages: ${packages.length - failed} of ${packages.length} packages ready to publish`);
process.exit(failed === 0 ? 0 : 1);
