import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { describe, expect, it } from "vitest";
import { noNodeBuiltins } from "../vite.config.js";

/** Bundles `source` for the browser with the app's guard; inside the app so that it resolves its packages. */
async function bundle(source: string): Promise<void> {
  const dir = mkdtempSync(join(fileURLToPath(new URL("..", import.meta.url)), ".bundle-test-"));
  try {
    writeFileSync(join(dir, "entry.js"), source);
    await build({
      configFile: false,
      logLevel: "silent",
      root: dir,
      plugins: [noNodeBuiltins()],
      build: { write: false, lib: { entry: join(dir, "entry.js"), formats: ["es"], fileName: "out" } },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the browser bundle", () => {
  it("refuses a Node built-in, with or without node:", async () => {
    await expect(bundle('import { readFileSync } from "node:fs"; console.log(readFileSync);')).rejects.toThrow(/node:fs imported by .*entry\.js: the playground bundle must not depend on Node built-ins/);
    await expect(bundle('import { join } from "path"; console.log(join);')).rejects.toThrow(/path imported by/);
  });

  it("takes the packages the app is made of", async () => {
    await expect(bundle('export * from "@succ/generator"; export * from "@succ/engine"; export * from "@succ/scoring";')).resolves.toBeUndefined();
  });
});
