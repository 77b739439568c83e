import { ageOn, compute, isDossierError, readDossier, type Answer, type CivilDate, type ComputeResult, type Dossier, type DossierInput } from "@succ/engine";
import { lawAt, netEstateOf } from "@succ/engine/internal";
import { DATED_LAW, type Law, type LawSource } from "@succ/rules";
import { isCgiDraft, type Draft } from "./draft.js";
import { MAX_DAY, sameMonthDay } from "./dates.js";

/**
 * The guards every task of every level passes, in one module: a draft whose dossier fails one is
 * redrawn (pipeline.ts runs them in order). Dates (days ≤ 28, no birthday on the act), the
 * seed's "no shortcut answer is right" (rules (a) and (b)), the engine's refusal under the
 * task's law, and no expected amount anywhere in the prompt.
 */

/** Whether every day of month of the draft is ≤ 28 and no one's birthday falls on the act. */
export function datesOk(d: Draft): boolean {
  // Each person's birth: not on the act's month and day; every date: a day ≤ MAX_DAY (read in
  // place, without a list of them: this runs for every draft).
  const act = d.date;
  const birthOk = (b: CivilDate): boolean => !sameMonthDay(b, act) && b.d <= MAX_DAY;
  if (act.d > MAX_DAY || !birthOk(d.subject.birth)) return false;
  for (const b of d.beneficiaries) if (!birthOk(b.birth)) return false;
  if (d.kind === "estate") for (const p of d.predeceased) if (!birthOk(p.birth) || p.death.d > MAX_DAY) return false;
  for (const g of d.priorGifts) if (g.date.d > MAX_DAY) return false;
  if (isCgiDraft(d)) {
    for (const c of d.cgi.contracts) if (c.subscribedOn.d > MAX_DAY) return false;
    for (const c of d.cgi.civil.values()) if (c.livesWithSince && c.livesWithSince.d > MAX_DAY) return false;
  }
  return true;
}

/** The age of the usufructuary of a draft on the act (the spouse of an estate, the donor reserving it), or null. */
export function usufructuaryAge(d: Draft): number | null {
  if (d.kind === "estate") {
    if (d.spouseUsufruct === null) return null;
    return ageOn(d.beneficiaries.find((b) => b.id === d.spouseUsufruct)!.birth, d.date);
  }
  return d.gifts.some((g) => g.reservedUsufruct) ? ageOn(d.subject.birth, d.date) : null;
}

/**
 * The computation of a dossier under a law source, or null when the engine refuses the dossier
 * under it (a fictional law may put a prior 790 G gift above its own ceiling): a redraw, never an error.
 */
export function computeUnder(dossier: Dossier, source: LawSource): ComputeResult | null {
  try {
    return compute(dossier, { source });
  } catch (e) {
    if (isDossierError(e)) return null;
    throw e;
  }
}

/**
 * Rule (a) of the seed: two or more taxable beneficiaries, but fewer than two owe tax. Made a
 * little stricter: any dossier with two or more beneficiaries needs two who owe tax, so that
 * "one beneficiary's exact values and 0 for the others" is never the answer, even beside an
 * exempt spouse.
 */
export function zeroButOne(dossier: Dossier, answer: Answer): boolean {
  if (dossier.beneficiaries.length < 2) return false;
  let owing = 0;
  for (const b of dossier.beneficiaries) if (answer.beneficiaires[b.id]!.droits > 0 && ++owing === 2) return false;
  return true;
}

/** The law of a dossier's act from a source (the dated tables, or a task's fictional law). */
function lawFrom(source: LawSource, dossier: Dossier): Law {
  return lawAt(source, dossier.date);
}

/** The residue heirs of an estate who are not exempt (the spouse and the PACS partner are, art. 796-0 bis). */
function residueHeirs(dossier: Dossier, source: LawSource): string[] {
  // Pushed into a literal: one hidden class, empty or not (see listOf in draft.ts; the guards
  // that read it are inlined into the pipeline, which a new class would deoptimize).
  const out: string[] = [];
  if (dossier.kind !== "estate") return out;
  const exempt = lawFrom(source, dossier).exemptions.spouseEstate;
  for (const s of dossier.residue) {
    const id = s.beneficiary;
    if (!exempt.includes(dossier.beneficiaries.find((b) => b.id === id)!.relationship)) out.push(id);
  }
  return out;
}

/** Rule (b), first half: tax is due but no residue heir has both a taxable share and tax. */
export function residueShortcut(dossier: Dossier, answer: Answer, source: LawSource = DATED_LAW): boolean {
  if (dossier.kind !== "estate" || dossier.residue.length === 0) return false;
  return answer.total_droits > 0 && !residueHeirs(dossier, source).some((id) => answer.beneficiaires[id]!.part_taxable > 0 && answer.beneficiaires[id]!.droits > 0);
}

/**
 * The estate with a net estate 10 % larger, as the check of rule (b) needs: an extra asset of a
 * tenth of the net estate (the engine's, under the law of the date of death from `source`),
 * rounded up to the cent, written as a decimal string.
 */
export function grownEstate(input: DossierInput, dossier: Dossier = readDossier(input), source: LawSource = DATED_LAW): DossierInput {
  if (dossier.kind !== "estate") throw new TypeError("grownEstate: not an estate");
  // A tenth of the net estate, in cents: net × 100 / 10, rounded up.
  const tenth = netEstateOf(dossier, lawFrom(source, dossier)).netEstate.mul(10).ceil();
  const cents = tenth.s * tenth.n;
  const value = `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
  return { ...input, assets: [...(input.assets ?? []), { label: "Actif supplémentaire", value }] };
}

/** Rule (b), second half: the residue heirs' values do not move when the net estate grows by 10 %. */
export function residueInsensitive(dossier: Dossier, input: DossierInput, answer: Answer, source: LawSource = DATED_LAW): boolean {
  if (dossier.kind !== "estate" || dossier.residue.length === 0) return false;
  const grown = compute(readDossier(grownEstate(input, dossier, source)), { source }).answer;
  return residueHeirs(dossier, source).every((id) => {
    const a = answer.beneficiaires[id]!;
    const b = grown.beneficiaires[id]!;
    return a.part_taxable === b.part_taxable && a.droits === b.droits;
  });
}

/** Whether some heir of the residue has a taxable share (then the residue's growth shows in it). */
export function residueHeirTaxed(d: Dossier, a: Answer): boolean {
  return d.kind === "estate" && d.residue.some((s) => a.beneficiaires[s.beneficiary]!.part_taxable > 0);
}

/**
 * Whether an expected amount of the answer shows in the prompt's parts. The rules text and the
 * answer format of the real law are the same for many tasks: their numbers are read once
 * ({@link rulesNumbers}); a fictional law's are the task's own, searched once without a set of
 * their numbers.
 */
export function promptLeaks(parts: PromptParts, answer: Answer, fictional: boolean): boolean {
  const amounts = answerAmounts(answer);
  if (fictional) {
    if (holdsAny(parts.rules, amounts) || holdsAny(parts.format, amounts)) return true;
  } else {
    // The law's text of many tasks, and the task's own decisions (no number runs across the
    // blank line that joins them in `rules`).
    if (lawTextLeaks(parts.law ?? parts.rules, parts.format, amounts)) return true;
  }
  return fileLeaks(parts, amounts);
}

/**
 * {@link promptLeaks} of what a prompt of the real law adds to its law's text and answer format
 * (those checked by {@link lawTextLeaks}), or what any prompt adds to its rules and format: the
 * task's own decisions and the file.
 */
export function fileLeaks(parts: PromptParts, amounts: ReadonlySet<number>, fileMayShow = true): boolean {
  if (parts.law !== undefined && parts.decisions !== undefined && holdsAny(parts.decisions, amounts)) return true;
  // fileMayShow false: the file is known to show none of the amounts (level 7 tells it from the
  // draft), and its text, written only when read, is then neither written nor read.
  return fileMayShow && holdsAny(parts.dossier, amounts);
}

/**
 * Whether an expected amount (of {@link answerAmounts}) shows in the real law's text or answer
 * format of a prompt (their numbers read once a text): what {@link promptLeaks} checks of them,
 * which the pipeline checks before writing the file.
 */
export function lawTextLeaks(law: string, format: string, amounts: ReadonlySet<number>): boolean {
  const inRules = rulesNumbers(law);
  const inFormat = rulesNumbers(format);
  for (const x of amounts) if (inRules.has(x) || inFormat.has(x)) return true;
  return false;
}

/** A prompt in its three parts: what varies with the dossier, the law as the level gives it, the answer format. */
export interface PromptParts {
  dossier: string;
  rules: string;
  format: string;
  /**
   * Where `rules` is the law's text then, after a blank line, the task's own decisions: the
   * two (the law's text, the same for many tasks, has its numbers read once).
   */
  law?: string;
  decisions?: string;
}

/**
 * Every number a reader could see in a text, in any usual formatting: digit groups separated by
 * a space, a no-break space, a narrow no-break space, a dot or a comma are read both apart and
 * joined (`12 345,00` gives 12, 345, 0, 12345, 34500 and 1234500), so an amount cannot hide
 * behind a thousands separator or a decimal part.
 */
export function numbersIn(text: string, into: Set<number> = new Set<number>()): Set<number> {
  scanNumbers(text, null, into);
  return into;
}

/**
 * Whether the text holds any of `targets` as a number, read as {@link numbersIn} reads numbers
 * (every digit group apart and joined), without building the set of all its numbers.
 */
export function holdsAny(text: string, targets: ReadonlySet<number>): boolean {
  return targets.size > 0 && scanNumbers(text, targets, null);
}

/** The expected non-zero amounts of an answer (taxable shares, taxes, art. 990 I levies, total). */
export function answerAmounts(answer: Answer): Set<number> {
  const out = new Set<number>();
  for (const v of Object.values(answer.beneficiaires)) {
    if (v.part_taxable !== 0) out.add(v.part_taxable);
    if (v.droits !== 0) out.add(v.droits);
    if (v.prelevement_990I !== undefined && v.prelevement_990I !== 0) out.add(v.prelevement_990I);
  }
  if (answer.total_droits !== 0) out.add(answer.total_droits);
  return out;
}

/**
 * Every number of the text, in the way of {@link numbersIn}: each added to `into`, or (`targets`
 * given) whether one of `targets` is among them, from the first found. A joined run of digit
 * groups is read as a number when it has at most 15 digits (then exact in a double, as `Number`
 * of its digits would read it, leading zeros included): its value is accumulated group by group,
 * without building the digit strings. One function for both uses, without a callback a number:
 * this reads every character of every prompt.
 */
function scanNumbers(text: string, targets: ReadonlySet<number> | null, into: Set<number> | null): boolean {
  // The targets' range: a joined number below it is not looked up, and the joins of one start
  // only grow (a group appended to a run multiplies it by a power of ten and adds), so past it
  // the joins of that start stop.
  let lo = Infinity;
  let hi = -Infinity;
  if (targets !== null) {
    for (const t of targets) {
      if (t < lo) lo = t;
      if (t > hi) hi = t;
    }
  }
  const values = groupValues;
  const lengths = groupLengths;
  const n = text.length;
  let i = 0;
  for (;;) {
    // The next digit, found by the regular expression engine: most of a prompt is words, which
    // it skips about twice as fast as a loop of charCodeAt. `test` (not `exec`): no match array
    // made for each run of digits (a tenth of all the generator allocated); the match is one
    // character, so it ends just before `lastIndex`.
    NEXT_DIGIT.lastIndex = i;
    if (!NEXT_DIGIT.test(text)) break;
    i = NEXT_DIGIT.lastIndex - 1;
    let c = text.charCodeAt(i++);
    // A run of digit groups joined by single separators (i is past its first digit).
    let groups = 0;
    let value = c - 48;
    let length = 1;
    for (;;) {
      if (i < n && (c = text.charCodeAt(i)) >= 48 && c <= 57) {
        value = value * 10 + (c - 48);
        length++;
        i++;
        continue;
      }
      values[groups] = value;
      lengths[groups] = length;
      groups++;
      if (i + 1 < n && isSeparator(c)) {
        const next = text.charCodeAt(i + 1);
        if (next >= 48 && next <= 57) {
          value = next - 48;
          length = 1;
          i += 2;
          continue;
        }
      }
      break;
    }
    for (let a = 0; a < groups; a++) {
      let joined = 0;
      let digits = 0;
      for (let b = a; b < groups; b++) {
        digits += lengths[b]!;
        // Longer runs have more than 15 digits too: none is read.
        if (digits > 15) break;
        joined = joined * POWERS_OF_TEN[lengths[b]!]! + values[b]!;
        if (into !== null) into.add(joined);
        else if (joined > hi) break;
        else if (joined >= lo && targets!.has(joined)) return true;
      }
    }
  }
  return false;
}

/** A digit, searched from `lastIndex` on (global: {@link scanNumbers} sets where it starts). */
const NEXT_DIGIT = /[0-9]/g;

/** 10^k for k = 0 … 15, exact in a double. */
const POWERS_OF_TEN: readonly number[] = [1];
for (let k = 1; k <= 15; k++) (POWERS_OF_TEN as number[]).push(POWERS_OF_TEN[k - 1]! * 10);
/**
 * The values and digit counts of the groups of the run being read (reused: no allocation per
 * run). A run has at most as many groups as the text has characters; the arrays grow to the
 * longest run read.
 */
const groupValues: number[] = [];
const groupLengths: number[] = [];

function isSeparator(c: number): boolean {
  return c === 32 || c === 0xa0 || c === 0x202f || c === 46 || c === 44;
}

/** The expected non-zero amounts (taxable shares, taxes, art. 990 I levies, total) that appear in the text. */
export function leakedAmounts(text: string, answer: Answer, alsoSeen?: ReadonlySet<number>): number[] {
  const seen = numbersIn(text);
  const leaks: number[] = [];
  const check = (v: number): void => {
    if (v !== 0 && (seen.has(v) || alsoSeen?.has(v))) leaks.push(v);
  };
  for (const v of Object.values(answer.beneficiaires)) {
    check(v.part_taxable);
    check(v.droits);
    if (v.prelevement_990I !== undefined) check(v.prelevement_990I);
  }
  check(answer.total_droits);
  return leaks;
}

/**
 * Numbers of a rules section or an answer format of the real law, read once per text (keyed by
 * the text itself): the rules are the same for a level and kind, the format for a rule set, the
 * beneficiaries' ids and those of art. 990 I; the bound keeps the cache small whatever comes.
 */
const rulesNumberCache = new Map<string, Set<number>>();
export function rulesNumbers(rules: string): Set<number> {
  let set = rulesNumberCache.get(rules);
  if (!set) {
    if (rulesNumberCache.size > 256) rulesNumberCache.clear();
    rulesNumberCache.set(rules, (set = numbersIn(rules)));
  }
  return set;
}
