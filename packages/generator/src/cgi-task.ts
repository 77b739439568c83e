import {
  ageOn,
  compute,
  isDossierError,
  readDossier,
  RULE_INFO,
  rulesOf,
  sameAnswer,
  type Answer,
  type ComputeResult,
  type Dossier,
  type DossierInput,
  type Rule,
  type RuleSet,
} from "@succ/engine";
import { toCgiDossier, seedCounterpart, type CgiDraft } from "./cgi-draft.js";
import { cgiEstate } from "./cgi-estates.js";
import { cgiGift } from "./cgi-gifts.js";
import { daysOk } from "./cgi-law.js";
import { sameMonthDay } from "./dates.js";
import { decisionsOf, unconfirmedOf } from "./decisions.js";
import { leakedAmounts, numbersIn } from "./guards.js";
import type { CgiLevel, Level } from "./levels.js";
import { OPEN_ROW_AGE } from "./law.js";
import { notaryPromptParts } from "./notary-prompt.js";
import { exemptPriorOverCeiling, implausibleParenthood } from "./plausible.js";
import type { Rng } from "./random.js";

/**
 * Levels 5 and 6: drawing a dossier of the real law, the guards it must pass, and the task's
 * difficulty. Every guard of levels 1-4 holds (no expected amount in the prompt, no "zero for all
 * but one", someone owes tax, days ≤ 28, no birthday on the act), and three more: rules that only
 * the real law has change the answer, the answer under the simplified rules of levels 1-4 is
 * wrong, and, at level 6, the task depends on no decision of this project and on no point of law
 * not confirmed in an official source.
 */

/** The rules only the real law has: what a model trained on levels 1-4 gets wrong. */
export const CGI_ONLY_RULES: readonly Rule[] = rulesOf("cgi").filter((r) => !(RULE_INFO[r].ruleSets as readonly RuleSet[]).includes("seed"));

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
 * Whether ignoring `rule` can change anything for this dossier at all (a structural test, never
 * wrong the other way): it spares the counterfactual computations of rules that have nothing to
 * act on.
 */
export function ruleApplies(d: Dossier, r: ComputeResult, rule: Rule): boolean {
  const estate = d.kind === "estate";
  const cash = d.kind === "gift" && d.gifts.some((g) => g.cash);
  switch (rule) {
    case "funeralCap":
    case "funeralFlat":
      return estate;
    case "exemption790G":
    case "ageConditions790G":
      return cash;
    case "gift790G":
      return cash || d.priorGifts.some((g) => g.cash790G);
    case "nephew790G":
      return cash && !d.person.hasDescendants;
    case "recall":
    case "lowerBands":
    case "allowancesUsed":
      return d.priorGifts.length > 0;
    case "representation":
      return d.beneficiaries.some((b) => b.represents !== null);
    case "usufruct669":
      return d.kind === "estate" ? d.spouseUsufruct !== null : d.gifts.some((g) => g.reservedUsufruct);
    case "disabilityAllowance":
    case "defaultAllowanceAlone":
      return d.beneficiaries.some((b) => b.disabled) && (rule === "disabilityAllowance" || estate);
    case "spouseExemption":
      return estate && d.beneficiaries.some((b) => b.relationship === "spouse" || b.relationship === "pacs");
    case "smallEstate":
      return r.kind === "estate" && r.estate.smallEstate !== null;
    case "siblingExemption":
      return estate && d.beneficiaries.some((b) => b.relationship === "sibling");
    case "mainResidence764bis":
      return d.kind === "estate" && d.assets.some((a) => a.mainResidence);
    case "furniture764":
      return d.kind === "estate" && d.furniture?.valuation === "flat";
    case "levy990I":
    case "levyExemption990I":
      return d.kind === "estate" && d.lifeInsurance.some((c) => c.capitalBefore70.n > 0n);
    case "premiums757B":
    case "allowance757BShared":
      return d.kind === "estate" && d.lifeInsurance.some((c) => c.premiumsAfter70.n > 0n);
    case "housing790ABis":
      return d.priorGifts.some((g) => g.housing790ABis) || (d.kind === "gift" && d.gifts.some((g) => g.housing790ABis));
  }
}

/** The rules among `rules` whose counterfactual changes the answer (engine: `compute(d, { ignore: [rule] })`). */
export function rulesThatMatter(d: Dossier, r: ComputeResult, rules: readonly Rule[]): Rule[] {
  return rules.filter((rule) => ruleApplies(d, r, rule) && !sameAnswer(compute(d, { ignore: [rule] }).answer, r.answer));
}

/** The difficulty of a computed task, given the rules already found to matter among some of them. */
export function difficultyOf(d: Dossier, r: ComputeResult, presentation: Presentation, known: { rules: readonly Rule[]; checked: readonly Rule[] } = { rules: [], checked: [] }): Difficulty {
  const rest = rulesOf(d.ruleSet).filter((x) => !known.checked.includes(x));
  const matter = new Set<Rule>([...known.rules, ...rulesThatMatter(d, r, rest)]);
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

/** The answer of the same file under the simplified rules of levels 1-4; null when those rules refuse it. */
export function seedAnswer(input: DossierInput): Answer | null {
  try {
    return compute(readDossier(seedCounterpart(input))).answer;
  } catch (e) {
    if (isDossierError(e)) return null;
    throw e;
  }
}

export type CgiRejection = "dates" | "family" | "ceiling790G" | "usufructuary91" | "noTax" | "zeroButOne" | "residueShortcut" | "residueInsensitive" | "cgiRules" | "seedRules" | "decision" | "unconfirmed" | "amountInPrompt";

export interface CgiAccepted {
  dossier: DossierInput;
  answer: Answer;
  prompt: string;
  difficulty: Difficulty;
}

/** The guards that levels 1-4 share, given to this module by task.ts. */
export interface SharedGuards {
  zeroButOne(d: Dossier, a: Answer): boolean;
  residueShortcut(d: Dossier, a: Answer): boolean;
  residueInsensitive(d: Dossier, input: DossierInput, a: Answer): boolean;
  joinPrompt(p: { dossier: string; rules: string; format: string }): string;
}

function datesOk(d: CgiDraft): boolean {
  const people = [d.subject.birth, ...d.beneficiaries.map((b) => b.birth), ...(d.kind === "estate" ? d.predeceased.map((p) => p.birth) : [])];
  if (people.some((b) => sameMonthDay(b, d.date))) return false;
  const dates = [d.date, ...people, ...d.priorGifts.map((g) => g.date), ...(d.kind === "estate" ? d.predeceased.map((p) => p.death) : [])];
  for (const c of d.cgi.contracts) dates.push(c.subscribedOn);
  for (const c of d.cgi.civil.values()) if (c.livesWithSince) dates.push(c.livesWithSince);
  return daysOk(dates);
}

/** Numbers of a rules section, read once per text. */
const rulesNumberCache = new Map<string, Set<number>>();
function rulesNumbers(rules: string): Set<number> {
  let set = rulesNumberCache.get(rules);
  if (!set) {
    if (rulesNumberCache.size > 64) rulesNumberCache.clear();
    rulesNumberCache.set(rules, (set = numbersIn(rules)));
  }
  return set;
}

/** Checks a draft of level 5 or 6 against every guard; the first failed guard's name, or the accepted task. */
export function examineCgi(d: CgiDraft, level: CgiLevel, g: SharedGuards): CgiAccepted | CgiRejection {
  if (!datesOk(d)) return "dates";
  if (implausibleParenthood(d.parents) !== null) return "family";
  if (exemptPriorOverCeiling(d.priorGifts) !== null) return "ceiling790G";
  if (d.kind === "gift" && d.gifts.some((x) => x.reservedUsufruct) && ageOn(d.subject.birth, d.date) === OPEN_ROW_AGE) return "usufructuary91";
  const input = toCgiDossier(d);
  const dossier = readDossier(input);
  const result = compute(dossier);
  const answer = result.answer;
  if (answer.total_droits <= 0) return "noTax";
  if (g.zeroButOne(dossier, answer)) return "zeroButOne";
  if (g.residueShortcut(dossier, answer)) return "residueShortcut";
  const min = MIN_CGI_RULES[level][d.kind];
  const applicable = CGI_ONLY_RULES.filter((rule) => ruleApplies(dossier, result, rule));
  if (applicable.length < min) return "cgiRules";
  const cgiRules = rulesThatMatter(dossier, result, applicable);
  if (cgiRules.length < min) return "cgiRules";
  const seed = seedAnswer(input);
  if (seed !== null && sameAnswer(seed, answer)) return "seedRules";
  const decisions = decisionsOf(result);
  if (level === 6 && decisions.length > 0) return "decision";
  if (level === 6 && unconfirmedOf(result).length > 0) return "unconfirmed";
  if (g.residueInsensitive(dossier, input, answer)) return "residueInsensitive";
  const levyIds = Object.entries(answer.beneficiaires).filter(([, l]) => l.prelevement_990I !== undefined).map(([id]) => id);
  const parts = notaryPromptParts(d, level, result.law, decisions, levyIds);
  if (leakedAmounts(`${parts.dossier}\n${parts.format}`, answer, rulesNumbers(parts.rules)).length > 0) return "amountInPrompt";
  const difficulty = difficultyOf(dossier, result, level === 5 ? "articles" : "none", { rules: cgiRules, checked: CGI_ONLY_RULES });
  return { dossier: input, answer, prompt: g.joinPrompt(parts), difficulty };
}

/** A draft of the variant: an estate or a gift of the level. */
export function drawCgi(rng: Rng, level: CgiLevel, variant: string): CgiDraft {
  return variant.endsWith("-estate") ? cgiEstate(rng, level) : cgiGift(rng, level);
}

export function isLevel(x: number): x is Level {
  return Number.isInteger(x) && x >= 1 && x <= 6;
}
