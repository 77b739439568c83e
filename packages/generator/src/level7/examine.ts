import { ageOn, devolutionJson, isDossierError, readDossier, type Answer, type CivilDate, type Devolution, type Dossier, type DevolutionJson, type DossierInput } from "@succ/engine";
import { DATED_LAW, disposableShareFor, personalAllowance, usufructPercent, type Law, type Relationship } from "@succ/rules";
import { daysOk, lawOf } from "../law.js";
import { sameMonthDay } from "../dates.js";
import { decisionsOf, unconfirmedOf } from "../decisions.js";
import { difficultyOf, type Difficulty } from "../difficulty.js";
import { answerAmounts, computeUnder, fileLeaks, lawTextLeaks, zeroButOne, type PromptParts } from "../guards.js";
import { implausibleParenthood } from "../plausible.js";
import { civilDecisionsOf } from "./decisions.js";
import { toCivilDossier } from "./dossier.js";
import { civilMistakesGuard, fractionParts, mayHoldMistake, rightWhatever, type CivilMistake } from "./mistakes.js";
import { formsSouche, membersOf, type Level7Draft, type Member } from "./model.js";
import { fileMayShow, level7PromptParts } from "./prompt.js";
import { listOf } from "../draft.js";

/**
 * The guards of a level-7 file: those of every level (dates, a plausible family, the engine
 * accepts it, someone owes tax, no "zero for all but one", no expected amount in the prompt), the
 * tax decisions and unconfirmed points that level 6 avoids (its prompt states no law either), and
 * the devolution matters: the file holds the feature of one common civil mistake at least, and
 * each mistake whose feature it holds changes the answer.
 */

export type Level7Rejection = "dates" | "family" | "lawRefuses" | "noTax" | "zeroButOne" | "decision" | "unconfirmed" | "noCivilMistake" | "civilMistakeRight" | "amountInPrompt";

/**
 * An accepted file, in the shape of the pipeline's accepted tasks: its devolution written out as
 * JSON when first read (a task's info), never by the gold rebuild of a task. A class, its getter
 * on the prototype: one hidden class (an object literal with a getter is built anew, slowly).
 */
class Accepted7 {
  // Private fields: not the accepted task's own properties (a spread of it does not copy them).
  readonly #civil: Devolution;
  #json: DevolutionJson | undefined = undefined;
  constructor(
    readonly dossier: DossierInput,
    readonly answer: Answer,
    readonly parts: PromptParts,
    civil: Devolution,
    readonly civilMistakes: CivilMistake[],
    readonly difficulty: () => Difficulty,
  ) {
    this.#civil = civil;
  }

  get devolution(): DevolutionJson {
    return (this.#json ??= devolutionJson(this.#civil));
  }
}

export interface Level7Accepted {
  dossier: DossierInput;
  answer: Answer;
  parts: PromptParts;
  /** The engine's devolution as JSON (`info.devolution`), written out when first read. */
  readonly devolution: DevolutionJson;
  /** The civil mistakes whose feature the task holds (each changes its answer). */
  readonly civilMistakes: CivilMistake[];
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

/** The law's fractions read (a few texts: "1/2", "3/4", …), each once. */
const lawFractions = new Map<string, readonly [number, number]>();

/** The law's fraction "n/d" as [n, d] (the law's civil fractions are all of that form). */
function lawParts(text: string): readonly [number, number] {
  let f: readonly [number, number] | null | undefined = lawFractions.get(text);
  if (f === undefined) {
    f = fractionParts(text);
    if (f === null) throw new TypeError(`generator: the law's fraction ${text} is not n/d`);
    if (lawFractions.size >= 64) lawFractions.clear();
    lawFractions.set(text, f);
  }
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
 * A ceiling of the mass E that the heirs by law share beside the legacies (less `minus` × N), as
 * the engine's devolution computes it: E = N − L, the legacies L to others reduced to the room
 * A = q × (N + G) − G that the prior gifts G leave in the disposable share q (art. 913, 914-1,
 * 926). A universal legacy or one of the disposable share takes all the room: E = N − A =
 * (1 − q) × (N + G); otherwise E = max(N − L0, N − A), with L0 = B + F × (N − B) the cash
 * bequests B and the fractions F of the rest before reduction. Each term, less `minus` × N, is
 * linear in N, which lies between 0 and its ceiling (twiceNetEstateCeiling): its larger value at
 * either end bounds it. In euros, over 200 times the product of the fractions' denominators.
 */
function heirsMassCeiling(d: Level7Draft, q: readonly [number, number], minus: readonly [number, number] = [0, 1]): Ceiling {
  const w = d.will;
  // F = fn / fd over the product of the fractions' denominators (a few, each at most 10).
  let fn = 0;
  let fd = 1;
  let bequests = 0;
  if (w !== null) {
    for (const l of w.fractional) {
      fn = fn * l.den + l.num * fd;
      fd *= l.den;
    }
    for (const x of w.bequests) bequests += x.cents;
  }
  let gifts = 0;
  for (const g of d.gifts) gifts += g.atDeathCents;
  const [qn, qd] = q;
  const [mn, md] = minus;
  // Each term times 200 × fd × qd × md, for N given as twice its cents (x).
  const allRoom = w !== null && (w.universalLegatee !== null || w.disposableShareTo !== null);
  const unreduced = (x: number): number => (fd - fn) * qd * md * (x - 2 * bequests) - mn * fd * qd * x;
  const reduced = (x: number): number => (qd - qn) * fd * md * (x + 2 * gifts) - mn * fd * qd * x;
  const top = Math.max(0, twiceNetEstateCeiling(d));
  let most = Math.max(0, reduced(0), reduced(top));
  if (!allRoom) most = Math.max(most, unreduced(0), unreduced(top));
  return { num: most, den: 200 * fd * qd * md };
}

/**
 * A ceiling of what the souches of the children take by law, as valued for the tax: the mass
 * the heirs share beside the legacies (heirsMassCeiling), or beside a spouse's option that the
 * legacies do not touch (art. 1094-1: no legacy comes with a donation entre époux) the net
 * estate less the spouse's part in the options that fix it (the disposable share q for the
 * children's k souches); the bare ownership valued by art. 669 CGI at the spouse's age.
 */
function childrenCeiling(d: Level7Draft, law: Law, k: number): Ceiling {
  const option = d.marriage?.option ?? null;
  const [qn, qd] = lawParts(disposableShareFor(law.civil.disposableShare, k));
  if (d.spouse === null || option === null || option === "legal_quarter" || option === "legal_usufruct") {
    const E = heirsMassCeiling(d, [qn, qd]);
    if (d.spouse === null || option !== "legal_usufruct") return E;
    const bare = 100 - usufructPercent(law.usufruct669, ageOn(d.spouse.birth, d.date));
    return { num: E.num * bare, den: E.den * 100 };
  }
  const N = { num: twiceNetEstateCeiling(d), den: 200 };
  if (option === "ddv_disposable") return { num: N.num * (qd - qn), den: N.den * qd };
  const bare = 100 - usufructPercent(law.usufruct669, ageOn(d.spouse.birth, d.date));
  if (option !== "ddv_quarter_usufruct") return { num: N.num * bare, den: N.den * 100 };
  const [n, q] = lawParts(law.civil.spouseLiberalityQuarter);
  return { num: N.num * bare * (q - n), den: N.den * 100 * q };
}

/**
 * The beneficiaries who may owe tax on the estate, by the file's structure and a ceiling of its
 * net estate (before the engine reads it): a beneficiary who receives nothing owes nothing, nor
 * one who receives by law at most its personal allowance, and the spouse and the PACS partner
 * owe nothing (art. 796-0 bis). Who may receive: the legatees, the beneficiaries of life
 * insurance premiums paid after 70 (art. 757 B; the levy of art. 990 I is no death duty), the
 * donees of earlier gifts, and the heirs by law (art. 734-757-3), each with a ceiling of its
 * share of what the heirs take (heirsMassCeiling): with a souche among the children, only the
 * descendants (and the spouse), a child at the head of one of k souches at most a k-th of what
 * the souches take (childrenCeiling); with a spouse and no descendant, no one beside a
 * liberality to the spouse (art. 1094), else the living parents (art. 757-1), who share what the
 * spouse's part leaves, else, when the estate holds family property, the souches of the brothers
 * and sisters from the parent it came from (art. 757-3), a brother or sister at the head of one
 * at most its share of half that property; without spouse nor descendant, the order that comes
 * (art. 734): the parents (a quarter each beside the brothers' and sisters' souches, which share
 * the rest; a half each, or all, without them: art. 736-738-1), else the ascendants (half to each
 * branch present, art. 746-748), else the collaterals. More than a superset is never returned:
 * the guards use it to redraw a file before the engine computes it only when at most one
 * beneficiary could owe tax, which the engine's answer would reject anyway.
 */
export function mayOweTax(d: Level7Draft): Set<string> {
  const law = lawOf(d.date);
  const civil = law.civil;
  // Each heir by law with a ceiling of what it receives by law (null: none known), and the
  // relationship whose allowance that ceiling is held against (null: its own).
  const heirs: [Member, Ceiling | null, Relationship | null][] = [];
  const heads = (list: readonly Member[], whole: Ceiling | null, line: "child" | "sibling"): void => {
    const souches = list.filter(formsSouche);
    for (const s of souches) {
      const each = whole === null ? null : { num: whole.num, den: whole.den * souches.length };
      if (s.status === "alive") heirs.push([s, each, null]);
      else {
        // Art. 779 I and IV (the engine's representationAllowance): with two souches or more, or
        // the single souche of a predeceased child, those who represent the head share its
        // allowance as they share its souche's part, so each owes tax only when that part
        // exceeds the head's allowance.
        const shared = souches.length >= 2 || (line === "child" && s.status === "predeceased");
        for (const m of membersOf(s.descendants)) heirs.push([m, shared ? each : null, shared ? line : null]);
      }
    }
  };
  const parents = [d.father, d.mother].filter((m) => m.status === "alive");
  if (d.children.some(formsSouche)) heads(d.children, childrenCeiling(d, law, d.children.filter(formsSouche).length), "child");
  else if (d.spouse !== null) {
    if (d.marriage?.ddv != null || d.will?.spouseLargestDisposable === true) {
      // Art. 1094: the spouse takes the whole net estate; no heir by law receives anything.
    } else if (parents.length > 0) {
      // Art. 757-1 and 758-5: the spouse takes part × N (at most E), the parents share the rest of E.
      const part = lawParts(parents.length === 2 ? civil.spouseWithBothParents : civil.spouseWithOneParent);
      const rest = heirsMassCeiling(d, lawParts(civil.disposableShareWithSpouse), part);
      for (const p of parents) heirs.push([p, { num: rest.num, den: rest.den * parents.length }, null]);
    } else {
      // Art. 757-2 and 757-3: the siblings take only family property, those who descend from its parent.
      const family = d.assets.filter((a) => a.receivedFrom !== undefined);
      const from = new Set(listOf(family, (a) => a.receivedFrom!.parent));
      const descends = (s: Member): boolean => (s.blood === "germain" && from.size > 0) || (from.has("father") && s.blood === "consanguin") || (from.has("mother") && s.blood === "uterin");
      const [hn, hd] = lawParts(civil.familyPropertyToSiblings);
      heads(d.siblings.filter(descends), from.size === 1 ? { num: hn * family.reduce((x, a) => x + a.cents, 0), den: hd * 100 } : null, "sibling");
    }
  } else {
    // No disposable share is reserved (q = 1): the legacies reduce E down to nothing at most.
    const E = heirsMassCeiling(d, [1, 1]);
    const times = (text: string): Ceiling => {
      const [n, q] = lawParts(text);
      return { num: E.num * n, den: E.den * q };
    };
    const souches = d.siblings.some(formsSouche);
    if (souches) {
      const [n, q] = lawParts(civil.parentQuarter);
      for (const p of parents) heirs.push([p, times(civil.parentQuarter), null]);
      heads(d.siblings, { num: E.num * (q - n * parents.length), den: E.den * q }, "sibling");
    } else if (parents.length === 2) for (const p of parents) heirs.push([p, times(civil.parentHalf), null]);
    else if (parents.length === 1) {
      // Alone, or half beside the ascendants of the other branch (art. 738-1), who take the rest.
      heirs.push([parents[0]!, E, null]);
      for (const a of d.ascendants) heirs.push([a, E, null]);
    } else if (d.ascendants.length > 0) {
      // Art. 746-748: half to each branch present (all to one alone), per head to its nearest.
      const branches = [d.ascendants.filter((a) => a.branch === "paternal"), d.ascendants.filter((a) => a.branch === "maternal")].filter((l) => l.length > 0);
      const share = branches.length === 2 ? times(civil.branchHalf) : E;
      for (const list of branches) {
        const degree = Math.min(...listOf(list, (a) => a.degree!));
        const nearest = list.filter((a) => a.degree === degree);
        for (const a of nearest) heirs.push([a, { num: share.num, den: share.den * nearest.length }, null]);
      }
    } else for (const x of d.collaterals) heirs.push([x, null, null]);
  }
  const may = new Set<string>();
  for (const [m, most, as] of heirs) {
    if (m.status !== "alive" || m.ben === null) continue;
    if (most === null || most.num > personalAllowance(law, "estate", as ?? m.ben.relationship) * most.den) may.add(m.ben.id);
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
  return lawTextLeaks(parts.law ?? parts.rules, parts.format, amounts) || fileLeaks(parts, amounts, fileMayShow(d, amounts));
}

export function examineLevel7(d: Level7Draft): Level7Accepted | Level7Rejection {
  if (!datesOk(d)) return "dates";
  if (implausibleParenthood(d.parents) !== null) return "family";
  // No one, or one beneficiary of several, who could owe tax: the answer would be redrawn (noTax,
  // zeroButOne), so the engine need not compute it.
  const may = mayOweTax(d);
  if (may.size === 0) return "noTax";
  if (may.size === 1 && d.beneficiaries.length >= 2) return "zeroButOne";
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
  const found = civilMistakesGuard(input, result.devolution, answer, dossier, result);
  if (found.held.length === 0) return "noCivilMistake";
  if (found.stillRight) return "civilMistakeRight";
  // Pushed into a literal: one hidden class, empty or not (see listOf in draft.ts).
  const levyIds: string[] = [];
  for (const id in answer.beneficiaires) if (answer.beneficiaires[id]!.prelevement_990I !== undefined) levyIds.push(id);
  const law = result.law;
  const parts = level7PromptParts(d, law, civilDecisionsOf(d, law), levyIds);
  if (amountInPrompt(d, parts, answer)) return "amountInPrompt";
  let known: Difficulty | undefined;
  return new Accepted7(input, answer, parts, result.devolution, found.held, () => (known ??= difficultyOf(dossier, result, "none", undefined, DATED_LAW)));
}
