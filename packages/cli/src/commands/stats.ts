import { generateTasks, STILL_RIGHT_ROWS, taskSetStats, VARIANTS, type SetStats } from "@succ/generator";
import { parse } from "../args.js";
import { describeSet, joinNegativeValues, SET_OPTIONS, setOptions } from "../set-options.js";

const HELP = `Usage: succ stats [-n 400] [--seed 0] [--level 0..4] [--json]

Measures the task set: variants, beneficiaries per task, beneficiary lines owing no tax, prompt
lengths, and, for levels 3 and 4, the share of tasks still fully right when one rule is ignored
(each rule switched off in the engine and the answer recomputed: a low share means the rule
matters in most tasks).

  -n N          number of tasks (default 400)
  --seed S      seed of the set (default 0)
  --level L     0 for the mix (default), or a single level 1 to 4
  --json        one JSON object instead of the tables
  -h, --help    this help
`;

const int = (x: number): string => x.toLocaleString("en-US");
const pct = (count: number, total: number): string => (total === 0 ? "—" : `${Math.round((100 * count) / total)} %`);

export function statsTable(s: SetStats, title: string): string {
  const out: string[] = [`Task set: ${title}`, ""];
  out.push("Variants");
  for (const l of s.levels) {
    const names = VARIANTS[l.level] as readonly string[];
    out.push(`  level ${l.level} (${l.tasks}): ${names.map((v) => `${v} ${l.variants[v] ?? 0}`).join(", ")}`);
  }
  out.push("", "Beneficiaries per task (mean, min-max)");
  for (const l of s.levels) out.push(`  level ${l.level}: ${l.beneficiaries.mean.toFixed(2)} (${l.beneficiaries.min}-${l.beneficiaries.max})`);
  out.push("", `Beneficiary lines owing no tax: ${int(s.linesWithoutTax.count)} of ${int(s.linesWithoutTax.total)} (${pct(s.linesWithoutTax.count, s.linesWithoutTax.total)})`);
  for (const l of s.levels) out.push(`  level ${l.level}: ${int(l.linesWithoutTax.count)} of ${int(l.linesWithoutTax.total)}`);
  out.push("", "Prompt length in characters (min / mean / max)");
  for (const l of s.levels) out.push(`  level ${l.level}: ${int(l.promptLength.min)} / ${int(Math.round(l.promptLength.mean))} / ${int(l.promptLength.max)}`);
  const high = s.levels.filter((l) => l.level >= 3);
  if (high.length > 0) {
    out.push("", "Share of tasks still fully right when one rule is ignored");
    const width = Math.max(...STILL_RIGHT_ROWS.map((r) => r.label.length));
    out.push(`  ${"rule ignored".padEnd(width)}  ${high.map((l) => `level ${l.level}`.padStart(8)).join("  ")}`);
    for (const row of STILL_RIGHT_ROWS) {
      const cells = high.map((l) => {
        const v = l.stillRight[row.key];
        return (v === undefined ? "—" : pct(v, l.tasks)).padStart(8);
      });
      out.push(`  ${row.label.padEnd(width)}  ${cells.join("  ")}`);
    }
  }
  return `${out.join("\n")}\n`;
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parse(joinNegativeValues(argv), { ...SET_OPTIONS, json: { type: "boolean" } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const opts = setOptions(values);
  const stats = taskSetStats(generateTasks(opts));
  if (values.json) {
    const stillRightPercent = Object.fromEntries(
      stats.levels.filter((l) => l.level >= 3).map((l) => [l.level, Object.fromEntries(Object.entries(l.stillRight).map(([k, v]) => [k, (100 * v) / l.tasks]))]),
    );
    process.stdout.write(`${JSON.stringify({ n: opts.n, seed: opts.seed, level: opts.level, ...stats, stillRightPercent })}\n`);
  } else {
    process.stdout.write(statsTable(stats, describeSet(opts)));
  }
  return 0;
}
