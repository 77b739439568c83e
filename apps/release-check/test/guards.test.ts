import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanEnv } from "../src/env";
import { runRaw } from "../src/exec";
import { assertLoopback } from "../src/loopback";
import { repoRoot, tempDir } from "../src/paths";

describe("assertLoopback", () => {
  it.each(["http://127.0.0.1:4873/", "http://127.8.9.10/", "http://localhost:1234", "http://[::1]:4873/"])("accepts %s", (url) => {
    expect(() => assertLoopback(url)).not.toThrow();
  });

  it.each(["https://registry.npmjs.org/", "http://10.0.0.1:4873/", "http://127.0.0.1.example.com/", "file:///tmp", "", "127.0.0.1:4873"])(
    "refuses %j",
    (url) => {
      expect(() => assertLoopback(url)).toThrow();
    },
  );
});

describe("scripts/release-preflight.mjs", () => {
  const preflight = join(repoRoot, "scripts", "release-preflight.mjs");
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const userconfig = (registry: string) => {
    const dir = tempDir("preflight");
    dirs.push(dir);
    const file = join(dir, "npmrc");
    writeFileSync(file, `registry=${registry}\n`);
    return file;
  };

  it("passes when pnpm's .npmrc registry and npm_config_registry agree", async () => {
    const env = cleanEnv({ NPM_CONFIG_USERCONFIG: userconfig("http://127.0.0.1:9/"), npm_config_registry: "http://127.0.0.1:9" });
    const result = await runRaw(process.execPath, [preflight], { cwd: repoRoot, env, timeoutMs: 60_000 });
    expect(result.stderr).toContain("release: publishing to http://127.0.0.1:9/");
    expect(result.code).toBe(0);
  });

  it("stops when only npm_config_registry names the registry (pnpm 12 ignores it)", async () => {
    const env = cleanEnv({ NPM_CONFIG_USERCONFIG: userconfig("https://registry.npmjs.org/"), npm_config_registry: "http://127.0.0.1:9/" });
    const result = await runRaw(process.execPath, [preflight], { cwd: repoRoot, env, timeoutMs: 60_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("pnpm would publish to https://registry.npmjs.org/ but changesets would check http://127.0.0.1:9/");
  });

  it("stops when only the .npmrc names the registry (changesets would check npm's)", async () => {
    const env = cleanEnv({ NPM_CONFIG_USERCONFIG: userconfig("http://127.0.0.1:9/") });
    const result = await runRaw(process.execPath, [preflight], { cwd: repoRoot, env, timeoutMs: 60_000 });
    expect(result.code).toBe(1);
  });
});
