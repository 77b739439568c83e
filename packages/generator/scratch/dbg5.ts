import { drawCgi, rulesThatMatter, CGI_ONLY_RULES, ruleApplies, seedAnswer, difficultyOf } from "../src/cgi-task.js";
import { zeroButOne, residueShortcut, residueInsensitive } from "../src/task.js";
import { joinPrompt } from "../src/prompt.js";
import { Rng } from "../src/random.js";
import { toCgiDossier } from "../src/cgi-draft.js";
import { decisionsOf } from "../src/decisions.js";
import { notaryPromptParts } from "../src/notary-prompt.js";
import { leakedAmounts, numbersIn } from "../src/guards.js";
import { compute, readDossier } from "@succ/engine";
const T = new Map<string, number>();
function time<X>(k: string, f: () => X): X { const t = performance.now(); const x = f(); T.set(k, (T.get(k) ?? 0) + performance.now() - t); return x; }
const level = Number(process.argv[2]) as 5|6; const n = Number(process.argv[3] ?? 3000);
for (let pass = 0; pass < 2; pass++) { if (pass === 1) T.clear();
for (let i = 0; i < n; i++) {
  const rng = new Rng(3, i);
  const v = rng.chance(66) ? "x-estate" : "x-gift";
  const d = time("draw", () => drawCgi(rng, level, v));
  const input = time("toCgi", () => toCgiDossier(d));
  const dossier = time("read", () => readDossier(input));
  const r = time("compute", () => compute(dossier));
  const cgi = time("cgiRules", () => rulesThatMatter(dossier, r, CGI_ONLY_RULES.filter((x) => ruleApplies(dossier, r, x))));
  time("seed", () => seedAnswer(input));
  const dec = time("decisions", () => decisionsOf(r));
  time("grown", () => residueInsensitive(dossier, input, r.answer));
  const parts = time("prompt", () => notaryPromptParts(d, level, r.law, dec, []));
  time("leak", () => leakedAmounts(`${parts.dossier}\n${parts.format}`, r.answer));
  time("join", () => joinPrompt(parts));
  time("difficulty", () => difficultyOf(dossier, r, "articles", { rules: cgi, checked: CGI_ONLY_RULES }));
}
}
const tot = [...T.values()].reduce((a, b) => a + b, 0);
console.log([...T].map(([k, v]) => `${k} ${(1000 * v / n).toFixed(0)}µs`).join(", "), `total ${(1000 * tot / n).toFixed(0)}µs`);
