import { CIVIL_MISTAKES, generateTasks, MISTAKE_ROWS, STILL_RIGHT_ROWS, taskSetStats, VARIANTS, type SetStats } from "@succ/generator";
import { parse } from "../args.js";
import { describeSet, fictionalLawHelp, joinNegativeValues, SET_OPTIONS, setOptions, MAX_LEVEL } from "../set-options.js";

const HELP = `Usage: succ stats [-n 400] [--seed 0] [--level 0..${MAX_LEVEL}] [--fictional-law] [--json]

Measures the task set: variants, beneficiaries per task, beneficiary lines owing no tax, prompt
lengths, and, for levels 3 and 4, the share of tasks still fully right when one rule is ignored
(each rule switched off in the engine and the answer recomputed: a low share means the rule
matters in most tasks). For levels 5 and 6 (the real law), the share still fully right with each
common mistake (flat funeral taken as a cap, 788 IV stacked, today's allowance for a gift of
2011-2012, 757 B allowance per beneficiary, 990 I applied to the spouse, the 5 % or the 20 %
forgotten, 796-0 ter forgotten), over the tasks that hold the mistake's feature and over all
tasks of the level, and under the whole simplified rules of levels 1-4. For level 7 (the civil
devolution computed), the share still fully right with each common civil mistake (the spouse's
option ignored, per head instead of per souche, the community not liquidated, the legacy not
reduced to the disposable share, the parents' quarter of art. 738 ignored, the branches of art.
746 ignored), over the tasks that hold its feature and over all tasks. With --fictional-law,
every measure is taken under each task's own law, and the share of tasks the real law (the
same dossier computed with the dated tables, as a model answering from memory would) still
gets fully right is given for each level.

  -n N          number of tasks (default 400)
  --seed S      seed of the set (default 0)
  --level L     0 for the mix of levels 1 to 4 (default), or a single level 1 to ${MAX_LEVEL}
${fictionalLawHelp(16)}  --json        one JSON object instead of the tables
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
  const high = s.levels.filter((l) => l.level === 3 || l.level === 4);
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
  const real = s.levels.filter((l) => l.cgi !== undefined);
  if (real.length > 0) {
    out.push("", "Real law (levels 5-6): share of tasks still fully right with a common mistake");
    out.push("  (over the tasks that hold the mistake's feature, with their count; then over all tasks of the level)");
    const width = Math.max(...MISTAKE_ROWS.map((r) => r.label.length), 30);
    out.push(`  ${"mistake".padEnd(width)}  ${real.map((l) => `level ${l.level}`.padStart(24)).join("  ")}`);
    for (const row of MISTAKE_ROWS) {
      const cells = real.map((l) => {
        const m = l.cgi!.mistakes[row.key];
        return `${pct(m.stillRightFeatured, m.featured)} of ${m.featured}, ${pct(m.stillRight, l.tasks)} all`.padStart(24);
      });
      out.push(`  ${row.label.padEnd(width)}  ${cells.join("  ")}`);
    }
    out.push(`  ${"simplified rules of levels 1-4".padEnd(width)}  ${real.map((l) => `${pct(l.cgi!.seedRules, l.tasks)} all`.padStart(24)).join("  ")}`);
  }
  const civil = s.levels.filter((l) => l.civil !== undefined);
  if (civil.length > 0) {
    out.push("", "Civil devolution (level 7): share of tasks still fully right with a common civil mistake");
    out.push("  (over the tasks that hold the mistake's feature, with their count; then over all tasks of the level)");
    const width = Math.max(...CIVIL_MISTAKES.map((r) => r.label.length));
    out.push(`  ${"mistake".padEnd(width)}  ${civil.map((l) => `level ${l.level}`.padStart(24)).join("  ")}`);
    for (const row of CIVIL_MISTAKES) {
      const cells = civil.map((l) => {
        const m = l.civil!.mistakes[row.key];
        // A task without the feature is right with the mistake, which changes nothing there.
        return `${pct(m.stillRightFeatured, m.featured)} of ${m.featured}, ${pct(l.tasks - m.featured + m.stillRightFeatured, l.tasks)} all`.padStart(24);
      });
      out.push(`  ${row.label.padEnd(width)}  ${cells.join("  ")}`);
    }
  }
  const fictional = s.levels.filter((l) => l.fictional !== undefined);
  if (fictional.length > 0) {
    out.push("", "Fictional law: tasks still fully right with the real law (the same dossier under the dated tables)");
    for (const l of fictional) out.push(`  level ${l.level}: ${int(l.fictional!.realLawRight)} of ${int(l.fictional!.tasks)} (${pct(l.fictional!.realLawRight, l.fictional!.tasks)})`);
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
      stats.levels.filter((l) => l.level === 3 || l.level === 4).map((l) => [l.level, Object.fromEntries(Object.entries(l.stillRight).map(([k, v]) => [k, (100 * v) / l.tasks]))]),
    );
    const mistakesPercent = Object.fromEntries(
      stats.levels
        .filter((l) => l.cgi !== undefined)
        .map((l) => [
          l.level,
          {
            ...Object.fromEntries(Object.entries(l.cgi!.mistakes).map(([k, m]) => [k, { featured: m.featured === 0 ? null : (100 * m.stillRightFeatured) / m.featured, all: (100 * m.stillRight) / l.tasks }])),
            seedRules: (100 * l.cgi!.seedRules) / l.tasks,
          },
        ]),
    );
    const civilMistakesPercent = Object.fromEntries(
      stats.levels
        .filter((l) => l.civil !== undefined)
        .map((l) => [l.level, Object.fromEntries(Object.entries(l.civil!.mistakes).map(([k, m]) => [k, { featured: m.featured === 0 ? null : (100 * m.stillRightFeatured) / m.featured, all: (100 * (l.tasks - m.featured + m.stillRightFeatured)) / l.tasks }]))]),
    );
    process.stdout.write(`${JSON.stringify({ n: opts.n, seed: opts.seed, level: opts.level, ...stats, stillRightPercent, mistakesPercent, civilMistakesPercent })}\n`);
  } else {
    process.stdout.write(statsTable(stats, describeSet(opts)));
  }
  return 0;
}
