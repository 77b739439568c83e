import { compute, formatDate, readDossier, sameAnswer, type ComputeResult, type Rule } from "@succ/engine";
import { LAW_COVERAGE } from "@succ/rules";
import { seedAnswer } from "./pipeline.js";
import { lawSourceOf } from "./fictional-law.js";
import type { Task } from "./task.js";

/** The replay day of art. 784 (@succ/rules): a recalled gift before it states its figures. */
const REPLAY_FROM = LAW_COVERAGE.replayFrom.day;

/**
 * The measures of levels 5 and 6 (`succ stats`): for each common mistake on the real law (a rule
 * ignored, or replaced by what a model trained on levels 1-4 would do), the share of tasks still
 * fully right with that mistake, over the tasks where the rule's feature is present (the target:
 * under 10 %) and over all tasks of the level; and the share still right under the whole seed
 * rules (target 0 %).
 */

interface MistakeRow {
  key: string;
  label: string;
  /** The engine rule whose counterfactual makes the mistake. */
  rule: Rule;
  /** What the task must hold for the mistake to be possible at all. */
  feature: string;
  has(r: ComputeResult): boolean;
}

export const MISTAKE_ROWS = [
  {
    key: "funeralFlat",
    label: "flat funeral deduction taken as a cap on the invoice",
    rule: "funeralFlat",
    feature: "a funeral invoice below the flat deduction",
    has: (r) => r.kind === "estate" && r.dossier.funeralCosts.compare(r.law.funeralDeduction) < 0,
  },
  {
    key: "defaultAllowanceAlone",
    label: "788 IV stacked on the disability allowance",
    rule: "defaultAllowanceAlone",
    feature: "a disabled beneficiary without an allowance of his own",
    has: (r) => r.kind === "estate" && r.beneficiaries.some((b) => !b.exempt && r.dossier.beneficiaries.find((x) => x.id === b.id)!.disabled && !b.allowance.items.some((i) => i.source === "relationship" || i.source === "representation")),
  },
  {
    key: "allowancesUsed",
    label: "today's allowance used for a gift of 2011-2012",
    rule: "allowancesUsed",
    feature: `a recalled gift made before ${REPLAY_FROM}`,
    has: (r) => r.beneficiaries.some((b) => b.recall.recalled.some((g) => formatDate(g.gift.date) < REPLAY_FROM)),
  },
  {
    key: "allowance757BShared",
    label: "757 B allowance taken per beneficiary",
    rule: "allowance757BShared",
    feature: "premiums after 70 to two or more taxed beneficiaries",
    has: (r) => r.beneficiaries.filter((b) => b.lifeInsurance !== null && !b.lifeInsurance.exempt757B && b.lifeInsurance.premiums757B.n > 0n).length >= 2,
  },
  {
    key: "levyExemption990I",
    label: "990 I applied to the spouse (or partner, exempt sibling)",
    rule: "levyExemption990I",
    feature: "an exempt beneficiary of 990 I sums",
    has: (r) => r.beneficiaries.some((b) => b.lifeInsurance !== null && b.lifeInsurance.exempt990I && b.lifeInsurance.capital990I.n > 0n),
  },
  {
    key: "furniture764",
    label: "the 5 % furniture forgotten",
    rule: "furniture764",
    feature: "furniture with neither inventory nor sale, at the minimum of 5 %",
    // Flat, or an estimate below the minimum of art. 764 I 3° (above it, the minimum changes nothing).
    has: (r) => r.kind === "estate" && (r.estate.grossEstate.furniture?.valuation === "flat" || (r.estate.grossEstate.furniture?.valuation === "declared" && r.estate.grossEstate.furniture.declared!.lt(r.estate.grossEstate.furniture.minimum!))),
  },
  {
    key: "mainResidence764bis",
    label: "the 20 % main-residence reduction forgotten",
    rule: "mainResidence764bis",
    feature: "a main residence",
    has: (r) => r.kind === "estate" && r.dossier.assets.some((a) => a.mainResidence),
  },
  {
    key: "siblingExemption",
    label: "796-0 ter forgotten",
    rule: "siblingExemption",
    feature: "a brother or sister who meets art. 796-0 ter",
    has: (r) => r.beneficiaries.some((b) => b.exemption?.reason === "sibling"),
  },
] as const satisfies readonly MistakeRow[];

export type MistakeKey = (typeof MISTAKE_ROWS)[number]["key"];

/** For one mistake: tasks with the feature, those of them still right, and all tasks still right. */
export interface MistakeCount {
  featured: number;
  stillRightFeatured: number;
  stillRight: number;
}

export interface CgiStats {
  mistakes: Record<MistakeKey, MistakeCount>;
  /** Tasks still fully right under the simplified rules of levels 1-4 (the seed counterpart). */
  seedRules: number;
}

export function emptyCgiStats(): CgiStats {
  const mistakes = {} as Record<MistakeKey, MistakeCount>;
  for (const row of MISTAKE_ROWS) mistakes[row.key] = { featured: 0, stillRightFeatured: 0, stillRight: 0 };
  return { mistakes, seedRules: 0 };
}

/**
 * Adds one task of level 5 or 6, under the law its gold is computed with (a fictional task's own
 * law). The rules that change its answer come from its difficulty, else from the engine.
 */
export function addCgiTask(s: CgiStats, t: Task): void {
  const dossier = readDossier(t.info.dossier);
  const law = lawSourceOf(t.info);
  const r = compute(dossier, { law });
  const matter = (rule: Rule): boolean => (t.info.difficulty ? t.info.difficulty.rules.includes(rule) : !sameAnswer(compute(dossier, { ignore: [rule], law }).answer, t.answer));
  for (const row of MISTAKE_ROWS) {
    const m = s.mistakes[row.key];
    const right = !matter(row.rule);
    if (row.has(r)) {
      m.featured++;
      if (right) m.stillRightFeatured++;
    }
    if (right) m.stillRight++;
  }
  const seed = seedAnswer(t.info.dossier, law);
  if (seed !== null && sameAnswer(seed, t.answer)) s.seedRules++;
}
