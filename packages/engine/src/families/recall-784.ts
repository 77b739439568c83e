import type Fraction from "fraction.js";
import { coverageOf, LAW_SERIES, personalAllowance, type LawSource, type Law } from "@succ/rules";
import { compareDates, formatDate, formatDateFr, parseDate, withinYearsBefore, type CivilDate } from "../dates.js";
import type { Beneficiary, Dossier, PriorGift } from "../dossier.js";
import { add, euro, floor0, min, positive, sub, ZERO } from "../exact.js";
import { euros, exactEuros } from "../french.js";
import { family, line, switchOn, type AllowanceItem, type Checks, type Context } from "../family.js";
import { lawAt } from "../law-of-day.js";
import { scanFor } from "../by-beneficiary.js";
import { HOUSING_790A_BIS, housingPriorExempt } from "./housing-790-a-bis.js";

const ARTICLE = LAW_SERIES.recallYears.reference.article;

/**
 * Art. 784: the gifts of the last years before the act are recalled: they use the allowance
 * first and occupy the lower bands of the scale. Under `seed`, U = min(A, S) with the allowances
 * of the act's date; under `cgi`, the allowances each earlier gift really used (art. 784:
 * "abattements mentionnés aux articles 779, 790 B, 790 D, 790 E et 790 F"), as its deed states
 * them or, for a gift from the replay day of @succ/rules on, replayed under the law of its own
 * date. Counterfactuals: `recall`, `lowerBands`, `allowancesUsed` (cgi).
 */
export const RECALL = family({
  name: "rappel fiscal",
  articles: [ARTICLE],
  ruleSets: ["seed", "cgi"],
  step: "recall",
  fields: [
    { path: "priorGifts[].date", ruleSets: ["seed", "cgi"], checks: ["a date before the act"] },
    { path: "priorGifts[].value", ruleSets: ["seed", "cgi"], checks: ["an amount above 0"] },
    { path: "priorGifts[].allowanceUsed", ruleSets: ["cgi"], checks: ["an amount", "not above the gift's value", "stated for a gift before the replay day"] },
  ],
  switches: {
    recall: { ruleSets: ["seed", "cgi"], fr: "rappel fiscal des donations antérieures (art. 784)" },
    lowerBands: { ruleSets: ["seed", "cgi"], fr: "tranches inférieures déjà utilisées par le rappel" },
    allowancesUsed: { ruleSets: ["cgi"], fr: "abattements réellement utilisés par chaque donation rappelée (l'abattement actuel appliqué à la place)" },
  },
  checkPriorGift(c: Context, g: PriorGift, b: Beneficiary, out: Checks): void {
    if (!c.hasRule("allowancesUsed")) return;
    if (b.represents !== null) {
      out.fail(`priorGifts[${g.index}].beneficiary`, `${b.id} represents ${b.represents}: under "cgi" the representatives share the allowance of the child they represent, reduced by the gifts to that child, which this dossier does not describe; a representative's own prior gifts are out of scope`);
    }
    const replayFrom = coverageOf(c.source).replayFrom.day;
    if (!g.cash790G && g.allowanceUsed === null && before(g.date, replayFrom)) {
      out.fail(`priorGifts[${g.index}].allowanceUsed`, `a gift made before ${replayFrom} must state the allowance it used (as in its deed): the allowances and the recall then followed other rules`);
    }
  },
});

/** The days of a law's `YYYY-MM-DD` texts (the replay day), read once; null for a text that is no date. */
const days = new Map<string, CivilDate | null>();
/** Whether `date` is before the day `text` (`formatDate(date) < text`, without writing the date out). */
function before(date: CivilDate, text: string): boolean {
  let day = days.get(text);
  if (day === undefined) {
    day = parseDate(text);
    if (days.size < 64) days.set(text, day);
  }
  return day === null ? formatDate(date) < text : compareDates(date, day) < 0;
}

/** A recalled prior gift; under `cgi`, with the allowances it really used and its taxed base. */
export interface RecalledGift {
  gift: PriorGift;
  /** The value recalled: the gift's value, less the exempt part of a housing gift of art. 790 A bis. */
  value: Fraction;
  /** u (cgi): personal allowance used; `null` under seed (one U for all the gifts). */
  allowanceUsed: Fraction | null;
  /** v (cgi): disability allowance used. */
  disabilityAllowanceUsed: Fraction | null;
  /** b = value − u − v (cgi). */
  taxedBase: Fraction | null;
  /** Whether u and v come from the deed (stated in the dossier) rather than from the replay. */
  stated: boolean;
}

export interface RecallDetail {
  /** seed: U = min(A, S) with today's allowances; cgi: the allowances each gift really used. */
  method: "seed" | "cgi";
  recalled: RecalledGift[];
  notRecalled: { gift: PriorGift; why: "older" | "cash790G" | "housing790ABis" | "ignored" }[];
  /** S: total of the recalled gifts. */
  S: Fraction;
  /** U: allowance already used by them. */
  U: Fraction;
  remainingAllowance: Fraction;
  /** Under cgi, what is left of each allowance (the default allowance of art. 788 IV is never reduced). */
  remaining: { personal: Fraction; disability: Fraction; default: Fraction } | null;
  /** T: part of the recalled gifts already taxed (they occupy the lower bands). */
  T: Fraction;
}


/**
 * The value each prior gift of a beneficiary brings to the recall, by the gift's place in `list`
 * (the prior gifts to scan for the beneficiary, {@link scanFor}): null for another beneficiary's
 * gift and for an exempt 790 G gift (unless 790 G is ignored entirely); the value less the exempt
 * part for a housing gift of art. 790 A bis; the value otherwise.
 */
function recallValues(d: Dossier, source: LawSource, b: Beneficiary, ignore: ReadonlySet<string>, list: readonly PriorGift[]): (Fraction | null)[] {
  const housing = switchOn(HOUSING_790A_BIS, d.ruleSet, ignore, "housing790ABis") ? housingPriorExempt(d, source, b).parts : null;
  // Arrays of their final length, filled in place (an empty one grows to 17 places at its first push).
  const out = new Array<Fraction | null>(list.length);
  for (let k = 0; k < list.length; k++) {
    const g = list[k]!;
    if (g.beneficiary !== b.id || (g.cash790G && !ignore.has("gift790G"))) out[k] = null;
    else {
      const exempt = housing === null || housing.size === 0 ? undefined : housing.get(g);
      out[k] = exempt === undefined ? g.value : sub(g.value, exempt);
    }
  }
  return out;
}

/** The allowances a prior gift used (u personal, v disability), as stated or replayed. */
interface Used {
  u: Fraction;
  v: Fraction;
  stated: boolean;
}

/**
 * cgi: the allowances each prior gift really used, as its deed states them or replayed under the
 * law of its own date: the allowance then in force less what the earlier gifts recalled at that
 * date used, then the disability allowance the same way. The gifts in date order; those recalled
 * at a gift's date are the earlier ones within the recall's years before it, a run that ends just
 * before it (the later a gift, the later its anniversary): found by bisection, their u and v summed
 * as the difference of two running totals (exact, so the same amounts as adding them one by one).
 * Returns them by the gift's place in `list`, for each gift of a value above 0 (`values`, {@link recallValues}).
 */
function replay(source: LawSource, b: Beneficiary, list: readonly PriorGift[], values: readonly (Fraction | null)[]): (Used | undefined)[] {
  let count = 0;
  for (let k = 0; k < list.length; k++) if (values[k] !== null && positive(values[k]!)) count++;
  // Arrays of their final length, filled in place (an empty one grows to 17 places at its first push).
  const order = new Array<number>(count);
  for (let k = 0, j = 0; k < list.length; k++) if (values[k] !== null && positive(values[k]!)) order[j++] = k;
  if (count > 1) order.sort((x, y) => compareDates(list[x]!.date, list[y]!.date) || list[x]!.index - list[y]!.index);
  const out = new Array<Used | undefined>(list.length);
  /** totalU[j], totalV[j]: Σ u and Σ v of the first j gifts of the order. */
  const totalU = new Array<Fraction>(count + 1);
  const totalV = new Array<Fraction>(count + 1);
  totalU[0] = ZERO;
  totalV[0] = ZERO;
  for (let j = 0; j < count; j++) {
    const g = list[order[j]!]!;
    let x: Used;
    if (g.allowanceUsed !== null) x = { u: g.allowanceUsed, v: g.disabilityAllowanceUsed ?? ZERO, stated: true };
    else {
      const law = lawAt(source, g.date);
      let first = 0;
      let past = j;
      while (first < past) {
        const mid = (first + past) >> 1;
        if (withinYearsBefore(list[order[mid]!]!.date, g.date, law.recallYears)) past = mid;
        else first = mid + 1;
      }
      const usedU = sub(totalU[j]!, totalU[first]!);
      const usedV = sub(totalV[j]!, totalV[first]!);
      const value = values[order[j]!]!;
      const u = min(floor0(sub(euro(personalAllowance(law, "gift", b.relationship)), usedU)), value);
      let v = g.disabilityAllowanceUsed ?? ZERO;
      if (g.disabilityAllowanceUsed === null && b.disabled) v = min(floor0(sub(euro(law.allowances.disability), usedV)), sub(value, u));
      x = { u, v, stated: false };
    }
    out[order[j]!] = x;
    totalU[j + 1] = add(totalU[j]!, x.u);
    totalV[j + 1] = add(totalV[j]!, x.v);
  }
  return out;
}

/** The recall of a beneficiary's prior gifts against its allowances. */
export function recallOf(d: Dossier, law: Law, source: LawSource, b: Beneficiary, allowance: { total: Fraction; items: AllowanceItem[] }, ignore: ReadonlySet<string>): RecallDetail {
  const seed = !switchOn(RECALL, d.ruleSet, ignore, "allowancesUsed");
  const gifts = scanFor(d.priorGifts, b.id);
  let any = false;
  for (let k = 0; k < gifts.length && !any; k++) any = gifts[k]!.beneficiary === b.id;
  if (!any) {
    // Nothing to recall (most beneficiaries): the whole allowance is left.
    const remaining = seed ? null : remainingOf(allowance, ZERO, ZERO);
    return { method: seed ? "seed" : "cgi", recalled: [], notRecalled: [], S: ZERO, U: ZERO, remainingAllowance: allowance.total, remaining, T: ZERO };
  }
  // The places in `gifts` of the recalled ones, in the order of the list.
  const recalledAt: number[] = [];
  const notRecalled: RecallDetail["notRecalled"] = [];
  const values = recallValues(d, source, b, ignore, gifts);
  const ignored = ignore.size !== 0 && ignore.has("recall");
  let S = ZERO;
  for (let k = 0; k < gifts.length; k++) {
    const g = gifts[k]!;
    if (g.beneficiary !== b.id) continue;
    const value = values[k]!;
    if (ignored) notRecalled.push({ gift: g, why: "ignored" });
    else if (!withinYearsBefore(g.date, d.date, law.recallYears)) notRecalled.push({ gift: g, why: "older" });
    else if (value === null) notRecalled.push({ gift: g, why: "cash790G" });
    else if (!positive(value)) notRecalled.push({ gift: g, why: "housing790ABis" });
    else {
      recalledAt.push(k);
      S = add(S, value);
    }
  }
  if (seed) {
    const A = allowance.total;
    const U = min(S, A);
    const recalled: RecalledGift[] = [];
    for (let j = 0; j < recalledAt.length; j++) {
      const k = recalledAt[j]!;
      recalled.push({ gift: gifts[k]!, value: values[k]!, allowanceUsed: null, disabilityAllowanceUsed: null, taxedBase: null, stated: false });
    }
    return { method: "seed", recalled, notRecalled, S, U, remainingAllowance: sub(A, U), remaining: null, T: sub(S, U) };
  }
  const used = replay(source, b, gifts, values);
  let sumU = ZERO;
  let sumV = ZERO;
  let T = ZERO;
  const recalled: RecalledGift[] = [];
  for (let j = 0; j < recalledAt.length; j++) {
    const k = recalledAt[j]!;
    const x = used[k]!;
    sumU = add(sumU, x.u);
    sumV = add(sumV, x.v);
    const value = values[k]!;
    const taxedBase = sub(sub(value, x.u), x.v);
    T = add(T, taxedBase);
    recalled.push({ gift: gifts[k]!, value, allowanceUsed: x.u, disabilityAllowanceUsed: x.v, taxedBase, stated: x.stated });
  }
  const remaining = remainingOf(allowance, sumU, sumV);
  const remainingAllowance = add(add(remaining.personal, remaining.disability), remaining.default);
  return { method: "cgi", recalled, notRecalled, S, U: sub(allowance.total, remainingAllowance), remainingAllowance, remaining, T };
}

/** cgi: what is left of each allowance once the recalled gifts used u and v (art. 788 IV never reduced). */
function remainingOf(allowance: { items: AllowanceItem[] }, sumU: Fraction, sumV: Fraction): NonNullable<RecallDetail["remaining"]> {
  let personal = ZERO;
  let disability = ZERO;
  let fallback = ZERO;
  const items = allowance.items;
  for (let k = 0; k < items.length; k++) {
    const i = items[k]!;
    if (i.source === "disability") disability = add(disability, i.amount);
    else if (i.source === "default") fallback = add(fallback, i.amount);
    else personal = add(personal, i.amount);
  }
  return { personal: floor0(sub(personal, sumU)), disability: floor0(sub(disability, sumV)), default: fallback };
}

/** Its lines of a beneficiary's sheet. */
export function recallLines(rc: RecallDetail, years: number): string[] {
  const out: string[] = [];
  if (rc.recalled.length === 0 && rc.notRecalled.length === 0) return out;
  out.push(`  Rappel fiscal des donations antérieures (art. ${ARTICLE}, ${years} ans) :`);
  for (const r of rc.recalled) {
    const g = r.gift;
    if (rc.method === "cgi") {
      const used = r.allowanceUsed!;
      const v = r.disabilityAllowanceUsed!;
      const how = r.stated ? "selon l'acte" : "reconstitué selon la loi de sa date";
      const parts = [`abattement utilisé ${euros(used)}`, ...(v.gt(0) ? [`abattement handicap utilisé ${euros(v)}`] : []), `base taxée ${euros(r.taxedBase!)}`];
      const part = r.value.equals(g.value) ? "" : ` (rappelé pour ${euros(r.value)}, la part exonérée de l'art. 790 A bis ne l'étant pas)`;
      out.push(line(`don du ${formatDateFr(g.date)} de ${euros(g.value)}${part}, rappelé : ${parts.join(", ")} (${how})`, euros(r.value), 4));
    } else out.push(line(`don du ${formatDateFr(g.date)} rappelé`, euros(r.value), 4));
  }
  for (const { gift, why } of rc.notRecalled) {
    const w = why === "older" ? `non rappelé (${years} ans ou plus avant le fait générateur)` : why === "cash790G" ? "non rappelé (don familial exonéré, art. 790 G)" : "non rappelé (règle écartée)";
    out.push(line(`don du ${formatDateFr(gift.date)} ${w}`, euros(gift.value), 4));
  }
  out.push(line("S = dons rappelés", euros(rc.S), 4));
  if (rc.method === "seed") {
    out.push(line("U = min(abattement, S), abattement déjà utilisé", exactEuros(rc.U), 4));
    out.push(line("Abattement restant (A − U)", exactEuros(rc.remainingAllowance), 4));
    out.push(line("T = S − U, déjà taxé (tranches inférieures utilisées)", exactEuros(rc.T), 4));
  } else {
    const r = rc.remaining!;
    out.push(line("Abattement personnel restant (en vigueur − utilisé, au moins 0)", exactEuros(r.personal), 4));
    if (r.disability.gt(0) || rc.recalled.some((x) => x.disabilityAllowanceUsed!.gt(0))) out.push(line("Abattement handicap restant", euros(r.disability), 4));
    if (r.default.gt(0)) out.push(line(`Abattement de l'art. ${LAW_SERIES.allowances.default.reference.article}, non réduit par le rappel`, euros(r.default), 4));
    out.push(line("T = somme des bases taxées (tranches inférieures utilisées)", exactEuros(rc.T), 4));
  }
  return out;
}
