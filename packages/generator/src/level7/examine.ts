import { devolutionJson, isDossierError, readDossier, type Answer, type CivilDate, type Dossier, type DevolutionJson, type DossierInput } from "@succ/engine";
import { DATED_LAW } from "@succ/rules";
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
 * The beneficiaries who may owe tax on the estate, by the file's structure alone (before the
 * engine reads it), or null when the structure says nothing: a beneficiary who receives nothing
 * owes nothing, and the spouse and the PACS partner owe nothing (art. 796-0 bis). Who may receive:
 * the legatees, the insurance beneficiaries and the donees of earlier gifts, and the heirs by law
 * (art. 734-757-3): with a souche among the children, only the descendants (and the spouse); with
 * a spouse and no descendant, only the living parents (art. 757-1) and, when the estate holds
 * family property, the brothers and sisters' souches (art. 757-3). More than a superset is never
 * returned: the guards use it to redraw a file before the engine computes it only when at most
 * one beneficiary could owe tax, which the engine's answer would reject anyway.
 */
export function mayOweTax(d: Level7Draft): Set<string> | null {
  const heirs: Member[] = [];
  if (d.children.some(formsSouche)) heirs.push(...membersOf(d.children));
  else if (d.spouse !== null) {
    heirs.push(d.father, d.mother);
    if (d.assets.some((a) => a.receivedFrom !== undefined)) heirs.push(...membersOf(d.siblings));
  } else return null;
  const may = new Set<string>();
  for (const m of heirs) if (m.status === "alive" && m.ben !== null) may.add(m.ben.id);
  const w = d.will;
  if (w) {
    if (w.universalLegatee !== null) may.add(w.universalLegatee);
    if (w.disposableShareTo !== null) may.add(w.disposableShareTo);
    for (const x of w.fractional) may.add(x.beneficiary);
    for (const x of w.bequests) may.add(x.beneficiary);
  }
  for (const c of d.contracts) for (const t of c.to) may.add(t.beneficiary);
  for (const g of d.gifts) may.add(g.beneficiary);
  const exempt = lawOf(d.date).exemptions.spouseEstate;
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
