import { examineCgi, drawCgi, rulesThatMatter, CGI_ONLY_RULES } from "../src/cgi-task.js";
import { zeroButOne, residueShortcut, residueInsensitive } from "../src/task.js";
import { joinPrompt } from "../src/prompt.js";
import { Rng } from "../src/random.js";
import { toCgiDossier } from "../src/cgi-draft.js";
import { compute, readDossier } from "@succ/engine";
const level = Number(process.argv[2]) as 5 | 6; const variant = process.argv[3]!; const n = Number(process.argv[4] ?? 500);
const reasons = new Map<string, number>(); const counts = new Map<number, number>();
const fam = new Map<string, number[]>();
for (let i = 0; i < n; i++) {
  const rng = new Rng(9, i);
  const d = drawCgi(rng, level, variant);
  const r = examineCgi(d, level, { zeroButOne, residueShortcut, residueInsensitive, joinPrompt });
  const key = typeof r === "string" ? r : "ok";
  reasons.set(key, (reasons.get(key) ?? 0) + 1);
  try { const dd = readDossier(toCgiDossier(d)); const res = compute(dd); const k = rulesThatMatter(dd, res, CGI_ONLY_RULES).length; counts.set(k, (counts.get(k) ?? 0) + 1);
   const f = d.kind === "estate" ? (d.cgi.hasDescendants ? (d.beneficiaries.some(b=>b.relationship==="spouse"||b.relationship==="pacs") ? "couple" : "parent") : "childless") : (d.cgi.hasDescendants ? "desc" : "childless");
   const a = fam.get(f) ?? [0,0]; a[0]++; if (k >= (d.kind==="estate"?3:(level===5?2:1))) a[1]++; fam.set(f, a);
  } catch {}
}
console.log(Object.fromEntries(reasons), Object.fromEntries([...counts].sort((a,b)=>a[0]-b[0])), Object.fromEntries(fam));
