import { generateTask, redrawCounts } from "../src/task.js";
import * as E from "@succ/engine";
const level = Number(process.argv[2]); const n = Number(process.argv[3] ?? 2000);
for (let i = 0; i < 300; i++) generateTask(2, i, level as 5);
redrawCounts.clear();
const t0 = performance.now();
for (let i = 0; i < n; i++) generateTask(1, i, level as 5);
const s = (performance.now() - t0) / 1000;
console.log(`level ${level}: ${n} in ${s.toFixed(2)}s = ${Math.round(n / s)}/s`);
console.log([...redrawCounts.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / n).toFixed(2)}`).join(", "));
// time per compute
const t = generateTask(1, 5, level as 5);
const d = E.readDossier(t.info.dossier);
const t1 = performance.now(); for (let i = 0; i < 20000; i++) E.compute(d); console.log("compute µs", ((performance.now() - t1) / 20).toFixed(1));
const t2 = performance.now(); for (let i = 0; i < 20000; i++) E.readDossier(t.info.dossier); console.log("read µs", ((performance.now() - t2) / 20).toFixed(1));
