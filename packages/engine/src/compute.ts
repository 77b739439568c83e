import Fraction from "fraction.js";
import { DATED_LAW, isLawCoverageError, LAW_SERIES, usufructPercent, type Law, type LawSource, type Relationship, type ScaleName } from "@succ/rules";
import { ageOn, compareDates, olderThan, withinYearsBefore } from "./dates.js";
import { add, euro, lt, mul, mulRatio, ONE, positive, ratio, sub, sum, ZERO } from "./exact.js";
import type { Beneficiary, Dossier, EstateDossier, GiftDossier, PriorGift, RuleSet } from "./dossier.js";
import { checkDossier, donees790G, housingDonees, lawAt, netEstateOf } from "./check.js";
import { DossierError } from "./errors.js";
import type { Rule } from "./rules.js";
import { scaleSlices, type BandDetail } from "./scale.js";
import { lifeInsuranceOf, type LifeInsuranceShare } from "./life-insurance.js";
import type { GrossEstate } from "./assets.js";

export interface ComputeOptions {
  /** Rules to switch off (counterfactual). */
  ignore?: readonly Rule[];
  /**
   * Where the law of a date comes from: the dated tables of @succ/rules by default, or a law of
   * one's own (a fictional law, `constantLaw(law)`).
   */
  law?: LawSource;
}

/**
 * The answer: whole euros for each beneficiary, and the total of the duties. Under cgi, a
 * beneficiary who receives sums under art. 990 I carries its levy too (not in the total).
 */
export interface Answer {
  beneficiaires: Record<string, AnswerLine>;
  total_droits: number;
}

export interface AnswerLine {
  part_taxable: number;
  droits: number;
  prelevement_990I?: number;
}

export interface ValuePart {
  /** lifeInsurance757B: the premiums paid after 70 above the beneficiary's share of the allowance (art. 757 B). */
  kind: "bequest" | "residue" | "residueUsufruct" | "gift" | "lifeInsurance757B";
  label: string;
  /** Base amount before the fraction and the bare-ownership percentage. */
  base: Fraction;
  fraction: Fraction;
  /** Bare-ownership percent of art. 669 applied (100 when in full ownership). */
  barePercent: number;
  /** Age of the usufructuary that set `barePercent`, when split. */
  usufructuaryAge: number | null;
  amount: Fraction;
}

export interface AllowanceItem {
  /** relationship: art. 779, 790 B, 790 D, 790 E or 790 F; representation: a share of art. 779 I; default: art. 788 IV. */
  source: "relationship" | "representation" | "disability" | "default";
  amount: Fraction;
  article: string;
}

export interface Exemption790G {
  cashReceived: Fraction;
  eligible: boolean;
  /** Why not eligible (or why the exemption is 0). */
  reason: "ignored" | "relationship" | "donorAge" | "doneeAge" | "ceilingUsed" | null;
  priorUsed: Fraction;
  ceiling: number;
  ceilingRemaining: Fraction;
  amount: Fraction;
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

/** Why a beneficiary owes nothing, and the article that says so. */
export interface Exemption {
  reason: "spouse" | "smallEstate" | "sibling";
  article: string;
}

/** A gift's cash for a home exempt under art. 790 A bis (cgi). */
export interface HousingExemption {
  cashReceived: Fraction;
  eligible: boolean;
  /** Why not: the regime is not in force on the gift's day, or the donee is not one it names. */
  reason: "ignored" | "notInForce" | "relationship" | "ceilingUsed" | null;
  ceiling: number | null;
  /** The exempt part of the earlier housing gifts of the same donor to the same donee. */
  priorUsed: Fraction;
  amount: Fraction;
}

export interface BeneficiaryResult {
  id: string;
  name: string;
  relationship: Relationship;
  received: Fraction;
  parts: ValuePart[];
  exempt: boolean;
  exemption: Exemption | null;
  allowance: { total: Fraction; items: AllowanceItem[] };
  exemption790G: Exemption790G | null;
  housing790ABis: HousingExemption | null;
  /** cgi: the life-insurance contracts' part (art. 990 I and 757 B), when the beneficiary is named on one. */
  lifeInsurance: LifeInsuranceShare | null;
  recall: RecallDetail;
  scale: ScaleName | null;
  taxableExact: Fraction;
  taxable: number;
  /** Where the taxable share starts on the scale (T, or 0 when lower bands are ignored). */
  scaleStart: Fraction;
  bands: BandDetail[];
  taxExact: Fraction;
  tax: number;
}

export interface EstateTotals {
  /** The gross estate: Σ asset values, with the main residence reduced and the furniture added (cgi). */
  assets: Fraction;
  /** How the gross estate was valued (art. 764 bis, 764 I). */
  grossEstate: GrossEstate;
  debts: Fraction;
  funeralCosts: Fraction;
  funeralDeducted: Fraction;
  /** How the funeral deduction was made: the invoice within the cap (seed), the flat amount or the gross assets (cgi), the whole invoice (counterfactual). */
  funeralMethod: "capped" | "flat" | "grossAssets" | "invoice";
  netEstate: Fraction;
  bequests: Fraction;
  residue: Fraction;
  /** Usufructuary of the residue, with age and usufruct percent, when set. */
  usufruct: { beneficiary: string; age: number; usufructPercent: number } | null;
  /** cgi: the small-estate exemption of art. 796-0 and 800 I that applies, if any. */
  smallEstate: "directLine" | "everyone" | null;
}

interface ResultBase {
  ruleSet: RuleSet;
  /** The law of the act's date that the computation read. */
  law: Law;
  ignored: readonly Rule[];
  beneficiaries: BeneficiaryResult[];
  answer: Answer;
}

export interface EstateResult extends ResultBase {
  kind: "estate";
  dossier: EstateDossier;
  estate: EstateTotals;
}

export interface GiftResult extends ResultBase {
  kind: "gift";
  dossier: GiftDossier;
  donorAge: number;
}

export type ComputeResult = EstateResult | GiftResult;

const HALF = new Fraction(1, 2);

/** The law's rounding: to the nearest euro, half up (amounts here are never negative). */
export function roundEuro(x: Fraction): number {
  // floor(n/d + 1/2) = floor((2n + d) / 2d), in BigInt (truncation is the floor for n ≥ 0).
  if (x.s >= 0n) return Number(x.d === 1n ? x.n : (2n * x.n + x.d) / (2n * x.d));
  return Number(x.add(HALF).floor().valueOf());
}

const min = (a: Fraction, b: Fraction): Fraction => (lt(a, b) ? a : b);
const floor0 = (a: Fraction): Fraction => (positive(a) ? a : ZERO);

/** Whether a relationship is exempt in an estate (art. 796-0 bis). */
function spouseExempt(law: Law, rel: Relationship): boolean {
  return law.exemptions.spouseEstate.includes(rel);
}

function estateTotals(d: EstateDossier, law: Law, ignore: ReadonlySet<Rule>, checked: ReturnType<typeof netEstateOf> | null): EstateTotals {
  // The checks computed the net estate under the law itself; a counterfactual on the funeral deduction recomputes it.
  const n = checked !== null && !ignore.has("funeralCap") && !ignore.has("funeralFlat") && !ignore.has("mainResidence764bis") && !ignore.has("furniture764") ? checked : netEstateOf(d, law, ignore);
  let bequests = ZERO;
  for (const b of d.bequests) bequests = add(bequests, b.amount);
  let usufruct: EstateTotals["usufruct"] = null;
  if (d.spouseUsufruct !== null) {
    const spouse = d.beneficiaries.find((b) => b.id === d.spouseUsufruct)!;
    const age = ageOn(spouse.birthDate, d.date);
    usufruct = { beneficiary: spouse.id, age, usufructPercent: usufructPercent(law.usufruct669, age) };
  }
  // A counterfactual without the funeral deduction's limit may leave less than the bequests: the
  // residue then stays at 0 rather than going negative (the bequests are still paid in full).
  const residue = lt(bequests, n.netEstate) ? sub(n.netEstate, bequests) : ZERO;
  let smallEstate: EstateTotals["smallEstate"] = null;
  if (d.ruleSet === "cgi" && !ignore.has("smallEstate")) {
    const s = law.exemptions.smallEstate;
    if (lt(n.assets, euro(s.everyoneBelow))) smallEstate = "everyone";
    else if (lt(n.assets, euro(s.directLineBelow))) smallEstate = "directLine";
  }
  return { assets: n.assets, grossEstate: n.grossEstate, debts: n.debts, funeralDeducted: n.funeralDeducted, funeralMethod: n.funeralMethod, netEstate: n.netEstate, funeralCosts: d.funeralCosts, bequests, residue, usufruct, smallEstate };
}

function estateParts(d: EstateDossier, t: EstateTotals, b: Beneficiary, ignore: ReadonlySet<Rule>, life: LifeInsuranceShare | null): ValuePart[] {
  const parts: ValuePart[] = [];
  if (life !== null && positive(life.excess757B)) {
    parts.push({ kind: "lifeInsurance757B", label: "primes d'assurance-vie versées après 70 ans", base: life.premiums757B, fraction: ONE, barePercent: 100, usufructuaryAge: null, amount: life.excess757B });
  }
  for (const q of d.bequests) {
    if (q.beneficiary !== b.id) continue;
    parts.push({ kind: "bequest", label: "legs particulier", base: q.amount, fraction: ONE, barePercent: 100, usufructuaryAge: null, amount: q.amount });
  }
  const split = t.usufruct !== null && !ignore.has("usufruct669");
  for (const s of d.residue) {
    if (s.beneficiary !== b.id) continue;
    const barePercent = split ? 100 - t.usufruct!.usufructPercent : 100;
    const whole = mul(t.residue, s.share);
    const amount = barePercent === 100 ? whole : mulRatio(whole, barePercent, 100);
    parts.push({ kind: "residue", label: "quote-part du reliquat", base: t.residue, fraction: s.share, barePercent, usufructuaryAge: split ? t.usufruct!.age : null, amount });
  }
  if (t.usufruct !== null && t.usufruct.beneficiary === b.id) {
    // The spouse's usufruct of the whole residue (exempt, shown for completeness).
    const pct = ignore.has("usufruct669") ? 0 : t.usufruct.usufructPercent;
    parts.push({ kind: "residueUsufruct", label: "usufruit du reliquat", base: t.residue, fraction: ONE, barePercent: pct, usufructuaryAge: t.usufruct.age, amount: mulRatio(t.residue, pct, 100) });
  }
  return parts;
}

function giftParts(d: GiftDossier, law: Law, donorAge: number, b: Beneficiary, ignore: ReadonlySet<Rule>): ValuePart[] {
  const parts: ValuePart[] = [];
  const bare = 100 - usufructPercent(law.usufruct669, donorAge);
  for (const g of d.gifts) {
    for (const to of g.to) {
      if (to.beneficiary !== b.id) continue;
      const split = g.reservedUsufruct && !ignore.has("usufruct669");
      const barePercent = split ? bare : 100;
      const whole = mul(g.value, to.fraction);
      parts.push({ kind: "gift", label: g.label, base: g.value, fraction: to.fraction, barePercent, usufructuaryAge: split ? donorAge : null, amount: barePercent === 100 ? whole : mulRatio(whole, barePercent, 100) });
    }
  }
  return parts;
}


function cashOf(d: GiftDossier, b: Beneficiary, housing: boolean | null): Fraction {
  let cash = ZERO;
  for (const g of d.gifts) {
    if (!g.cash || (housing !== null && g.housing790ABis !== housing)) continue;
    for (const t of g.to) if (t.beneficiary === b.id) cash = add(cash, mul(g.value, t.fraction));
  }
  return cash;
}

/**
 * Art. 790 A bis (cgi): cash for a home given from 2025-02-15 to 2026-12-31 to a descendant (or,
 * failing descendants, a nephew or niece) is exempt up to 100,000 € per donor and donee, less
 * the exempt part of earlier such gifts; the rest is ordinary cash. Outside its window, or to a
 * donee it does not name, the cash is ordinary cash (not an error).
 */
function housingExemption(d: GiftDossier, law: Law, source: LawSource, b: Beneficiary, ignore: ReadonlySet<Rule>): HousingExemption | null {
  if (d.ruleSet !== "cgi") return null;
  const cashReceived = cashOf(d, b, true);
  if (!positive(cashReceived)) return null;
  const h = law.housingGift790ABis;
  const priorUsed = housingPriorExempt(d, source, b).total;
  let reason: HousingExemption["reason"] = null;
  if (ignore.has("housing790ABis")) reason = "ignored";
  else if (h.ceiling === null) reason = "notInForce";
  else if (!housingDonees(d, h).includes(b.relationship)) reason = "relationship";
  const eligible = reason === null;
  const left = eligible ? floor0(sub(euro(h.ceiling!), priorUsed)) : ZERO;
  const amount = min(cashReceived, left);
  if (eligible && !positive(amount)) reason = "ceilingUsed";
  return { cashReceived, eligible, reason, ceiling: h.ceiling, priorUsed, amount };
}

/**
 * The exempt part of each earlier housing gift to a beneficiary, in date order, within the ceiling
 * of its own day (the checks made sure the regime was in force on that day).
 */
function housingPriorExempt(d: Dossier, source: LawSource, b: Beneficiary): { total: Fraction; parts: Map<PriorGift, Fraction> } {
  const parts = new Map<PriorGift, Fraction>();
  let total = ZERO;
  const gifts = d.priorGifts.filter((g) => g.beneficiary === b.id && g.housing790ABis).sort((x, y) => compareDates(x.date, y.date) || x.index - y.index);
  for (const g of gifts) {
    const ceiling = lawAt(source, g.date).housingGift790ABis.ceiling ?? 0;
    const part = min(g.value, floor0(sub(euro(ceiling), total)));
    parts.set(g, part);
    total = add(total, part);
  }
  return { total, parts };
}

function exemption790G(d: GiftDossier, law: Law, donorAge: number, b: Beneficiary, ignore: ReadonlySet<Rule>, housing: HousingExemption | null): Exemption790G | null {
  // Ordinary cash, and the housing cash above its exemption (art. 790 G then applies under its own conditions).
  const cashReceived = housing === null ? cashOf(d, b, null) : add(cashOf(d, b, false), sub(housing.cashReceived, housing.amount));
  if (!positive(cashReceived)) return null;
  const rules = law.cashGift790G;
  let priorUsed = ZERO;
  for (const p of d.priorGifts) {
    if (p.beneficiary === b.id && p.cash790G && withinYearsBefore(p.date, d.date, rules.renewalYears)) priorUsed = add(priorUsed, p.value);
  }
  const ceiling = euro(rules.ceiling);
  const ceilingRemaining = floor0(sub(ceiling, priorUsed));
  const doneeAge = ageOn(b.birthDate, d.date);
  let reason: Exemption790G["reason"] = null;
  if (ignore.has("exemption790G") || ignore.has("gift790G")) reason = "ignored";
  else if (!donees790G(d, law, ignore).includes(b.relationship)) reason = "relationship";
  else if (!ignore.has("ageConditions790G") && donorAge >= rules.donorAgeBelow) reason = "donorAge";
  else if (!ignore.has("ageConditions790G") && doneeAge < rules.doneeMinimumAge) reason = "doneeAge";
  const eligible = reason === null;
  const amount = eligible ? min(cashReceived, ceilingRemaining) : ZERO;
  if (eligible && !positive(amount)) reason = "ceilingUsed";
  return { cashReceived, eligible, reason, priorUsed, ceiling: rules.ceiling, ceilingRemaining, amount };
}

/** The personal allowance of a relationship in a kind of transfer (0 when it has none of its own). */
function personalAllowance(law: Law, kind: "estate" | "gift", rel: Relationship): number {
  return (law.allowances.personal[kind] as Partial<Record<Relationship, number>>)[rel] ?? 0;
}

function allowanceOf(d: Dossier, law: Law, b: Beneficiary, ignore: ReadonlySet<Rule>): { total: Fraction; items: AllowanceItem[] } {
  const items: AllowanceItem[] = [];
  const refs = LAW_SERIES.allowances;
  const represented = d.kind === "estate" && b.represents !== null && !ignore.has("representation");
  if (represented) {
    let count = 0;
    for (const x of d.beneficiaries) if (x.represents === b.represents) count++;
    items.push({ source: "representation", amount: ratio(law.allowances.personal.estate.child, count), article: refs.personal.estate.child.reference.article });
  } else {
    // A taxed spouse in an estate (counterfactual only) gets the spouse's gift allowance.
    const kind = d.kind === "estate" && spouseExempt(law, b.relationship) ? "gift" : d.kind;
    const amount = personalAllowance(law, kind, b.relationship);
    if (amount > 0) items.push({ source: "relationship", amount: euro(amount), article: allowanceArticle(kind, b.relationship) });
  }
  if (b.disabled && !ignore.has("disabilityAllowance")) {
    items.push({ source: "disability", amount: euro(law.allowances.disability), article: refs.disability.reference.article });
  }
  // Art. 788 IV: in an estate, a beneficiary without an allowance of art. 779 gets the default one.
  // Under seed it stacks with the disability allowance; under cgi it is given only "à défaut
  // d'autre abattement".
  if (d.kind === "estate" && !items.some((i) => i.source === "relationship" || i.source === "representation")) {
    const alone = d.ruleSet === "cgi" && !ignore.has("defaultAllowanceAlone");
    if (!alone || items.length === 0) items.push({ source: "default", amount: euro(law.allowances.default), article: refs.default.reference.article });
  }
  return { total: sum(items.map((i) => i.amount)), items };
}

/** The article of a relationship's personal allowance, from the tables' references. */
function allowanceArticle(kind: "estate" | "gift", rel: Relationship): string {
  return (LAW_SERIES.allowances.personal[kind] as Partial<Record<Relationship, { reference: { article: string } }>>)[rel]!.reference.article;
}

/** Prior gifts of a beneficiary that count for the recall: not exempt under art. 790 G (unless 790 G is ignored entirely). */
/**
 * The value each prior gift of a beneficiary brings to the recall: none for an exempt 790 G
 * gift (unless 790 G is ignored entirely); the value less the exempt part for a housing gift of
 * art. 790 A bis (a decision of this project: the exempt part is not recalled, as a 790 G gift is
 * not); the value otherwise.
 */
function recallValues(d: Dossier, source: LawSource, b: Beneficiary, ignore: ReadonlySet<Rule>): Map<PriorGift, Fraction> {
  const out = new Map<PriorGift, Fraction>();
  const housing = d.ruleSet === "cgi" && !ignore.has("housing790ABis") ? housingPriorExempt(d, source, b).parts : null;
  for (const g of d.priorGifts) {
    if (g.beneficiary !== b.id) continue;
    if (g.cash790G && !ignore.has("gift790G")) continue;
    const exempt = housing?.get(g);
    out.set(g, exempt === undefined ? g.value : sub(g.value, exempt));
  }
  return out;
}

/**
 * cgi: the allowances each prior gift really used (art. 784: "abattements mentionnés aux
 * articles 779, 790 B, 790 D, 790 E et 790 F"), as its deed states them or, for a gift from
 * 2012-08-17 on, replayed under the law of its own date: the allowance then in force less what the
 * earlier gifts recalled at that date used, then the disability allowance the same way.
 */
function replay(source: LawSource, b: Beneficiary, values: ReadonlyMap<PriorGift, Fraction>): Map<PriorGift, { u: Fraction; v: Fraction; stated: boolean }> {
  const ordered = [...values.keys()].filter((g) => positive(values.get(g)!)).sort((x, y) => compareDates(x.date, y.date) || x.index - y.index);
  const out = new Map<PriorGift, { u: Fraction; v: Fraction; stated: boolean }>();
  for (const g of ordered) {
    if (g.allowanceUsed !== null) {
      out.set(g, { u: g.allowanceUsed, v: g.disabilityAllowanceUsed ?? ZERO, stated: true });
      continue;
    }
    const law = lawAt(source, g.date);
    let usedU = ZERO;
    let usedV = ZERO;
    for (const [h, x] of out) {
      if (compareDates(h.date, g.date) <= 0 && withinYearsBefore(h.date, g.date, law.recallYears)) {
        usedU = add(usedU, x.u);
        usedV = add(usedV, x.v);
      }
    }
    const value = values.get(g)!;
    const u = min(floor0(sub(euro(personalAllowance(law, "gift", b.relationship)), usedU)), value);
    let v = g.disabilityAllowanceUsed ?? ZERO;
    if (g.disabilityAllowanceUsed === null && b.disabled) v = min(floor0(sub(euro(law.allowances.disability), usedV)), sub(value, u));
    out.set(g, { u, v, stated: false });
  }
  return out;
}

function recallOf(d: Dossier, law: Law, source: LawSource, b: Beneficiary, allowance: { total: Fraction; items: AllowanceItem[] }, ignore: ReadonlySet<Rule>): RecallDetail {
  const seed = d.ruleSet === "seed" || ignore.has("allowancesUsed");
  if (!d.priorGifts.some((g) => g.beneficiary === b.id)) {
    // Nothing to recall (most beneficiaries): the whole allowance is left.
    const remaining = seed ? null : remainingOf(allowance, ZERO, ZERO);
    return { method: seed ? "seed" : "cgi", recalled: [], notRecalled: [], S: ZERO, U: ZERO, remainingAllowance: allowance.total, remaining, T: ZERO };
  }
  const recalledGifts: PriorGift[] = [];
  const notRecalled: RecallDetail["notRecalled"] = [];
  const values = recallValues(d, source, b, ignore);
  for (const g of d.priorGifts) {
    if (g.beneficiary !== b.id) continue;
    if (ignore.has("recall")) notRecalled.push({ gift: g, why: "ignored" });
    else if (!withinYearsBefore(g.date, d.date, law.recallYears)) notRecalled.push({ gift: g, why: "older" });
    else if (!values.has(g)) notRecalled.push({ gift: g, why: "cash790G" });
    else if (!positive(values.get(g)!)) notRecalled.push({ gift: g, why: "housing790ABis" });
    else recalledGifts.push(g);
  }
  const S = sum(recalledGifts.map((g) => values.get(g)!));
  if (seed) {
    const A = allowance.total;
    const U = min(S, A);
    const recalled = recalledGifts.map((gift) => ({ gift, value: values.get(gift)!, allowanceUsed: null, disabilityAllowanceUsed: null, taxedBase: null, stated: false }));
    return { method: "seed", recalled, notRecalled, S, U, remainingAllowance: sub(A, U), remaining: null, T: sub(S, U) };
  }
  const used = replay(source, b, values);
  let sumU = ZERO;
  let sumV = ZERO;
  let T = ZERO;
  const recalled: RecalledGift[] = recalledGifts.map((gift) => {
    const x = used.get(gift)!;
    sumU = add(sumU, x.u);
    sumV = add(sumV, x.v);
    const value = values.get(gift)!;
    const taxedBase = sub(sub(value, x.u), x.v);
    T = add(T, taxedBase);
    return { gift, value, allowanceUsed: x.u, disabilityAllowanceUsed: x.v, taxedBase, stated: x.stated };
  });
  const remaining = remainingOf(allowance, sumU, sumV);
  const remainingAllowance = add(add(remaining.personal, remaining.disability), remaining.default);
  return { method: "cgi", recalled, notRecalled, S, U: sub(allowance.total, remainingAllowance), remainingAllowance, remaining, T };
}

/** cgi: what is left of each allowance once the recalled gifts used u and v (art. 788 IV never reduced). */
function remainingOf(allowance: { items: AllowanceItem[] }, sumU: Fraction, sumV: Fraction): NonNullable<RecallDetail["remaining"]> {
  let personal = ZERO;
  let disability = ZERO;
  let fallback = ZERO;
  for (const i of allowance.items) {
    if (i.source === "disability") disability = add(disability, i.amount);
    else if (i.source === "default") fallback = add(fallback, i.amount);
    else personal = add(personal, i.amount);
  }
  return { personal: floor0(sub(personal, sumU)), disability: floor0(sub(disability, sumV)), default: fallback };
}

/**
 * Computes every beneficiary's taxable share and tax, exactly, with the working, under the
 * dossier's rule set (`seed` or `cgi`) and the law of the act's date. `options.ignore` switches
 * rules off for counterfactuals. Throws a DossierError when the dossier does not fit the law it
 * is computed under (a `cgi` act outside 2017-2026, bequests above the net estate, …).
 */
export function compute(dossier: Dossier, options: ComputeOptions = {}): ComputeResult {
  try {
    return computeUnder(dossier, options);
  } catch (e) {
    // A value the tables do not hold on a date the dossier names (a prior gift's, say).
    if (isLawCoverageError(e)) throw new DossierError([{ path: "date", message: e.message }]);
    throw e;
  }
}

function computeUnder(dossier: Dossier, options: ComputeOptions): ComputeResult {
  const ignored = options.ignore ?? [];
  const ignore = new Set<Rule>(ignored);
  const source = options.law ?? DATED_LAW;
  const { law, net } = checkDossier(dossier, source);
  const estate = dossier.kind === "estate" ? estateTotals(dossier, law, ignore, net) : null;
  const donorAge = dossier.kind === "gift" ? ageOn(dossier.person.birthDate, dossier.date) : 0;
  const beneficiaries: BeneficiaryResult[] = [];
  const answer: Answer = { beneficiaires: {}, total_droits: 0 };
  // Exempt from inheritance tax by who they are (spouse, partner, sibling of art. 796-0 ter):
  // they also take no share of the allowance of art. 757 B.
  const personallyExempt = (b: Beneficiary): boolean => {
    const e = exemptionOf(dossier, law, null, b, ignore);
    return e !== null && e.reason !== "smallEstate";
  };
  const life = dossier.kind === "estate" ? lifeInsuranceOf(dossier, law, personallyExempt, ignore) : null;
  for (const b of dossier.beneficiaries) {
    const li = life?.get(b.id) ?? null;
    const parts = dossier.kind === "estate" ? estateParts(dossier, estate!, b, ignore, li) : giftParts(dossier, law, donorAge, b, ignore);
    let received = ZERO;
    for (const p of parts) received = add(received, p.amount);
    const exemption = exemptionOf(dossier, law, estate, b, ignore);
    const exempt = exemption !== null;
    const allowance = exempt ? { total: ZERO, items: [] } : allowanceOf(dossier, law, b, ignore);
    const housing = dossier.kind === "gift" && !exempt ? housingExemption(dossier, law, source, b, ignore) : null;
    const ex = dossier.kind === "gift" && !exempt ? exemption790G(dossier, law, donorAge, b, ignore, housing) : null;
    const recall = recallOf(dossier, law, source, b, allowance, ignore);
    let taxableExact = ZERO;
    let scale: ScaleName | null = null;
    let bands: BandDetail[] = [];
    let taxExact = ZERO;
    let taxable = 0;
    let tax = 0;
    let scaleStart = ZERO;
    if (!exempt) {
      taxableExact = floor0(sub(sub(sub(received, housing?.amount ?? ZERO), ex?.amount ?? ZERO), recall.remainingAllowance));
      taxable = roundEuro(taxableExact);
      scale = law.scaleOf[b.relationship];
      scaleStart = ignore.has("lowerBands") ? ZERO : recall.T;
      ({ bands, taxExact, tax } = scaleSlices(law.scales[scale], scaleStart, euro(taxable)));
    }
    beneficiaries.push({ id: b.id, name: b.name, relationship: b.relationship, received, parts, exempt, exemption, allowance, exemption790G: ex, housing790ABis: housing, lifeInsurance: li, recall, scale, taxableExact, taxable, scaleStart, bands, taxExact, tax });
    const line: AnswerLine = { part_taxable: taxable, droits: tax };
    // Art. 990 I: a beneficiary of sums due for premiums paid before 70 reports its levy (0 when exempt).
    if (li !== null && positive(li.capital990I)) line.prelevement_990I = li.levy;
    // An own property even for the id "__proto__" (readDossier refuses it; a dossier built in code may not).
    if (b.id === "__proto__") Object.defineProperty(answer.beneficiaires, b.id, { value: line, enumerable: true, writable: true, configurable: true });
    else answer.beneficiaires[b.id] = line;
    answer.total_droits += tax;
  }
  const base = { ruleSet: dossier.ruleSet, law, ignored, beneficiaries, answer };
  return dossier.kind === "estate" ? { kind: "estate", dossier, estate: estate!, ...base } : { kind: "gift", dossier, donorAge, ...base };
}

/** Art. 796-0 ter: a brother or sister single, widowed, divorced or separated, older than 50 (or disabled), who lived with the deceased for the 5 years before the death. */
function siblingExempt(d: EstateDossier, law: Law, b: Beneficiary): boolean {
  const s = law.exemptions.sibling;
  if (b.relationship !== "sibling" || b.maritalStatus === null || !s.statuses.includes(b.maritalStatus) || !b.livedWithDeceased5Years) return false;
  // "Âgé de plus de cinquante ans": the death after the 50th birthday, as the one age rule reaches
  // it (on the birthday, not yet older than 50; born on 29 February, the birthday is 1 March of a common year).
  const older = olderThan(b.birthDate, s.olderThan, d.date);
  return older || b.disabled;
}

function exemptionOf(d: Dossier, law: Law, estate: EstateTotals | null, b: Beneficiary, ignore: ReadonlySet<Rule>): Exemption | null {
  if (d.kind !== "estate") return null;
  if (spouseExempt(law, b.relationship) && !ignore.has("spouseExemption")) return { reason: "spouse", article: LAW_SERIES.exemptions.spouseEstate.reference.article };
  if (d.ruleSet === "cgi" && !ignore.has("siblingExemption") && siblingExempt(d, law, b)) return { reason: "sibling", article: LAW_SERIES.exemptions.sibling.olderThan.reference.article };
  const small = { reason: "smallEstate", article: LAW_SERIES.exemptions.smallEstate.directLine.reference.article } as const;
  if (estate === null || estate.smallEstate === null) return null;
  // Art. 800 I 1°: the direct line, the spouse and the partner, below 50,000 €, without an
  // unregistered prior gift; 800 I 2°: "les personnes autres que celles visées au 1°" below
  // 3,000 €, read literally: one of the first kind with an unregistered gift is not exempt.
  if (law.exemptions.smallEstate.directLine.includes(b.relationship)) return d.priorGifts.some((g) => g.beneficiary === b.id && !g.registered) ? null : small;
  return estate.smallEstate === "everyone" ? small : null;
}

/** Whether two answers are equal, field by field. */
export function sameAnswer(a: Answer, b: Answer): boolean {
  if (a.total_droits !== b.total_droits) return false;
  const ka = Object.keys(a.beneficiaires);
  if (ka.length !== Object.keys(b.beneficiaires).length) return false;
  return ka.every((k) => {
    const x = a.beneficiaires[k]!;
    const y = b.beneficiaires[k];
    return y !== undefined && x.part_taxable === y.part_taxable && x.droits === y.droits && x.prelevement_990I === y.prelevement_990I;
  });
}
