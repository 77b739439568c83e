// Benchmark of the Python scorer (succ_reward.score_reply) against the target of @succ/scoring:
// each hostile reply of about 200,000 characters under 5 ms. The replies are @succ/scoring's own
// hostileReplies (those over 150,000 characters), plus a gold block after 200,000 characters of
// reasoning and one followed by end-of-sequence tokens up to the limit; Python times them with
// the sources of src/ (after 5 warm-up runs, 3 rounds of 100 timed runs: median, the maximum of
// the quietest round, judged against the target, and of the noisiest).
//
// Exit code: 1 if a reply misses the target by more than a factor of 2 (timings move with the
// machine's load), 0 otherwise. Run `pnpm --filter @succ/scoring build` first (pnpm bench does).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { formatAnswer, hostileReplies, MAX_REPLY_LENGTH } from "@succ/scoring";

const here = fileURLToPath(new URL(".", import.meta.url));
const expected = {
  beneficiaires: {
    B1: { part_taxable: 0, droits: 0 },
    B2: { part_taxable: 149270, droits: 28048 },
    B3: { part_taxable: 149270, droits: 28048 },
    B4: { part_taxable: 12400, droits: 6820 },
  },
  total_droits: 62916,
};
const gold = formatAnswer(expected);
const replies = hostileReplies(expected).filter((h) => h.reply.length > 150_000);
replies.push({ name: "gold_after_long_reasoning", reply: "Calcul. ".repeat(Math.floor((MAX_REPLY_LENGTH - gold.length) / 8)) + gold });
replies.push({ name: "gold_then_end_tokens", reply: gold + "</s>\n".repeat(Math.floor((MAX_REPLY_LENGTH - gold.length) / 5)) });
replies.push({ name: "gold_then_astral_padding", reply: "😀".repeat(Math.floor((MAX_REPLY_LENGTH - gold.length) / 2)) + gold });

// Floods the TypeScript corpus has no name for, which a parser in Python reads token by token.
const room = MAX_REPLY_LENGTH - 100;
replies.push({ name: "many_keys", reply: `<droits>{${Array.from({ length: Math.floor(room / 14) }, (_v, i) => `"k${i}": 0`).join(", ")}}</droits>` });
replies.push({ name: "many_strings", reply: `<droits>[${'"a",'.repeat(Math.floor(room / 4))}"a"]</droits>` });
replies.push({ name: "many_empty_arrays", reply: `<droits>[${"[],".repeat(Math.floor(room / 3))}[]]</droits>` });

const dir = mkdtempSync(join(tmpdir(), "succ-py-bench-"));
try {
  const corpus = join(dir, "corpus.json");
  writeFileSync(corpus, JSON.stringify({ expected, replies }));
  const r = spawnSync("python3", [join(here, "score_bench.py"), corpus], {
    stdio: "inherit",
    env: { ...process.env, PYTHONPATH: join(here, "..", "src"), PYTHONDONTWRITEBYTECODE: "1" },
  });
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
