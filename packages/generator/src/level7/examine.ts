import { devolutionJson, isDossierError, readDossier, type Answer, type CivilDate, type Dossier, type DevolutionJson, type DossierInput } from "@succ/engine";
import Fraction from "fraction.js";
import { DATED_LAW, personalAllowance } from "@succ/rules";
import { daysOk, lawOf } from "../law.js";
import { sameMonthDay } from "../dates.js";
import { decisionsOf, unconfirmedOf } from "../decisions.js";
import { difficultyOf, type Difficulty } from "../difficulty.js";
import { computeUnder, promptLeaks, zeroButOne, type PromptParts } from "../guards.js";
import { implausibleParenthood } from "../plausible.js";
import { civilDecisionsOf } from "./decisions.js";
import { toCivilDossier } from "./dossier.js";
import { civilMistakesGuard, mayHoldMistake, type CivilMistake } from "./mistakes.js";
import { formsSouche, membersOf, type Level7Draft, type Member } from "./model.js";
import { level7PromptParts } from "./prompt.js";

const ZERO = new Fraction(0);
const ONE = new Fraction(1);

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
  for (const list of [d.children, d.siblings]) {
    for (const m of membersOf(list)) {
      if (m.status !== "alive") {
        if (sameMonthDay(m.birth, d.date)) return false;
        all.push(m.birth);
      }
      if (m.on) all.push(m.on);
    }
  }
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
 * An upper bound of the net estate N the engine computes, in euros: the estate's part of the
 * assets after the liquidation (art. 1475: half of the community and of a récompense due to the
 * deceased, none of them under an attribution intégrale), before the debts, the funeral costs
 * and the reduction of the main residence (art. 764 bis), which only lower it.
 */
function netEstateCeiling(d: Level7Draft): Fraction {
  const m = d.marriage;
  const community = m !== null && m.regime !== "separation_de_biens";
  let own = 0;
  let common = 0;
  for (const a of d.assets) {
    if (community && a.ownership === "common") common += a.cents;
    else own += a.cents;
  }
  if (community && m.recompense?.to === "deceased") common += m.recompense.cents;
  return new Fraction(2 * own + (m?.attributionIntegrale === true ? 0 : common), 200);
}

/**
 * Whether the living parents beside a spouse, without descendants, receive nothing of the
 * estate by the will alone (art. 757-1, 758-5): they share E − min(part × N, E), with E = N − L
 * the legacies L (reduced to q × N, art. 914-1, 926), which is 0 when L ≥ (1 − part) × N. With
 * a universal legacy or a legacy of the disposable share, L ≥ q × N ≥ (1 − part) × N; with cash
 * bequests B and fractions F of N − B, L ≥ (1 − part) × N when B × (1 − F) ≥ (1 − part − F) × N,
 * decided on a ceiling of N. Prior gifts (which change the room for legacies) decide nothing.
 */
function parentsTakeNothing(d: Level7Draft, part: Fraction, ceiling: Fraction): boolean {
  const w = d.will;
  if (w === null || d.gifts.length > 0) return false;
  if (w.universalLegatee !== null || w.disposableShareTo !== null) return true;
  const F = w.fractional.reduce((x, l) => x.add(l.num, l.den), ZERO);
  if (F.compare(ONE) > 0) return false;
  const rest = ONE.sub(part).sub(F);
  if (rest.compare(ZERO) <= 0) return w.fractional.length > 0 || w.bequests.length > 0;
  const B = new Fraction(w.bequests.reduce((x, q) => x + q.cents, 0), 100);
  return B.mul(ONE.sub(F)).compare(rest.mul(ceiling)) >= 0;
}

/**
 * The beneficiaries who may owe tax on the estate, by the file's structure and a ceiling of its
 * net estate (before the engine reads it), or null when they say nothing: a beneficiary who
 * receives nothing owes nothing, nor one who receives by law at most its personal allowance, and
 * the spouse and the PACS partner owe nothing (art. 796-0 bis). Who may receive: the legatees,
 * the insurance beneficiaries and the donees of earlier gifts, and the heirs by law (art.
 * 734-757-3): with a souche among the children, only the descendants (and the spouse), a child at
 * the head of one of k souches at most N / k; with a spouse and no descendant, no one beside a
 * liberality to the spouse (art. 1094), else the living parents (art. 757-1), each at most
 * (1 − the spouse's part) × N shared, unless the legacies leave them nothing, else, when the
 * estate holds family property, the souches of the brothers and sisters from the parent it came
 * from (art. 757-3), each at most half of that property shared. More than a superset is never
 * returned: the guards use it to redraw a file before the engine computes it only when at most
 * one beneficiary could owe tax, which the engine's answer would reject anyway.
 */
export function mayOweTax(d: Level7Draft): Set<string> | null {
  const law = lawOf(d.date);
  // Each heir by law with a ceiling of what it receives by law, in euros (null: none known).
  const heirs: [Member, Fraction | null][] = [];
  const heads = (list: readonly Member[], whole: Fraction | null): void => {
    const souches = list.filter(formsSouche);
    for (const s of souches) for (const m of membersOf([s])) heirs.push([m, m === s && whole !== null ? whole.div(souches.length) : null]);
  };
  if (d.children.some(formsSouche)) heads(d.children, netEstateCeiling(d));
  else if (d.spouse !== null) {
    const civil = law.civil;
    const parents = [d.father, d.mother].filter((m) => m.status === "alive");
    if (d.marriage?.ddv != null || d.will?.spouseLargestDisposable === true) {
      // Art. 1094: the spouse takes the whole net estate; no heir by law receives anything.
    } else if (parents.length > 0) {
      const part = new Fraction(parents.length === 2 ? civil.spouseWithBothParents : civil.spouseWithOneParent);
      const ceiling = netEstateCeiling(d);
      if (!parentsTakeNothing(d, part, ceiling)) for (const p of parents) heirs.push([p, ONE.sub(part).mul(ceiling).div(parents.length)]);
    } else {
      // Art. 757-2 and 757-3: the siblings take only family property, those who descend from its parent.
      const family = d.assets.filter((a) => a.receivedFrom !== undefined);
      const from = new Set(family.map((a) => a.receivedFrom!.parent));
      const descends = (s: Member): boolean => (s.blood === "germain" && from.size > 0) || (from.has("father") && s.blood === "consanguin") || (from.has("mother") && s.blood === "uterin");
      const half = new Fraction(civil.familyPropertyToSiblings).mul(family.reduce((x, a) => x + a.cents, 0), 100);
      heads(d.siblings.filter(descends), from.size === 1 ? half : null);
    }
  } else return null;
  const may = new Set<string>();
  for (const [m, most] of heirs) {
    if (m.status !== "alive" || m.ben === null) continue;
    if (most === null || most.compare(personalAllowance(law, "estate", m.ben.relationship)) > 0) may.add(m.ben.id);
  }
  const w = d.will;
  if (w) {
    if (w.universalLegatee !== null) may.add(w.universalLegatee);
    if (w.disposableShareTo !== null) may.add(w.disposableShareTo);
    for (const x of w.fractional) may.add(x.beneficiary);
    for (const x of w.bequests) may.add(x.beneficiary);
  }
  for (const c of d.contracts) for (const t of c.to) may.add(t.beneficiary);
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
  const found = civilMistakesGuard(input, devolution, answer, dossier);
  if (found.held.length === 0) return "noCivilMistake";
  if (found.stillRight) return "civilMistakeRight";
  const levyIds = Object.entries(answer.beneficiaires).filter(([, l]) => l.prelevement_990I !== undefined).map(([id]) => id);
  const law = result.law;
  const parts = level7PromptParts(d, law, civilDecisionsOf(d, law), levyIds);
  if (promptLeaks(parts, answer, false)) return "amountInPrompt";
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
