import { compute, isDossierError, readDossier, sameAnswer, type Answer, type DevolutionJson, type DossierInput, type Rule } from "@succ/engine";
import { DATED_LAW, type Law, type LawSource } from "@succ/rules";
import { lawAt } from "@succ/engine/internal";
import { isCgiDraft, seedCounterpart, toCgiDossier, toDossier, listOf, type CgiDraft, type Draft } from "./draft.js";
import { cgiEstate } from "./cgi-estates.js";
import { cgiGift } from "./cgi-gifts.js";
import { decisionsOf, unconfirmedOf } from "./decisions.js";
import { actsOnRecallOnly, cgiRuleMayApply, counterfactualChanges, difficultyOf, levelRulesMatter, ruleApplies, ruleSurelyMatters, type Difficulty } from "./difficulty.js";
import { childrenLegatees, estateRecall, onlyChildEstate, siblingsLegatees, spouseChildren, spouseUsufructEstate } from "./estates.js";
import { REAL_LAW, type TaskLaw } from "./fictional-law.js";
import { bareOwnershipGift, gift790G, giftFullOwnership } from "./gifts.js";
import { answerAmounts, computeUnder, datesOk, fileLeaks, lawTextLeaks, promptLeaks, residueHeirTaxed, residueInsensitive, residueShortcut, usufructuaryAge, zeroButOne, type PromptParts } from "./guards.js";
import { openRowAge, promptLaw } from "./law.js";
import { isCgiLevel, LEVEL_RULES, LEVEL_SPEC, type CgiLevel, type Level, type Shape, type Variant } from "./levels.js";
import { exemptPriorOutsideAges, exemptPriorOverCeiling, implausibleParenthood } from "./plausible.js";
import { joinPrompt, lawParts, promptParts } from "./prompt.js";
import type { Rng } from "./random.js";
import { drawLevel7 } from "./level7/draw.js";
import { examineLevel7, type Level7Rejection } from "./level7/examine.js";
import type { CivilMistake } from "./level7/mistakes.js";
import type { Level7Draft, Level7Variant } from "./level7/model.js";

/**
 * The one pipeline of levels 1-7: a variant's draft is drawn, then passes every guard in order
 * (the first failed guard's name is a redraw) and becomes a task: its dossier, its gold answer,
 * its prompt (the presentation of the law is the level's, from LEVEL_SPEC, or the task's
 * fictional law) and its difficulty. The guards every level passes live in guards.ts; what
 * depends on the level is read from its specification (LEVEL_SPEC): the rule set (the real law's dossier fields and
 * guards at levels 5-6), and the presentation (a level that states no law, level 6, takes no task
 * that depends on a decision of this project or an unconfirmed point of law).
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

/** Whether at least `min` of {@link CGI_ONLY_RULES} may apply to a draft of levels 5-6 ({@link cgiRuleMayApply}). */
function enoughCgiRulesMayApply(d: CgiDraft, law: Law, min: number): boolean {
  let n = 0;
  for (const rule of CGI_ONLY_RULES) if (cgiRuleMayApply(d, law, rule) && ++n >= min) return true;
  return false;
}

/** A draft of a variant (the first six tasks of the mix are pinned down further by `shape`). */
export function draw(rng: Rng, level: Level, variant: Variant, shape: Shape = "default"): Draft | Level7Draft {
  if (LEVEL_SPEC[level].civil) return drawLevel7(rng, variant as Level7Variant);
  if (isCgiLevel(level)) return variant.endsWith("-estate") ? cgiEstate(rng, level) : cgiGift(rng, level);
  switch (variant) {
    case "only-child-estate":
      return onlyChildEstate(rng);
    case "gift-full-ownership":
      return giftFullOwnership(rng);
    case "spouse-children":
      return spouseChildren(rng, shape === "withBequest" ? 1 : 0);
    case "children-legatees":
      return childrenLegatees(rng);
    case "siblings-legatees":
      return siblingsLegatees(rng);
    case "gift-790g":
      return gift790G(rng, shape === "790GMatters");
    case "estate-recall":
      return estateRecall(rng, shape === "recallAndRepresentation");
    case "bare-ownership-gift":
      return bareOwnershipGift(rng);
    case "spouse-usufruct-estate":
      return spouseUsufructEstate(rng, shape === "eightBeneficiaries" ? 8 : undefined);
    default:
      throw new RangeError(`generator: variant ${variant} is not a variant of level ${level}`);
  }
}

/** Why a draft is redrawn (kept as names for tests and for counting). */
export type Rejection =
  | "dates"
  | "family"
  | "ceiling790G"
  | "usufructuary91"
  | "lawRefuses"
  | "noTax"
  | "zeroButOne"
  | "residueShortcut"
  | "levelRule"
  | "cgiRules"
  | "seedRules"
  | "decision"
  | "unconfirmed"
  | "residueInsensitive"
  | "amountInPrompt"
  | Level7Rejection;

/** A draft that passed every guard. */
export interface Accepted {
  dossier: DossierInput;
  answer: Answer;
  prompt: string;
  /**
   * The task's difficulty: at levels 5-6 already computed by the guards (which found the real
   * law's rules that matter); at levels 1-4 computed when called.
   */
  difficulty: () => Difficulty;
  /** Level 7: the civil devolution the engine computed (`info.devolution`), and the civil mistakes the task punishes. */
  devolution?: DevolutionJson;
  civilMistakes?: CivilMistake[];
}

function isLevel7Draft(d: Draft | Level7Draft): d is Level7Draft {
  // A draft of levels 1-6 has a kind (estate or gift); a level-7 file is an estate by nature.
  return (d as Partial<Draft>).kind === undefined;
}

/**
 * The answer of the same file under the simplified rules of levels 1-4 (with the amounts of the
 * law of `source`); null when those rules refuse it.
 */
export function seedAnswer(input: DossierInput, source: LawSource = DATED_LAW): Answer | null {
  try {
    return compute(readDossier(seedCounterpart(input)), { source }).answer;
  } catch (e) {
    if (isDossierError(e)) return null;
    throw e;
  }
}

/** A draft that passed every guard, its prompt still in parts (the gold rebuild of a task never joins them). */
export type AcceptedParts = Omit<Accepted, "prompt"> & { parts: PromptParts };

/** Checks a draft of `level` against every guard; the first failed guard's name, or the accepted task. */
export function examine(d: Draft | Level7Draft, level: Level, shape: Shape = "default", taskLaw: TaskLaw = REAL_LAW): Accepted | Rejection {
  const r = examineParts(d, level, shape, taskLaw);
  if (typeof r === "string") return r;
  const { parts, ...rest } = r;
  // A level-7 file's devolution is a getter of its class, which a spread does not copy.
  return r.devolution === undefined ? { ...rest, prompt: joinPrompt(parts) } : { ...rest, devolution: r.devolution, prompt: joinPrompt(parts) };
}

/**
 * {@link examine} without joining the prompt: the same guards in the same order, hence the same
 * accepted draft and the same redraws. Nothing here computes the difficulty (a thunk).
 */
export function examineParts(d: Draft | Level7Draft, level: Level, shape: Shape = "default", taskLaw: TaskLaw = REAL_LAW): AcceptedParts | Rejection {
  if (isLevel7Draft(d)) {
    // Level 7 (computed mode): its own guards; it takes no fictional law (LEVEL_SPEC).
    const r = examineLevel7(d);
    if (typeof r === "string") return r;
    // Already in the accepted task's shape, its devolution written out only when read (never by the gold rebuild).
    return r;
  }
  if (!datesOk(d)) return "dates";
  if (implausibleParenthood(d.parents) !== null) return "family";
  const spec = LEVEL_SPEC[level];
  const { source, fictional } = taskLaw;
  const law = lawAt(source, d.date);
  if (exemptPriorOverCeiling(d.priorGifts, law) !== null) return "ceiling790G";
  // Under a fictional law the dossier stays one the real law accepts too (so that its real-law
  // answer, what a model answering from memory finds, exists).
  if (fictional !== null && exemptPriorOverCeiling(d.priorGifts, lawAt(DATED_LAW, d.date)) !== null) return "ceiling790G";
  // A fictional law's own ages of art. 790 G: a prior gift listed as exempt must meet them too (the real 18 and 80 are not the task's).
  if (fictional !== null && exemptPriorOutsideAges(d.priorGifts, d.subject.birth, new Map(listOf(d.beneficiaries, (x) => [x.id, x.birth])), law) !== null) return "ceiling790G";
  if (usufructuaryAge(d) === openRowAge(law)) return "usufructuary91";
  if ((spec.ruleSet === "cgi") !== isCgiDraft(d)) throw new TypeError(`generator: a draft of the ${isCgiDraft(d) ? "real law" : "seed rules"} given to level ${level}`);
  // Levels 5-6: too few of the real law's own rules may apply to the draft for the guard `cgiRules`
  // below (ruleApplies, on its computation), whatever that computation: redrawn before it.
  if (isCgiDraft(d) && !enoughCgiRulesMayApply(d, law, MIN_CGI_RULES[level as CgiLevel][d.kind])) return "cgiRules";
  const input = isCgiDraft(d) ? toCgiDossier(d, law) : toDossier(d);
  const dossier = readDossier(input);
  const result = computeUnder(dossier, source);
  if (result === null) return "lawRefuses";
  const answer = result.answer;
  if (answer.total_droits <= 0) return "noTax";
  if (zeroButOne(dossier, answer)) return "zeroButOne";
  if (residueShortcut(dossier, answer, source)) return "residueShortcut";
  // The beneficiaries who report an art. 990 I levy (levels 5-6), whom the answer format names.
  // Pushed into a literal: one hidden class, empty or not (see listOf).
  const levyIds: string[] = [];
  for (const id in answer.beneficiaires) if (answer.beneficiaires[id]!.prelevement_990I !== undefined) levyIds.push(id);
  // The real law's text and the answer format do not depend on the file: an expected amount in
  // them (the guard amountInPrompt, below) is known now, and redrawn before the costlier guards.
  const written = fictional === null ? lawParts(d, level, isCgiDraft(d) ? result.law : promptLaw(), false, levyIds) : null;
  const amounts = written !== null ? answerAmounts(answer) : null;
  if (written !== null && lawTextLeaks(written.section, written.format, amounts!)) return "amountInPrompt";
  const presentation = fictional !== null ? "fictional" : spec.presentation;
  let parts: PromptParts;
  let difficulty: () => Difficulty;
  if (!isCgiDraft(d)) {
    if (!levelRulesMatter(dossier, answer, level, shape, source, result)) return "levelRule";
    // As under the real law (below): a residue heir who owes tax sees his share grow with the
    // estate, so the grown estate is computed only when none does.
    if (!residueHeirTaxed(dossier, answer) && residueInsensitive(dossier, input, answer, source)) return "residueInsensitive";
    parts = promptParts(d, level, fictional ?? promptLaw(), fictional !== null, undefined, written);
    // Computed from the dossier when first read: the counterfactuals of levels 1-4 are not guards.
    difficulty = () => {
      const again = readDossier(input);
      return difficultyOf(again, compute(again, { source }), presentation, undefined, source);
    };
  } else {
    const cgiLevel = level as CgiLevel;
    const min = MIN_CGI_RULES[cgiLevel][d.kind];
    const applicable = CGI_ONLY_RULES.filter((rule) => ruleApplies(dossier, result, rule));
    if (applicable.length < min) return "cgiRules";
    // The guard needs `min` rules that matter, not all of them: those proven to matter count
    // without a counterfactual, then the others are decided (those of the recall first, mostly
    // without computing the dossier again) until `min` are found (or can no longer be); the
    // difficulty decides the rest when read.
    const cgiRules: Rule[] = applicable.filter((rule) => ruleSurelyMatters(result, rule));
    const checked: Rule[] = [...cgiRules];
    const rest = applicable.filter((rule) => !cgiRules.includes(rule));
    const open = [...rest.filter(actsOnRecallOnly), ...rest.filter((rule) => !actsOnRecallOnly(rule))];
    for (let i = 0; i < open.length && cgiRules.length < min && cgiRules.length + open.length - i >= min; i++) {
      const rule = open[i]!;
      checked.push(rule);
      if (counterfactualChanges(dossier, result, rule, source)) cgiRules.push(rule);
    }
    if (cgiRules.length < min) return "cgiRules";
    // Under the seed rules no beneficiary reports an art. 990 I levy: a gold with one differs anyway.
    if (levyIds.length === 0) {
      const seed = seedAnswer(input, source);
      if (seed !== null && sameAnswer(seed, answer)) return "seedRules";
    }
    const decisions = decisionsOf(result);
    // A prompt that states no law cannot state the decisions a task depends on either.
    if (spec.presentation === "none" && decisions.length > 0) return "decision";
    if (spec.presentation === "none" && unconfirmedOf(result).length > 0) return "unconfirmed";
    // Guard (b), second half: a residue heir who owes tax (the first half) sees his share grow with
    // the estate, so the check through the engine is needed only when none does (a test checks it).
    if (!residueHeirTaxed(dossier, answer) && residueInsensitive(dossier, input, answer, source)) return "residueInsensitive";
    parts = promptParts(d, cgiLevel, result.law, fictional !== null, { decisions, levyIds }, written);
    // The real law's rules already found to matter (or not) are not computed again.
    let known: Difficulty | undefined;
    difficulty = () => (known ??= difficultyOf(dossier, result, presentation, { rules: cgiRules, checked }, source));
  }
  // The law's text and the format already checked (above), under the real law.
  if (amounts !== null ? fileLeaks(parts, amounts) : promptLeaks(parts, answer, true)) return "amountInPrompt";
  return { dossier: input, answer, parts, difficulty };
}
