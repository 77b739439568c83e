import { ageOn, devolutionJson, isDossierError, readDossier, type Answer, type CivilDate, type Dossier, type DevolutionJson, type DossierInput } from "@succ/engine";
import { DATED_LAW, disposableShareFor, personalAllowance, usufructPercent, type Law } from "@succ/rules";
import { daysOk, lawOf } from "../law.js";
import { sameMonthDay } from "../dates.js";
import { decisionsOf, unconfirmedOf } from "../decisions.js";
import { difficultyOf, type Difficulty } from "../difficulty.js";
import { answerAmounts, computeUnder, holdsAny, rulesNumbers, zeroButOne, type PromptParts } from "../guards.js";
import { implausibleParenthood } from "../plausible.js";
import { civilDecisionsOf } from "./decisions.js";
import { toCivilDossier } from "./dossier.js";
import { civilMistakesGuard, fractionParts, mayHoldMistake, rightWhatever, type CivilMistake } from "./mistakes.js";
import { formsSouche, membersOf, type Level7Draft, type Member } from "./model.js";
import { fileMayShow, level7PromptParts } from "./prompt.js";

/**
 * The guards of a level-7 file: those of every level (dates, a plausible family, the engine
 * accepts it, someone owes tax, no "zero for all but one", no expected amount in the prompt), the
 * tax decisions and unconfirmed points that level 6 avoids (its prompt states no law either), and
 * the devolution matters: the file holds the feature of one common civil mistake at least, and
 * each mistake whose feature it holds changes the answer.
 */

export type Level7Rejection = "dates" | "family" | "lawRefuses" | "noTax" | "zeroButOne" | "decision" | "unconfirmed" | "noCivilMistake" | "civilMistakeRight" | "amountInPrompt";

export interface Level7Accepted {
  dossier: DossierInput;
  answer: Answer;
  parts: PromptParts;
  devolution: DevolutionJson;
  /** The civil mistakes whose feature the task holds (each changes its answer). */
  mistakes: CivilMistake[];
  difficulty: () => Difficulty;
}

function datesOk(d: Level7Draft): boolean {
  // No birthday of the deceased, a beneficiary or a predeceased or renouncing member on the day of
  // the death; every date of the file a day that exists in every month (daysOk).
  const all: CivilDate[] = [d.date, d.subject.birth, d.father.birth, d.mother.birth];
  if (sameMonthDay(d.subject.birth, d.date)) return false;
  for (const b of d.beneficiaries) {
    if (sameMonthDay(b.birth, d.date)) return false;
    all.push(b.birth);
  }
  if (!memberDates(d.children, d.date, all) || !memberDates(d.siblings, d.date, all)) return false;
  for (const m of [d.father, d.mother]) if (m.on) all.push(m.on);
  for (const g of d.gifts) all.push(g.date);
  for (const c of d.contracts) all.push(c.subscribedOn);
  const m = d.marriage;
  if (m) {
    all.push(m.date);
    if (m.contract) all.push(m.contract.date);
    if (m.ddv) all.push(m.ddv.date);
    if (m.optionOn) all.push(m.optionOn);
  }
  if (d.will) all.push(d.will.deed.date);
  return daysOk(all);
}

/**
 * Adds the dates of the members of a list and of their descendants (depth first) to `all`: the
 * birth of each predeceased or renouncing one, its day of death or renunciation; false at the
 * first such birth on the month and day of the death.
 */
function memberDates(list: readonly Member[], death: CivilDate, all: CivilDate[]): boolean {
  for (const m of list) {
    if (m.status !== "alive") {
      if (sameMonthDay(m.birth, death)) return false;
      all.push(m.birth);
    }
    if (m.on) all.push(m.on);
    if (!memberDates(m.descendants, death, all)) return false;
  }
  return true;
}

/**
 * A ceiling of what an heir receives by law, in euros: `num / den`, whole numbers (the cents of
 * the estate times the small numerators and denominators of the law's fractions, far below 2^53).
 */
interface Ceiling {
  num: number;
  den: number;
}

/** The law's fraction "n/d" as [n, d] (the law's civil fractions are all of that form). */
function lawParts(text: string): [number, number] {
  const f = fractionParts(text);
  if (f === null) throw new TypeError(`generator: the law's fraction ${text} is not n/d`);
  return f;
}

/**
 * An upper bound of the net estate N the engine computes, as twice its cents: the estate's part
 * of the assets less its part of the debts after the liquidation (art. 1475: half of the
 * community and of a récompense, none of them under an attribution intégrale), before the
 * funeral costs and the reduction of the main residence (art. 764 bis), which only lower it.
 */
function twiceNetEstateCeiling(d: Level7Draft): number {
  const m = d.marriage;
  const community = m !== null && m.regime !== "separation_de_biens";
  // The own property counted twice, the community's once.
  let twice = 0;
  for (const a of d.assets) twice += community && a.ownership === "common" ? (m.attributionIntegrale ? 0 : a.cents) : 2 * a.cents;
  for (const x of d.debts) twice -= community && x.ownership === "common" ? (m.attributionIntegrale ? 0 : x.cents) : 2 * x.cents;
  if (community && m.recompense !== null && !m.attributionIntegrale) twice += m.recompense.to === "deceased" ? m.recompense.cents : -m.recompense.cents;
  return twice;
}

/**
 * A ceiling of what the souches of the children take by law, as valued for the tax: the net
 * estate, less the spouse's part in the options that fix it (the disposable share q of art. 1094-1
 * for the children's k souches), the bare ownership valued by art. 669 CGI at the spouse's age.
 */
function childrenCeiling(d: Level7Draft, law: Law, k: number): Ceiling {
  const N = { num: twiceNetEstateCeiling(d), den: 200 };
  const option = d.marriage?.option ?? null;
  if (d.spouse === null || option === null || option === "legal_quarter") return N;
  if (option === "ddv_disposable") {
    const [n, q] = lawParts(disposableShareFor(law.civil.disposableShare, k));
    return { num: N.num * (q - n), den: N.den * q };
  }
  const bare = 100 - usufructPercent(law.usufruct669, ageOn(d.spouse.birth, d.date));
  if (option !== "ddv_quarter_usufruct") return { num: N.num * bare, den: N.den * 100 };
  const [n, q] = lawParts(law.civil.spouseLiberalityQuarter);
  return { num: N.num * bare * (q - n), den: N.den * 100 * q };
}

/**
 * Whether the living parents beside a spouse, without descendants, receive nothing of the
 * estate by the will alone (art. 757-1, 758-5): they share E − min(part × N, E), with E = N − L
 * the legacies L (reduced to q × N, art. 914-1, 926), which is 0 when L ≥ (1 − part) × N. With
 * a universal legacy or a legacy of the disposable share, L ≥ q × N ≥ (1 − part) × N; with cash
 * bequests B and fractions F of N − B, L ≥ (1 − part) × N when B × (1 − F) ≥ (1 − part − F) × N,
 * decided on a ceiling of N. Prior gifts (which change the room for legacies) decide nothing.
 */
function parentsTakeNothing(d: Level7Draft, part: [number, number], twiceN: number): boolean {
  const w = d.will;
  if (w === null || d.gifts.length > 0) return false;
  if (w.universalLegatee !== null || w.disposableShareTo !== null) return true;
  // F = fn / fd over the product of the fractions' denominators (a few, each at most 10).
  let fn = 0;
  let fd = 1;
  for (const l of w.fractional) {
    fn = fn * l.den + l.num * fd;
    fd *= l.den;
  }
  if (fn > fd) return false;
  const [pn, pd] = part;
  // (1 − part − F) × pd × fd.
  const rest = pd * fd - pn * fd - fn * pd;
  if (rest <= 0) return fn > 0;
  const bequests = w.bequests.reduce((x, q) => x + q.cents, 0);
  // B × (1 − F) ≥ rest × N, both sides times 200 × pd × fd, B and N in cents.
  return bequests * (fd - fn) * 2 * pd >= rest * twiceN;
}

/**
 * The beneficiaries who may owe tax on the estate, by the file's structure and a ceiling of its
 * net estate (before the engine reads it), or null when they say nothing: a beneficiary who
 * receives nothing owes nothing, nor one who receives by law at most its personal allowance, and
 * the spouse and the PACS partner owe nothing (art. 796-0 bis). Who may receive: the legatees,
 * the beneficiaries of life insurance premiums paid after 70 (art. 757 B; the levy of art. 990 I
 * is no death duty), the donees of earlier gifts, and the heirs by law (art. 734-757-3): with a
 * souche among the children, only the descendants (and the spouse), a child at the head of one
 * of k souches at most a k-th of what the souches take (childrenCeiling); with a spouse and no
 * descendant, no one beside a liberality to the spouse (art. 1094), else the living parents
 * (art. 757-1), each at most its share of (1 − the spouse's part) × N, unless the legacies leave
 * them nothing, else, when the estate holds family property, the souches of the brothers and
 * sisters from the parent it came from (art. 757-3), a brother or sister at the head of one at
 * most its share of half that property. More than a superset is never returned: the guards use
 * it to redraw a file before the engine computes it only when at most one beneficiary could owe
 * tax, which the engine's answer would reject anyway.
 */
export function mayOweTax(d: Level7Draft): Set<string> | null {
  const law = lawOf(d.date);
  // Each heir by law with a ceiling of what it receives by law (null: none known).
  const heirs: [Member, Ceiling | null][] = [];
  const heads = (list: readonly Member[], whole: Ceiling | null): void => {
    const souches = list.filter(formsSouche);
    for (const s of souches) {
      if (s.status === "alive") heirs.push([s, whole === null ? null : { num: whole.num, den: whole.den * souches.length }]);
      else for (const m of membersOf(s.descendants)) heirs.push([m, null]);
    }
  };
  if (d.children.some(formsSouche)) heads(d.children, childrenCeiling(d, law, d.children.filter(formsSouche).length));
  else if (d.spouse !== null) {
    const civil = law.civil;
    const parents = [d.father, d.mother].filter((m) => m.status === "alive");
    if (d.marriage?.ddv != null || d.will?.spouseLargestDisposable === true) {
      // Art. 1094: the spouse takes the whole net estate; no heir by law receives anything.
    } else if (parents.length > 0) {
      const [pn, pd] = lawParts(parents.length === 2 ? civil.spouseWithBothParents : civil.spouseWithOneParent);
      const twiceN = twiceNetEstateCeiling(d);
      if (!parentsTakeNothing(d, [pn, pd], twiceN)) for (const p of parents) heirs.push([p, { num: twiceN * (pd - pn), den: 200 * pd * parents.length }]);
    } else {
      // Art. 757-2 and 757-3: the siblings take only family property, those who descend from its parent.
      const family = d.assets.filter((a) => a.receivedFrom !== undefined);
      const from = new Set(family.map((a) => a.receivedFrom!.parent));
      const descends = (s: Member): boolean => (s.blood === "germain" && from.size > 0) || (from.has("father") && s.blood === "consanguin") || (from.has("mother") && s.blood === "uterin");
      const [hn, hd] = lawParts(civil.familyPropertyToSiblings);
      heads(d.siblings.filter(descends), from.size === 1 ? { num: hn * family.reduce((x, a) => x + a.cents, 0), den: hd * 100 } : null);
    }
  } else return null;
  const may = new Set<string>();
  for (const [m, most] of heirs) {
    if (m.status !== "alive" || m.ben === null) continue;
    if (most === null || most.num > personalAllowance(law, "estate", m.ben.relationship) * most.den) may.add(m.ben.id);
  }
  const w = d.will;
  if (w) {
    if (w.universalLegatee !== null) may.add(w.universalLegatee);
    if (w.disposableShareTo !== null) may.add(w.disposableShareTo);
    for (const x of w.fractional) may.add(x.beneficiary);
    for (const x of w.bequests) may.add(x.beneficiary);
  }
  // Life insurance brings death duties only on the premiums paid after 70 (art. 757 B); the sums
  // due for the others bear the levy of art. 990 I, which is not in the duties.
  for (const c of d.contracts) if (c.premiumsAfter70 > 0) for (const t of c.to) may.add(t.beneficiary);
  for (const g of d.gifts) may.add(g.beneficiary);
  const exempt = law.exemptions.spouseEstate;
  for (const b of d.beneficiaries) if (exempt.includes(b.relationship)) may.delete(b.id);
  return may;
}

function read(input: DossierInput): Dossier | null {
  try {
    return readDossier(input);
  } catch (e) {
    if (isDossierError(e)) return null;
    throw e;
  }
}

/**
 * promptLeaks of guards.ts on the parts of a level-7 prompt (the law's text, the format, the
 * decisions, then the file), the file's text written and read only when it may show an expected
 * amount (fileMayShow): the gold rebuild of a task, which never joins the prompt, then never
 * writes it.
 */
function amountInPrompt(d: Level7Draft, parts: PromptParts, answer: Answer): boolean {
  const amounts = answerAmounts(answer);
  const inLaw = rulesNumbers(parts.law ?? parts.rules);
  const inFormat = rulesNumbers(parts.format);
  for (const x of amounts) if (inLaw.has(x) || inFormat.has(x)) return true;
  if (parts.law !== undefined && parts.decisions !== undefined && holdsAny(parts.decisions, amounts)) return true;
  return fileMayShow(d, amounts) && holdsAny(parts.dossier, amounts);
}

export function examineLevel7(d: Level7Draft): Level7Accepted | Level7Rejection {
  if (!datesOk(d)) return "dates";
  if (implausibleParenthood(d.parents) !== null) return "family";
  // No one, or one beneficiary of several, who could owe tax: the answer would be redrawn (noTax,
  // zeroButOne), so the engine need not compute it.
  const may = mayOweTax(d);
  if (may !== null && may.size === 0) return "noTax";
  if (may !== null && may.size === 1 && d.beneficiaries.length >= 2) return "zeroButOne";
  const input = toCivilDossier(d);
  // No feature of a common civil mistake in the file itself: redrawn (noCivilMistake) whatever the engine computes.
  if (!mayHoldMistake(input)) return "noCivilMistake";
  // A mistake that gets the gold by the file's structure alone: redrawn (civilMistakeRight) before the engine computes it.
  if (rightWhatever(input)) return "civilMistakeRight";
  const dossier = read(input);
  if (dossier === null) return "lawRefuses";
  const result = computeUnder(dossier, DATED_LAW);
  if (result === null || result.kind !== "estate" || result.devolution === undefined) return "lawRefuses";
  const answer = result.answer;
  if (answer.total_droits <= 0) return "noTax";
  if (zeroButOne(dossier, answer)) return "zeroButOne";
  // The prompt states no tax law, nor the tax decisions of levels 5-6: a task needing one is redrawn.
  if (decisionsOf(result).length > 0) return "decision";
  if (unconfirmedOf(result).length > 0) return "unconfirmed";
  const devolution = devolutionJson(result.devolution);
  const found = civilMistakesGuard(input, devolution, answer, dossier, result);
  if (found.held.length === 0) return "noCivilMistake";
  if (found.stillRight) return "civilMistakeRight";
  // Pushed into a literal: one hidden class, empty or not (see listOf in draft.ts).
  const levyIds: string[] = [];
  for (const id in answer.beneficiaires) if (answer.beneficiaires[id]!.prelevement_990I !== undefined) levyIds.push(id);
  const law = result.law;
  const parts = level7PromptParts(d, law, civilDecisionsOf(d, law), levyIds);
  if (amountInPrompt(d, parts, answer)) return "amountInPrompt";
  let known: Difficulty | undefined;
  return {
    dossier: input,
    answer,
    parts,
    devolution,
    mistakes: found.held,
    difficulty: () => (known ??= difficultyOf(dossier, result, "none", undefined, DATED_LAW)),
  };
}
