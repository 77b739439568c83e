import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { run } from "./exec";
import { assertLoopback } from "./loopback";
import { publicPackages } from "./workspace";

/** How many third-party packages are published at once. */
const PUBLISH_CONCURRENCY = 4;

interface Installed {
  name: string;
  version: string;
  dir: string;
}

/** Node's lookup: the nearest node_modules/<name> above `fromDir`, followed to its real path. */
function resolveInstalled(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The third-party packages that the published @succ packages need at run time, as installed in
 * the checkout at `root` (so the exact versions the workspace was tested with), with their own
 * dependencies. Optional peers are left out: npm does not install them.
 */
export function thirdPartyClosure(root: string): Installed[] {
  const ours = new Set(publicPackages(root).map((pkg) => pkg.name));
  const found = new Map<string, Installed>();
  const visit = (name: string, fromDir: string, optional: boolean) => {
    const dir = resolveInstalled(name, fromDir);
    if (dir === undefined) {
      if (optional) return;
      throw new Error(`${name} (needed by ${fromDir}) is not installed`);
    }
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, Record<string, string> | string | undefined>;
    const key = `${manifest.name}@${manifest.version}`;
    if (found.has(key)) return;
    found.set(key, { name: String(manifest.name), version: String(manifest.version), dir });
    const meta = (manifest.peerDependenciesMeta ?? {}) as unknown as Record<string, { optional?: boolean }>;
    for (const dep of Object.keys((manifest.dependencies ?? {}) as Record<string, string>)) visit(dep, dir, false);
    for (const dep of Object.keys((manifest.optionalDependencies ?? {}) as Record<string, string>)) visit(dep, dir, true);
    for (const dep of Object.keys((manifest.peerDependencies ?? {}) as Record<string, string>)) {
      if (meta[dep]?.optional !== true) visit(dep, dir, false);
    }
  };
  for (const pkg of publicPackages(root)) {
    for (const dep of Object.keys(pkg.dependencies)) {
      if (!ours.has(dep)) visit(dep, pkg.dir, false);
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The package's folder, or a copy of it (node_modules left out) whose manifest has no publishConfig. */
function withoutPublishConfig(pkg: Installed, stagingDir: string): string {
  const manifest = JSON.parse(readFileSync(join(pkg.dir, "package.json"), "utf8")) as Record<string, unknown>;
  if (manifest.publishConfig === undefined) return pkg.dir;
  const copy = join(stagingDir, `${pkg.name.replace("/", "+")}-${pkg.version}`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(pkg.dir, copy, { recursive: true, filter: (source) => !source.slice(pkg.dir.length).split(/[\\/]/).includes("node_modules") });
  delete manifest.publishConfig;
  writeFileSync(join(copy, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return copy;
}

/**
 * Publishes the third-party closure into the local registry: the registry has no uplink, and
 * consumers install with `--registry` pointing at it alone. Each tarball is made with tar from
 * the installed files (what the npm registry served), not with `npm pack`, which refuses
 * packages whose `devEngines` name another package manager (pure-rand names pnpm 11).
 * A package with a `publishConfig` (hono and @hono/node-server name the npm registry and ask
 * for provenance) is packed from a copy without it: npm would otherwise publish to the registry
 * it names, whatever `--registry` says, and never to the local one.
 */
export async function seedThirdParty(root: string, registryUrl: string, workDir: string, env: NodeJS.ProcessEnv): Promise<Installed[]> {
  assertLoopback(registryUrl);
  mkdirSync(workDir, { recursive: true });
  const closure = thirdPartyClosure(root);
  const publish = async (pkg: Installed) => {
    const tarball = join(workDir, `${pkg.name.replace("/", "+")}-${pkg.version}.tgz`);
    const dir = withoutPublishConfig(pkg, join(workDir, "staging"));
    const base = basename(dir);
    await run("tar", ["-czf", tarball, "--exclude", `${base}/node_modules`, "-C", dirname(dir), `--transform=s|^${base}|package|`, base], {
      cwd: workDir,
      env,
    });
    await run("npm", ["publish", tarball, "--registry", registryUrl, "--ignore-scripts", "--tag", "latest"], {
      cwd: workDir,
      env,
      timeoutMs: 300_000,
    });
  };
  // A few at a time (each `npm publish` is mostly npm starting up); two versions of one name
  // one after the other, so that the registry never updates one package's metadata twice at once.
  const byName = new Map<string, Installed[]>();
  for (const pkg of closure) byName.set(pkg.name, [...(byName.get(pkg.name) ?? []), pkg]);
  const queue = [...byName.values()];
  const worker = async () => {
    for (let group = queue.shift(); group !== undefined; group = queue.shift()) {
      for (const pkg of group) await publish(pkg);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUBLISH_CONCURRENCY, queue.length) }, worker));
  return closure;
}
