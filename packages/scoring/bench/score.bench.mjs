// Benchmark of @succ/scoring against the targets of issue 4, on the built bundle (run
// `pnpm --filter @succ/scoring build` first; the root `pnpm bench` does).
//
//   typical replies/s              ≥ 100,000   (a ~1,600-character reply with reasoning and a block)
//                                              (also printed: CPU µs a typical reply, gold as given and prepared)
//   hostile 200,000-char reply     < 5 ms      (median, and max of the quietest of 3 rounds of 100)
//   dist/index.js gzipped          < 10 kB
//
// Exit code: 1 if the size target is missed (deterministic), or if a timing target is missed by
// more than a factor of 2 (timings move with the machine and its load; a near miss is reported
// as FAIL in the table but does not fail the run). 0 otherwise.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { formatAnswer, hostileReplies, prepareExpected, scoreReply } from "../dist/index.js";

const distFile = fileURLToPath(new URL("../dist/index.js", import.meta.url));

const expected = {
  beneficiaires: {
    B1: { part_taxable: 0, droits: 0 },
    B2: { part_taxable: 149270, droits: 28048 },
    B3: { part_taxable: 149270, droits: 28048 },
    B4: { part_taxable: 12400, droits: 6820 },
  },
  total_droits: 62916,
};

// About 1,500 characters of the kind of reasoning a model writes before its block.
const reasoning = [
  "Calcul de l'actif net successoral : maison à Rennes 420 000 €, comptes 65 000 €, ",
  "moins le prêt immobilier 12 000 € et les frais funéraires forfaitaires de 1 500 €. ",
  "Le conjoint survivant B1 est exonéré (article 796-0 bis du CGI). Chaque enfant reçoit ",
  "sa part ; on applique l'abattement de 100 000 € en ligne directe (article 779 I), puis ",
  "le barème de l'article 777 : 5 % jusqu'à 8 072 €, 10 % jusqu'à 12 109 €, 15 % jusqu'à ",
  "15 932 €, 20 % jusqu'à 552 324 €. Pour B2 : part taxable 149 270 €, droits 28 048 €. ",
  "B3 est dans la même situation. B4, neveu légataire, bénéficie de l'abattement de 7 967 € ",
  "et est taxé à 55 %. Le total des droits est la somme des droits de chaque bénéficiaire. ",
].join("").repeat(2);

const gold = formatAnswer(expected);
const typical = [
  `${reasoning}\n\n${gold}\n`,
  `${reasoning}\n\n${gold}`,
  `${reasoning}\n\n${gold.replace('"droits": 6820', '"droits": 6821').replace("62916", "62917")}`,
  `${reasoning}\n\n<droits>{"beneficiaires": {"B1": {"part_taxable": "0 €", "droits": "0 €"}, "B2": {"part_taxable": "149 270 €", "droits": "28 048 €"}, "B3": {"part_taxable": "149\u00a0270,00 €", "droits": "28\u202f048 €"}, "B4": {"part_taxable": 12400.00, "droits": 6820}}, "total_droits": 62916}</droits>`,
  `${reasoning}\n\nJe ne suis pas certain du résultat.`,
];
for (const reply of typical) scoreReply(reply, expected); // sanity: must not throw

function median(sorted) {
  return sorted[Math.floor(sorted.length / 2)];
}

// 1. Throughput: score typical replies in a loop for about one second.
let scored = 0;
let sink = 0;
for (let i = 0; i < 20_000; i++) sink += scoreReply(typical[i % typical.length], expected).score; // warm-up
const start = performance.now();
let elapsed = 0;
while (elapsed < 1000) {
  for (let i = 0; i < 10_000; i++) sink += scoreReply(typical[i % typical.length], expected).score;
  scored += 10_000;
  elapsed = performance.now() - start;
}
const perSecond = Math.round((scored / elapsed) * 1000);

// 1b. CPU time a typical reply (user + system, median of 3 rounds of 200,000): scoreReply with
// the gold answer as given, and with it prepared once (prepareExpected), as a CLI or a server
// scoring many replies to one task does.
const prepared = prepareExpected(expected);
function cpuPerReply(gold) {
  const rounds = [];
  for (let round = 0; round < 3; round++) {
    const t = process.cpuUsage();
    for (let i = 0; i < 200_000; i++) sink += scoreReply(typical[i % typical.length], gold).score;
    const used = process.cpuUsage(t);
    rounds.push((used.user + used.system) / 200_000);
  }
  return rounds.sort((a, b) => a - b)[1];
}
const cpuRaw = cpuPerReply(expected);
const cpuPrepared = cpuPerReply(prepared);

// 2. Hostile replies of about 200,000 characters: the long ones of hostileReplies, plus valid
// replies padded to the limit (which run the whole pipeline to the end).
const padded = (text) => "x".repeat(200_000 - text.length) + text;
const hostile = hostileReplies(expected)
  .filter((h) => h.reply.length >= 150_000)
  .concat([
    { name: "long_prose_then_gold (valid)", reply: padded(gold) },
    { name: "whitespace_in_block (valid)", reply: `<droits>${" ".repeat(200_000 - gold.length)}${gold.slice(8)}` },
    { name: "long_string_amount", reply: `<droits>{"beneficiaires": {"B1": {"part_taxable": "${"1".repeat(199_800)}"}}}</droits>` },
    // Issue 9's reply: exactly 200,000 characters, a key of 99,988 "\n" escapes.
    { name: "escaped_key_99988", reply: `<droits>{"${"\\n".repeat(99_988)}": 0}</droits>` },
    { name: "escaped_string_amount", reply: `<droits>{"beneficiaires": {"B1": {"part_taxable": "${"\\u0031".repeat(33_300)}"}}}</droits>` },
    // End-of-sequence tokens up to the limit after the gold (allowed: read to the end).
    { name: "gold_then_end_tokens (valid)", reply: gold + "</s>\n".repeat(Math.floor((200_000 - gold.length) / 5)) },
    { name: "gold_then_im_end_tokens (valid)", reply: gold + "<|im_end|>".repeat(Math.floor((200_000 - gold.length) / 10)) },
  ]);
// Each reply runs ROUNDS rounds of REPS timed runs after a warm-up. The maximum of a round is
// wall-clock time, so it also catches garbage collection and, on a shared machine, other
// processes taking the CPU; the target is judged on the quietest round's maximum, and the
// noisiest round's maximum is printed beside it.
const WARMUP = 5;
const ROUNDS = 3;
const REPS = 100;
const hostileRows = hostile.map(({ name, reply }) => {
  for (let i = 0; i < WARMUP; i++) sink += scoreReply(reply, expected).score;
  const all = [];
  const roundMax = [];
  let reason = "";
  for (let round = 0; round < ROUNDS; round++) {
    let max = 0;
    for (let i = 0; i < REPS; i++) {
      const t = performance.now();
      const result = scoreReply(reply, expected);
      const dt = performance.now() - t;
      all.push(dt);
      if (dt > max) max = dt;
      reason = result.reason;
      sink += result.score;
    }
    roundMax.push(max);
  }
  all.sort((a, b) => a - b);
  return { name, length: reply.length, reason, median: median(all), max: Math.min(...roundMax), worst: Math.max(...roundMax) };
});
const worstMax = Math.max(...hostileRows.map((r) => r.max));

// 3. Size of what a consumer downloads.
const raw = readFileSync(distFile);
const gzipped = gzipSync(raw, { level: 9 }).length;

// Report.
const targets = [
  { what: "typical replies per second", value: perSecond, unit: "/s", ok: perSecond >= 100_000, hard: perSecond >= 50_000, target: "≥ 100,000/s" },
  { what: "hostile 200k reply, max", value: worstMax.toFixed(3), unit: " ms", ok: worstMax < 5, hard: worstMax < 10, target: "< 5 ms" },
  { what: "dist/index.js gzipped", value: gzipped, unit: " B", ok: gzipped < 10_000, hard: gzipped < 10_000, target: "< 10,000 B" },
];

console.log(`@succ/scoring benchmark (Node ${process.version})\n`);
console.log(`typical replies: ${typical.length} kinds, ${typical[0].length} characters; ${scored} scored in ${elapsed.toFixed(0)} ms`);
console.log(`CPU time a typical reply (median of 3 rounds of 200,000): ${cpuRaw.toFixed(2)} µs, ${cpuPrepared.toFixed(2)} µs with the gold prepared (prepareExpected)`);
console.log(`dist/index.js: ${raw.length} B raw, ${gzipped} B gzipped (level 9)\n`);
console.log(`hostile replies (${WARMUP} warm-up runs, then ${ROUNDS} rounds of ${REPS} timed runs each;`);
console.log(`max = the quietest round's maximum, noisiest = the noisiest round's maximum):`);
console.log(`  ${"reply".padEnd(30)} ${"length".padStart(7)}  ${"median ms".padStart(9)}  ${"max ms".padStart(7)}  ${"noisiest".padStart(8)}  reason`);
for (const r of hostileRows) {
  console.log(
    `  ${r.name.padEnd(30)} ${String(r.length).padStart(7)}  ${r.median.toFixed(3).padStart(9)}  ${r.max.toFixed(3).padStart(7)}  ${r.worst.toFixed(3).padStart(8)}  ${r.reason}`,
  );
}
console.log(`\n  ${"target".padEnd(32)} ${"measured".padStart(14)}  ${"goal".padEnd(12)} result`);
for (const t of targets) {
  console.log(`  ${t.what.padEnd(32)} ${(String(t.value) + t.unit).padStart(14)}  ${t.target.padEnd(12)} ${t.ok ? "PASS" : "FAIL"}`);
}
if (sink < 0) console.log(sink); // keeps the scored results observable to the optimizer

const clearlyMissed = targets.filter((t) => !t.hard);
if (clearlyMissed.length > 0) {
  console.error(`\nclearly missed: ${clearlyMissed.map((t) => t.what).join(", ")}`);
  process.exitCode = 1;
}
