import { drawCgi, rulesThatMatter, CGI_ONLY_RULES } from "../src/cgi-task.js";
import { Rng } from "../src/random.js";
import { toCgiDossier } from "../src/cgi-draft.js";
import { compute, readDossier } from "@succ/engine";
const level = Number(process.argv[2]) as 5 | 6; const variant = process.argv[3]!; const n = Number(process.argv[4] ?? 300);
const miss = new Map<string, number>(); let shown = 0;
for (let i = 0; i < n; i++) {
  const d = drawCgi(new Rng(9, i), level, variant);
  const input = toCgiDossier(d);
  const dd = readDossier(input); const res = compute(dd);
  const m = rulesThatMatter(dd, res, CGI_ONLY_RULES);
  const fam = d.kind === "estate" ? (d.cgi.hasDescendants ? (d.beneficiaries.some(b=>b.relationship==="spouse"||b.relationship==="pacs") ? "couple" : "parent") : "childless") : (d.cgi.hasDescendants ? "desc" : "childless"); const key = `${fam}:${m.length}`;
  miss.set(key, (miss.get(key) ?? 0) + 1);
  if (process.argv[5] && key === process.argv[5] && shown++ < 2) console.log(JSON.stringify(input, null, 1), JSON.stringify(res.answer));
}
console.log([...miss].sort((a, b) => b[1] - a[1]));
