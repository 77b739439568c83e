import { drawCgi } from "../src/cgi-task.js";
import { Rng } from "../src/random.js";
const n = 20000;
for (let i = 0; i < n; i++) drawCgi(new Rng(3, i), 5, i % 3 ? "x-estate" : "x-gift");
const t = performance.now();
for (let i = 0; i < n; i++) drawCgi(new Rng(4, i), 5, i % 3 ? "x-estate" : "x-gift");
console.log(((performance.now() - t) * 1000 / n).toFixed(1), "µs per draw");
