/**
 * docs/serve-and-train.md shows each trainer's set-up (install, plain import, verl, TRL,
 * OpenRLHF) as a block to copy: this test extracts the blocks marked `<!-- doc-test: NAME -->`
 * and runs them in order, as one shell script, in an empty folder: the wheel of `pnpm build`
 * installed into a fresh virtual environment, `succ` the built CLI, and the trainers' entry
 * points (verl.trainer.main_ppo, trl, datasets, openrlhf.cli.train_ppo_ray) replaced by the
 * stand-ins of test/stubs, which load and call the reward function as each trainer does.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateTasks } from "@succ/generator";
import { afterAll, describe, expect, it } from "vitest";
import { builtWheel, PYTHON_DIR } from "./venv";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const CLI = join(ROOT, "packages", "cli", "dist", "bin.js");
const DOC = readFileSync(join(ROOT, "docs", "serve-and-train.md"), "utf8");
const work = mkdtempSync(join(tmpdir(), "succ-docs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Block {
  name: string;
  lang: string;
  code: string;
}

function blocks(): Block[] {
  return [...DOC.matchAll(/<!-- doc-test: ([\w-]+) -->\n```(bash|python)\n([\s\S]*?)```/g)].map((m) => ({ name: m[1]!, lang: m[2]!, code: m[3]! }));
}

describe("docs/serve-and-train.md: the trainers' set-ups", () => {
  it("marks a block for the install, the plain import, verl, TRL and OpenRLHF", () => {
    expect(blocks().map((b) => b.name)).toEqual(["install", "plain", "verl", "trl-export", "trl", "openrlhf"]);
  });

  it("runs every block in order: each trainer's stand-in gets 1.0 for completions ending in <|im_end|>", () => {
    builtWheel(); // a clear error when pnpm build has not run
    const dist = join(work, "integrations", "python");
    mkdirSync(dist, { recursive: true });
    symlinkSync(join(PYTHON_DIR, "dist"), join(dist, "dist"));
    const bin = join(work, "bin");
    mkdirSync(bin);
    writeFileSync(join(bin, "succ"), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`);
    chmodSync(join(bin, "succ"), 0o755);
    // The first rows of the train split (seed 1) of both exports, as the stand-ins hand them over.
    const rows = [...generateTasks({ n: 5, seed: 1 })].map((t) => ({
      uid: `1/mix/${t.id}`,
      id: t.id,
      level: t.level,
      variant: t.variant,
      seed: t.info.seed,
      index: t.info.index,
      set: "mix",
      prompt: t.prompt,
      answer: JSON.stringify(t.answer),
    }));
    writeFileSync(join(work, "rows.json"), JSON.stringify(rows));
    const script = ["set -euo pipefail"];
    for (const block of blocks()) {
      script.push(`echo "== ${block.name}"`);
      script.push(block.lang === "bash" ? block.code : `python3 - <<'SUCC_DOC_PY'\n${block.code}SUCC_DOC_PY`);
    }
    const r = spawnSync("bash", ["-c", script.join("\n")], {
      cwd: work,
      encoding: "utf8",
      timeout: 300_000,
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH}`,
        PYTHONPATH: join(PYTHON_DIR, "test", "stubs"),
        PYTHONDONTWRITEBYTECODE: "1",
        PIP_DISABLE_PIP_VERSION_CHECK: "1",
        SUCC_DOC_ROWS: join(work, "rows.json"),
      },
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toContain("(1.0, 'ok')\n(0.0, 'text_after_block')");
    for (const trainer of ["verl", "TRL", "OpenRLHF"]) expect(r.stdout).toContain(`${trainer} stand-in: 5 completions ending in <|im_end|>, every reward 1.0`);
  }, 300_000);
});
