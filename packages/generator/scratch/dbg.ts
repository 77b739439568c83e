import { generateTask, redrawCounts } from "../src/task.js";
const level = Number(process.argv[2]); const n = Number(process.argv[3] ?? 200);
const t0 = performance.now();
for (let i = 0; i < n; i++) generateTask(1, i, level as 5);
const s = (performance.now() - t0) / 1000;
console.log(`level ${level}: ${n} in ${s.toFixed(2)}s = ${Math.round(n / s)}/s`);
console.log([...redrawCounts.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / n).toFixed(2)}`).join(", "));
