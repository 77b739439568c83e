import {
  ageOn,
  compute,
  formatDate,
  isDossierError,
  readDossier,
  rulesOf,
  sameAnswer,
  type Answer,
  type ComputeResult,
  type Dossier,
  type DossierInput,
  type Rule,
} from "@succ/engine";
import { DATED_LAW, type LawSource } from "@succ/rules";
import { toCgiDossier, seedCounterpart, type CgiDraft } from "./cgi-draft.js";
import { cgiEstate } from "./cgi-estates.js";
import { cgiGift } from "./cgi-gifts.js";
import { daysOk } from "./cgi-law.js";
import { sameMonthDay } from "./dates.js";
import { decisionsOf, unconfirmedOf } from "./decisions.js";
import { answerAmounts, holdsAny, rulesNumbers } from "./guards.js";
import { REAL_LAW, type TaskLaw } from "./fictional-law.js";
import { LEVEL_RULES, type CgiLevel, type Level } from "./levels.js";
import { openRowAge } from "./law.js";
import { notaryPromptParts } from "./notary-prompt.js";
import { exemptPriorOutsideAges, exemptPriorOverCeiling, implausibleParenthood } from "./plausible.js";
import type { Rng } from "./random.js";

/**
 * Levels 5 and 6: drawing a dossier of the real law, the guards it must pass, and the task's
 * difficulty. Every guard of levels 1-4 holds (no expected amount in the prompt, no "zero for all
 * but one", someone owes tax, days ≤ 28, no birthday on the act), and three more: rules that only
 * the real law has change the answer, the answer under the simplified rules of levels 1-4 is
 * wrong, and, at level 6, the task depends on no decision of this project and on no point of law
 * not confirmed in an official source.
 */

/** The rules only the real law has (the rules of levels 5 and 6): what a model trained on levels 1-4 gets wrong. */
export const CGI_ONLY_RULES: readonly Rule[] = LEVEL_RULES[5];

/**
 * The fewest rules of the real law that must change a task's answer. Estates: three. Gifts have
 * only three such rules in all (the allowances the earlier deeds used, art. 790 G for nephews
 * and nieces of a donor without descendants, art. 790 A bis), and the second excludes the first
 * for a donor with descendants (whose donees' earlier deeds differ from today's allowance): two
 * at level 5; at level 6, without housing gifts, one.
 */
export const MIN_CGI_RULES: Readonly<Record<CgiLevel, { estate: number; gift: number }>> = {
  5: { estate: 3, gift: 2 },
  6: { estate: 3, gift: 1 },
};

/** How the rules are given in the prompt. */
export type Presentation = "steps" | "articles" | "none" | "fictional";

/** What makes a task hard: the rules that change its answer, its computation steps, how its rules are given. */
export interface Difficulty {
  /** Every rule of the task's rule set whose counterfactual changes the answer, in the engine's order. */
  rules: Rule[];
  steps: {
    /** Bands of the scales crossed (art. 777 and art. 990 I), over all beneficiaries. */
    bands: number;
    /** Earlier gifts recalled, over all beneficiaries. */
    recalled: number;
    /** Life-insurance contracts. */
    contracts: number;
    beneficiaries: number;
  };
  presentation: Presentation;
}

/**
 * Whether ignoring `rule` can change anything for this computed dossier at all: a test on the
 * computation's details, never wrong the other way (a rule it rules out leaves the answer as it
 * is, which a test checks on thousands of tasks). It spares the counterfactual computations of
 * rules that have nothing to act on.
 */
export function ruleApplies(d: Dossier, r: ComputeResult, rule: Rule): boolean {
  const bens = r.beneficiaries;
  const taxed = (b: (typeof bens)[number]): boolean => !b.exempt;
  const cashExemption = (): boolean => bens.some((b) => b.exemption790G !== null && b.exemption790G.amount.n > 0n);
  switch (rule) {
    case "funeralCap":
      // The whole invoice deducted instead of what the law deducts.
      return r.kind === "estate" && !r.estate.funeralDeducted.equals(r.dossier.funeralCosts);
    case "funeralFlat":
      // The flat amount as a cap: the same deduction unless the invoice, or the gross estate, is below it.
      return r.kind === "estate" && d.ruleSet === "cgi" && (r.dossier.funeralCosts.compare(r.law.funeralDeduction) < 0 || r.estate.assets.compare(r.law.funeralDeduction) < 0);
    case "exemption790G":
      return cashExemption();
    case "ageConditions790G":
      return bens.some((b) => b.exemption790G !== null && (b.exemption790G.reason === "donorAge" || b.exemption790G.reason === "doneeAge"));
    case "gift790G":
      return cashExemption() || d.priorGifts.some((g) => g.cash790G);
    case "nephew790G":
      return d.kind === "gift" && !d.person.hasDescendants && bens.some((b) => b.relationship === "nephew" && b.exemption790G !== null);
    case "recall":
    case "allowancesUsed":
      return bens.some((b) => b.recall.recalled.length > 0);
    case "lowerBands":
      return bens.some((b) => b.scaleStart.n > 0n);
    case "representation":
      return bens.some((b) => taxed(b) && b.allowance.items.some((i) => i.source === "representation"));
    case "usufruct669":
      return d.kind === "estate" ? d.spouseUsufruct !== null : d.gifts.some((g) => g.reservedUsufruct);
    case "disabilityAllowance":
      return bens.some((b) => taxed(b) && b.allowance.items.some((i) => i.source === "disability"));
    case "defaultAllowanceAlone":
      return d.kind === "estate" && d.ruleSet === "cgi" && bens.some((b) => taxed(b) && b.allowance.items.length === 1 && b.allowance.items[0]!.source === "disability");
    case "spouseExemption":
      return bens.some((b) => b.exemption?.reason === "spouse");
    case "smallEstate":
      return r.kind === "estate" && r.estate.smallEstate !== null;
    case "siblingExemption":
      return bens.some((b) => b.exemption?.reason === "sibling");
    case "mainResidence764bis":
      return r.kind === "estate" && r.estate.grossEstate.mainResidence !== null && r.estate.grossEstate.mainResidence.reductionPercent > 0;
    case "furniture764":
      return d.kind === "estate" && (d.furniture?.valuation === "flat" || d.furniture?.valuation === "declared");
    case "levy990I":
      return bens.some((b) => b.lifeInsurance !== null && b.lifeInsurance.levy > 0);
    case "levyExemption990I":
      return bens.some((b) => b.lifeInsurance !== null && b.lifeInsurance.exempt990I && b.lifeInsurance.capital990I.compare(r.law.lifeInsurance.allowance990I) > 0);
    case "premiums757B":
      return bens.some((b) => b.lifeInsurance !== null && b.lifeInsurance.excess757B.n > 0n);
    case "allowance757BShared":
      return bens.filter((b) => b.lifeInsurance !== null && !b.lifeInsurance.exempt757B && b.lifeInsurance.premiums757B.n > 0n).length >= 2;
    case "housing790ABis":
      return d.priorGifts.some((g) => g.housing790ABis) || bens.some((b) => b.housing790ABis !== null && b.housing790ABis.amount.n > 0n);
  }
}

/** The rules among `rules` whose counterfactual changes the answer (engine: `compute(d, { ignore: [rule], law: source })`). */
export function rulesThatMatter(d: Dossier, r: ComputeResult, rules: readonly Rule[], source: LawSource = DATED_LAW): Rule[] {
  return rules.filter((rule) => ruleApplies(d, r, rule) && !sameAnswer(compute(d, { ignore: [rule], law: source }).answer, r.answer));
}

/**
 * The difficulty of a task computed under the law of `source`, given the rules already found to
 * matter among some of them.
 */
export function difficultyOf(
  d: Dossier,
  r: ComputeResult,
  presentation: Presentation,
  known: { rules: readonly Rule[]; checked: readonly Rule[] } = { rules: [], checked: [] },
  source: LawSource = DATED_LAW,
): Difficulty {
  const rest = rulesOf(d.ruleSet).filter((x) => !known.checked.includes(x));
  const matter = new Set<Rule>([...known.rules, ...rulesThatMatter(d, r, rest, source)]);
  let bands = 0;
  let recalled = 0;
  for (const b of r.beneficiaries) {
    bands += b.bands.length + (b.lifeInsurance?.bands990I.length ?? 0);
    recalled += b.recall.recalled.length;
  }
  return {
    rules: rulesOf(d.ruleSet).filter((x) => matter.has(x)),
    steps: { bands, recalled, contracts: d.kind === "estate" ? d.lifeInsurance.length : 0, beneficiaries: d.beneficiaries.length },
    presentation,
  };
}

/**
 * The answer of the same file under the simplified rules of levels 1-4 (with the amounts of the
 * law of `source`); null when those rules refuse it.
 */
export function seedAnswer(input: DossierInput, source: LawSource = DATED_LAW): Answer | null {
  try {
    return compute(readDossier(seedCounterpart(input)), { law: source }).answer;
  } catch (e) {
    if (isDossierError(e)) return null;
    throw e;
  }
}

export type CgiRejection =
  | "dates"
  | "family"
  | "ceiling790G"
  | "usufructuary91"
  | "lawRefuses"
  | "noTax"
  | "zeroButOne"
  | "residueShortcut"
  | "residueInsensitive"
  | "cgiRules"
  | "seedRules"
  | "decision"
  | "unconfirmed"
  | "amountInPrompt";

export interface CgiAccepted {
  dossier: DossierInput;
  answer: Answer;
  prompt: string;
  difficulty: Difficulty;
}

/** The guards that levels 1-4 share, given to this module by task.ts. */
export interface SharedGuards {
  zeroButOne(d: Dossier, a: Answer): boolean;
  residueShortcut(d: Dossier, a: Answer, source: LawSource): boolean;
  residueInsensitive(d: Dossier, input: DossierInput, a: Answer, source: LawSource): boolean;
  joinPrompt(p: { dossier: string; rules: string; format: string }): string;
}

/** Whether some heir of the residue has a taxable share (then the residue's growth shows in it). */
export function residueHeirTaxed(d: Dossier, a: Answer): boolean {
  return d.kind === "estate" && d.residue.some((s) => a.beneficiaires[s.beneficiary]!.part_taxable > 0);
}

function datesOk(d: CgiDraft): boolean {
  const people = [d.subject.birth, ...d.beneficiaries.map((b) => b.birth), ...(d.kind === "estate" ? d.predeceased.map((p) => p.birth) : [])];
  if (people.some((b) => sameMonthDay(b, d.date))) return false;
  const dates = [d.date, ...people, ...d.priorGifts.map((g) => g.date), ...(d.kind === "estate" ? d.predeceased.map((p) => p.death) : [])];
  for (const c of d.cgi.contracts) dates.push(c.subscribedOn);
  for (const c of d.cgi.civil.values()) if (c.livesWithSince) dates.push(c.livesWithSince);
  return daysOk(dates);
}

/** Checks a draft of level 5 or 6 against every guard; the first failed guard's name, or the accepted task. */
export function examineCgi(d: CgiDraft, level: CgiLevel, g: SharedGuards, taskLaw: TaskLaw = REAL_LAW): CgiAccepted | CgiRejection {
  if (!datesOk(d)) return "dates";
  if (implausibleParenthood(d.parents) !== null) return "family";
  const { source, fictional } = taskLaw;
  const day = formatDate(d.date);
  const law = source.on(day);
  if (exemptPriorOverCeiling(d.priorGifts, law) !== null) return "ceiling790G";
  // Under a fictional law the file stays one the real law accepts too (its real-law answer exists).
  if (fictional !== null && exemptPriorOverCeiling(d.priorGifts, DATED_LAW.on(day)) !== null) return "ceiling790G";
  // A fictional law's own ages of art. 790 G: a prior gift listed as exempt must meet them too.
  if (fictional !== null && exemptPriorOutsideAges(d.priorGifts, d.subject.birth, new Map(d.beneficiaries.map((x) => [x.id, x.birth])), law) !== null) return "ceiling790G";
  if (d.kind === "gift" && d.gifts.some((x) => x.reservedUsufruct) && ageOn(d.subject.birth, d.date) === openRowAge(law)) return "usufructuary91";
  const input = toCgiDossier(d, law);
  const dossier = readDossier(input);
  let result: ComputeResult;
  try {
    result = compute(dossier, { law: source });
  } catch (e) {
    // A fictional law may refuse a file the real law accepts: a redraw.
    if (isDossierError(e)) return "lawRefuses";
    throw e;
  }
  const answer = result.answer;
  if (answer.total_droits <= 0) return "noTax";
  if (g.zeroButOne(dossier, answer)) return "zeroButOne";
  if (g.residueShortcut(dossier, answer, source)) return "residueShortcut";
  const min = MIN_CGI_RULES[level][d.kind];
  const applicable = CGI_ONLY_RULES.filter((rule) => ruleApplies(dossier, result, rule));
  if (applicable.length < min) return "cgiRules";
  const cgiRules = rulesThatMatter(dossier, result, applicable, source);
  if (cgiRules.length < min) return "cgiRules";
  // Under the seed rules no beneficiary reports an art. 990 I levy: a gold with one differs anyway.
  const levyIds = Object.entries(answer.beneficiaires).filter(([, l]) => l.prelevement_990I !== undefined).map(([id]) => id);
  if (levyIds.length === 0) {
    const seed = seedAnswer(input, source);
    if (seed !== null && sameAnswer(seed, answer)) return "seedRules";
  }
  const decisions = decisionsOf(result);
  if (level === 6 && decisions.length > 0) return "decision";
  if (level === 6 && unconfirmedOf(result).length > 0) return "unconfirmed";
  // Guard (b), second half: a residue heir who owes tax (the first half) sees his share grow with
  // the estate, so the check through the engine is needed only when none does (a test checks it).
  if (!residueHeirTaxed(dossier, answer) && g.residueInsensitive(dossier, input, answer, source)) return "residueInsensitive";
  const parts = notaryPromptParts(d, level, result.law, decisions, levyIds, fictional !== null);
  const amounts = answerAmounts(answer);
  const inRules = rulesNumbers(parts.rules);
  for (const x of amounts) if (inRules.has(x)) return "amountInPrompt";
  if (holdsAny(parts.dossier, amounts) || holdsAny(parts.format, amounts)) return "amountInPrompt";
  const presentation: Presentation = fictional !== null ? "fictional" : level === 5 ? "articles" : "none";
  const difficulty = difficultyOf(dossier, result, presentation, { rules: cgiRules, checked: CGI_ONLY_RULES }, source);
  return { dossier: input, answer, prompt: g.joinPrompt(parts), difficulty };
}

/** A draft of the variant: an estate or a gift of the level. */
export function drawCgi(rng: Rng, level: CgiLevel, variant: string): CgiDraft {
  return variant.endsWith("-estate") ? cgiEstate(rng, level) : cgiGift(rng, level);
}

export function isLevel(x: number): x is Level {
  return Number.isInteger(x) && x >= 1 && x <= 6;
}
