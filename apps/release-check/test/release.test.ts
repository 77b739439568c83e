import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanEnv } from "../src/env";
import { run, type RunResult } from "../src/exec";
import { assertLoopback } from "../src/loopback";
import { repoRoot, tempDir } from "../src/paths";
import { startRegistry, type LocalRegistry } from "../src/registry";
import { seedThirdParty } from "../src/seed";
import { startServe } from "../src/serve";
import { installOffline, publicPackages, snapshotWorkingTree, turboCacheOf, type WorkspacePackage } from "../src/workspace";

// Issue 6: every @succ package published through `pnpm release` to a local Verdaccio (no
// uplink), then installed by a consumer in an empty folder outside the repo.
// Set SUCC_KEEP_RELEASE_DIR=1 to keep the temp folders for a look after a failure.

const DOSSIER = join(repoRoot, "examples", "estate-spouse-children.json");
const times: Record<string, number> = {};
let work: string;
let repo: string;
let registry: LocalRegistry | undefined;
let env: NodeJS.ProcessEnv;
let packages: WorkspacePackage[];
/** Set once every package is in the registry: the consumer tests are skipped without it. */
let released = false;
let seeded = false;
let cliDir: string | undefined;

async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await step();
  } finally {
    times[label] = Date.now() - started;
  }
}

/** A consumer: an empty folder under the OS temp dir (no workspace above it), a bare package.json. */
function consumer(name: string): string {
  const dir = join(work, `consumer-${name}`);
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `consumer-${name}`, private: true, type: "module" }, null, 2));
  return dir;
}

function npmInstall(dir: string, spec: string): Promise<RunResult> {
  const url = registry!.url;
  assertLoopback(url);
  return run("npm", ["install", spec, "--registry", url, "--no-audit", "--no-fund"], { cwd: dir, env, timeoutMs: 600_000 });
}

function installedSucc(dir: string): string[] {
  const scope = join(dir, "node_modules", "@succ");
  return existsSync(scope) ? readdirSync(scope).map((name) => `@succ/${name}`).sort() : [];
}

function lockedPackages(dir: string): string[] {
  const lock = JSON.parse(readFileSync(join(dir, "package-lock.json"), "utf8")) as { packages: Record<string, unknown> };
  return Object.keys(lock.packages).filter(Boolean).map((path) => path.replace(/^.*node_modules\//, "")).sort();
}

beforeAll(async () => {
  work = tempDir("release");
  registry = await timed("start verdaccio", () => startRegistry(join(work, "registry")));
  // The registry lives in a user config of its own (pnpm 12 reads the registry only from .npmrc
  // files) and in npm_config_registry (what `changeset publish` checks with `npm info`).
  env = cleanEnv({
    NPM_CONFIG_USERCONFIG: registry.npmrc,
    npm_config_registry: registry.url,
    npm_config_cache: join(work, "npm-cache"),
  });
  repo = join(work, "repo");
  await timed("copy and install the repo", async () => {
    snapshotWorkingTree(repo);
    await installOffline(repo, env);
  });
  packages = publicPackages(repo);
}, 600_000);

afterAll(async () => {
  await registry?.stop();
  if (process.env.SUCC_KEEP_RELEASE_DIR !== "1" && work !== undefined) rmSync(work, { recursive: true, force: true });
  console.log(`release test times (ms): ${JSON.stringify(times)}`);
}, 120_000);

describe.sequential("pnpm release to a local registry", () => {
  it("points every publishing tool at the loopback registry", async () => {
    const url = registry!.url;
    assertLoopback(url);
    const pnpmRegistry = await run("pnpm", ["config", "get", "registry"], { cwd: repo, env });
    const npmRegistry = await run("npm", ["config", "get", "registry"], { cwd: repo, env });
    expect(pnpmRegistry.stdout.trim()).toBe(url);
    expect(npmRegistry.stdout.trim()).toBe(url);
    expect(env.npm_config_registry).toBe(url);
    expect(packages.map((pkg) => pkg.name)).toEqual(["@succ/cli", "@succ/engine", "@succ/generator", "@succ/rules", "@succ/scoring", "@succ/server"]);
  });

  it("publishes every package with `pnpm release`", async () => {
    assertLoopback(registry!.url);
    // The build step replays what the workspace built from the same sources (read only).
    const cache = turboCacheOf(repoRoot);
    const releaseEnv = cache === undefined ? env : { ...env, TURBO_CACHE_DIR: cache, TURBO_CACHE: "local:r" };
    const release = await timed("pnpm release", () => run("pnpm", ["release"], { cwd: repo, env: releaseEnv, timeoutMs: 1_200_000 }));
    const output = release.stdout + release.stderr;
    expect(output).toContain(`release: publishing to ${registry!.url}`);
    expect(output).toContain(`${packages.length} of ${packages.length} packages ready to publish`);
    for (const pkg of packages) {
      const view = await run("npm", ["view", `${pkg.name}@${pkg.version}`, "--json", "--registry", registry!.url], { cwd: work, env });
      const published = JSON.parse(view.stdout) as { version: string; dependencies?: Record<string, string>; "dist-tags": Record<string, string> };
      expect(published.version).toBe(pkg.version);
      expect(published["dist-tags"].latest).toBe(pkg.version);
      // `workspace:^` arrives as a caret range on the version that was released with it.
      for (const [dep, range] of Object.entries(pkg.dependencies)) {
        const ours = packages.find((other) => other.name === dep);
        expect(published.dependencies?.[dep], `${pkg.name} → ${dep}`).toBe(ours ? `^${ours.version}` : range);
      }
    }
    // `changeset publish` tags each release, here in the copy only.
    const tags = await run("git", ["tag", "--list"], { cwd: repo, env });
    for (const pkg of packages) expect(tags.stdout).toContain(`${pkg.name}@${pkg.version}`);
    released = true;
  });

  it("serves the third-party dependencies too (no uplink)", async () => {
    const closure = await timed("seed third-party deps", () => seedThirdParty(repo, registry!.url, join(work, "seed"), env));
    expect(closure.map((pkg) => pkg.name)).toEqual(expect.arrayContaining(["fraction.js", "openai", "pure-rand"]));
    seeded = true;
  });

  it("installs @succ/scoring alone and scores a reply with plain Node", async ({ skip }) => {
    if (!released) skip("the release failed");
    const dir = consumer("scoring");
    await timed("npm install @succ/scoring", () => npmInstall(dir, "@succ/scoring"));
    expect(installedSucc(dir)).toEqual(["@succ/scoring"]);
    expect(lockedPackages(dir).filter((name) => name.startsWith("@succ/"))).toEqual(["@succ/scoring"]);
    const script = `
      import { formatAnswer, scoreReply } from "@succ/scoring";
      const expected = {
        beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149270, droits: 28048 } },
        total_droits: 28048,
      };
      const gold = "Calcul terminé.\\n" + formatAnswer(expected);
      const wrong = gold.replace("149270", "149271");
      console.log(JSON.stringify({ gold: scoreReply(gold, expected), wrong: scoreReply(wrong, expected) }));
    `;
    const result = await run(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, env });
    const scores = JSON.parse(result.stdout) as Record<"gold" | "wrong", { score: number; reason: string }>;
    expect(scores.gold).toMatchObject({ score: 1, reason: "ok" });
    expect(scores.wrong.score).toBeGreaterThan(0);
    expect(scores.wrong.score).toBeLessThan(1);
  });

  it("installs @succ/cli with the versions just released", async ({ skip }) => {
    if (!released || !seeded) skip("the release or the seeding failed");
    const dir = consumer("cli");
    await timed("npm install @succ/cli", () => npmInstall(dir, "@succ/cli"));
    expect(installedSucc(dir)).toEqual(["@succ/cli", "@succ/engine", "@succ/generator", "@succ/rules", "@succ/scoring", "@succ/server"]);
    for (const pkg of packages) {
      const installed = JSON.parse(readFileSync(join(dir, "node_modules", pkg.name, "package.json"), "utf8")) as { version: string };
      expect(installed.version, pkg.name).toBe(pkg.version);
    }
    cliDir = dir;
  });

  it("runs `succ compute` on a dossier as the workspace build does", async ({ skip }) => {
    if (cliDir === undefined) skip("@succ/cli is not installed");
    const computed = await run(join(cliDir!, "node_modules", ".bin", "succ"), ["compute", DOSSIER], { cwd: cliDir!, env });
    const answer = JSON.parse(computed.stdout) as { beneficiaires: Record<string, unknown>; total_droits: number };
    expect(Object.keys(answer.beneficiaires)).toEqual(["B1", "B2", "B3", "B4", "B5"]);
    expect(answer.total_droits).toBeGreaterThan(0);
    const inRepo = await run(process.execPath, [join(repo, "packages", "cli", "dist", "bin.js"), "compute", DOSSIER], { cwd: repo, env });
    expect(computed.stdout).toBe(inRepo.stdout);
  });

  it("runs `succ generate -n 3` as the workspace build does", async ({ skip }) => {
    if (cliDir === undefined) skip("@succ/cli is not installed");
    const generated = await run(join(cliDir!, "node_modules", ".bin", "succ"), ["generate", "-n", "3"], { cwd: cliDir!, env });
    const tasks = generated.stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(tasks).toHaveLength(3);
    for (const task of tasks) expect(Object.keys(task)).toEqual(expect.arrayContaining(["id", "level", "prompt", "answer", "info"]));
    const inRepo = await run(process.execPath, [join(repo, "packages", "cli", "dist", "bin.js"), "generate", "-n", "3"], { cwd: repo, env });
    expect(generated.stdout).toBe(inRepo.stdout);
  });

  it("runs `succ serve` from the installed package on 127.0.0.1, scores a request, and stops", async ({ skip }) => {
    if (cliDir === undefined) skip("@succ/cli is not installed");
    const bin = join(cliDir!, "node_modules", ".bin", "succ");
    // The reward server is @succ/server, installed as a dependency of @succ/cli (not bundled in).
    expect(readFileSync(join(cliDir!, "node_modules", "@succ", "cli", "package.json"), "utf8")).not.toContain("hono");
    const generated = await run(bin, ["generate", "-n", "2"], { cwd: cliDir!, env });
    const tasks = generated.stdout.trim().split("\n").map((line) => JSON.parse(line) as { id: string; answer: unknown });
    const served = await timed("succ serve up", () => startServe(bin, cliDir!, env));
    try {
      const response = await fetch(new URL("score", `${served.url}/`), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          items: [
            { reply: `Calcul.\n<droits>${JSON.stringify(tasks[0]!.answer)}</droits>`, id: tasks[0]!.id, seed: 0 },
            { reply: `<droits>${JSON.stringify(tasks[1]!.answer)}</droits>`, answer: tasks[1]!.answer },
            { reply: "pas de bloc", id: tasks[1]!.id },
          ],
        }),
        signal: AbortSignal.timeout(30_000),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ scores: [1, 1, 0], reasons: ["ok", "ok", "no_block"] });
    } finally {
      const stopped = await served.stop();
      expect(stopped.code, stopped.stderr).toBe(0);
      expect(stopped.stderr).toContain("succ serve: stopped");
    }
  });

  it("runs `succ export --format verl` from the installed package (its Parquet writer installed)", async ({ skip }) => {
    if (cliDir === undefined) skip("@succ/cli is not installed");
    const out = join(work, "verl-export");
    await run(join(cliDir!, "node_modules", ".bin", "succ"), ["export", "--format", "verl", "-n", "2", "--split", "test=0", "--out", out], { cwd: cliDir!, env });
    expect(readdirSync(out).sort()).toEqual([".succ-export.json", "test.parquet"]);
    // A Parquet file starts and ends with the magic bytes PAR1.
    const bytes = readFileSync(join(out, "test.parquet"));
    expect([bytes.subarray(0, 4).toString(), bytes.subarray(-4).toString()]).toEqual(["PAR1", "PAR1"]);
  });

  it("publishes nothing more when run again: every version is found in the registry it publishes to", async ({ skip }) => {
    if (!released) skip("the release failed");
    // What a second `pnpm release` after the walkthrough of docs/releases.md relies on, without
    // building and publishing again: `changeset publish` asks the registry it publishes to which
    // versions it has, and skips those (walkthrough.test.ts checks which packages a change bumps).
    assertLoopback(registry!.url);
    const again = await timed("changeset publish again", () => run("pnpm", ["changeset", "publish", "--no-git-tag"], { cwd: repo, env, timeoutMs: 300_000 }));
    const output = again.stdout + again.stderr;
    for (const pkg of packages) expect(output).toContain(`${pkg.name} is not being published because version ${pkg.version} is already published`);
    for (const pkg of packages) {
      const view = await run("npm", ["view", pkg.name, "versions", "--json", "--registry", registry!.url], { cwd: work, env });
      expect(([] as string[]).concat(JSON.parse(view.stdout) as string | string[]), pkg.name).toEqual([pkg.version]);
    }
  });
});
