import Fraction from "fraction.js";
import {
  ALLOWANCES,
  CASH_GIFT_790G,
  DISABILITY_ALLOWANCE,
  RECALL_PERIOD,
  REPRESENTED_CHILD_ALLOWANCE,
  SCALES,
  SCALE_OF,
  usufructPercent,
  type Relationship,
  type ScaleName,
} from "@succ/rules";
import { ageOn, withinYearsBefore } from "./dates.js";
import { add, integer, lt, mul, mulRatio, ONE, positive, ratio, sub, sum, ZERO } from "./exact.js";
import { netEstateOf, type Beneficiary, type Dossier, type EstateDossier, type GiftDossier, type PriorGift } from "./dossier.js";

/**
 * Rules that a counterfactual computation can switch off, to prove that a rule changes an
 * answer (generator) or to measure how often it does (`succ stats`).
 */
export const RULES = [
  /** Funeral costs deducted in full, without the cap of art. 775. */
  "funeralCap",
  /** Cash taxed as ordinary assets: no 790 G exemption (prior 790 G gifts still not recalled). */
  "exemption790G",
  /** 790 G ignored entirely: no exemption, and prior 790 G gifts are recalled like any gift. */
  "gift790G",
  /** 790 G applied whatever the donor's and the donee's ages. */
  "ageConditions790G",
  /** No 15-year recall of prior gifts (art. 784). */
  "recall",
  /** The scale restarts at 0: `scale(taxable)` instead of `scale(T + taxable) − scale(T)`. */
  "lowerBands",
  /** A representing grandchild gets the ordinary grandchild allowance, not a share of 100,000. */
  "representation",
  /** Full ownership taxed instead of bare ownership (art. 669). */
  "usufruct669",
  /** No disability allowance (art. 779 II). */
  "disabilityAllowance",
  /** The spouse or PACS partner is taxed in an estate (gift allowance and scale of the spouse). */
  "spouseExemption",
] as const;
export type Rule = (typeof RULES)[number];

export interface ComputeOptions {
  /** Rules to switch off (counterfactual). */
  ignore?: readonly Rule[];
}

/** The answer of spec §3: whole euros. */
export interface Answer {
  beneficiaires: Record<string, { part_taxable: number; droits: number }>;
  total_droits: number;
}

export interface ValuePart {
  /** What the part is, e.g. `bequest`, `residue`, `gift`. */
  kind: "bequest" | "residue" | "residueUsufruct" | "gift";
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
  source: "relationship" | "representation" | "disability";
  amount: Fraction;
  article: string;
}

export interface Exemption790G {
  cashReceived: Fraction;
  eligible: boolean;
  /** Why not eligible (or why the exemption is 0). */
  reason: string | null;
  priorUsed: Fraction;
  ceilingRemaining: Fraction;
  amount: Fraction;
}

export interface RecallDetail {
  recalled: PriorGift[];
  notRecalled: { gift: PriorGift; why: "older" | "cash790G" | "ignored" }[];
  /** S: total of the recalled gifts. */
  S: Fraction;
  /** U: allowance already used by them. */
  U: Fraction;
  remainingAllowance: Fraction;
  /** T: part of the recalled gifts already taxed (they occupy the lower bands). */
  T: Fraction;
}

export interface BandDetail {
  from: number;
  to: number | null;
  ratePercent: number;
  /** Part of the taxable share that falls in this band. */
  base: Fraction;
  tax: Fraction;
}

export interface BeneficiaryResult {
  id: string;
  name: string;
  relationship: Relationship;
  received: Fraction;
  parts: ValuePart[];
  exempt: boolean;
  allowance: { total: Fraction; items: AllowanceItem[] };
  exemption790G: Exemption790G | null;
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
  assets: Fraction;
  debts: Fraction;
  funeralCosts: Fraction;
  funeralDeducted: Fraction;
  netEstate: Fraction;
  bequests: Fraction;
  residue: Fraction;
  /** Usufructuary of the residue, with age and usufruct percent, when set. */
  usufruct: { beneficiary: string; age: number; usufructPercent: number } | null;
}

export interface ComputeResult {
  dossier: Dossier;
  ignored: readonly Rule[];
  estate: EstateTotals | null;
  donorAge: number | null;
  beneficiaries: BeneficiaryResult[];
  answer: Answer;
}

const HALF = new Fraction(1, 2);

/** The law's rounding: to the nearest euro, half up (amounts here are never negative). */
export function roundEuro(x: Fraction): number {
  // floor(n/d + 1/2) = floor((2n + d) / 2d), in BigInt (truncation is the floor for n ≥ 0).
  if (x.s >= 0n) return Number(x.d === 1n ? x.n : (2n * x.n + x.d) / (2n * x.d));
  return Number(x.add(HALF).floor().valueOf());
}

/** Constant whole-euro amounts of the law as fractions, made once. */
const INTEGERS = new Map<number, Fraction>();
function int(n: number): Fraction {
  let f = INTEGERS.get(n);
  if (f === undefined) {
    f = integer(BigInt(n));
    if (INTEGERS.size < 256) INTEGERS.set(n, f);
  }
  return f;
}

/** Tax of the scale on an amount, exactly: each band taxed in full, nothing rounded. */
export function scaleTax(name: ScaleName, amount: Fraction): Fraction {
  let tax = ZERO;
  let lower = 0;
  for (const band of SCALES[name].bands) {
    if (amount.lte(lower)) break;
    const top = band.upTo === null || amount.lt(band.upTo) ? amount : new Fraction(band.upTo);
    tax = tax.add(top.sub(lower).mul(band.ratePercent).div(100));
    if (band.upTo === null) break;
    lower = band.upTo;
  }
  return tax;
}

/** Largest start + taxable for which the whole-euro path stays exact in doubles (× 100 % rates). */
const SAFE_EUROS = Math.floor(Number.MAX_SAFE_INTEGER / 100);

/**
 * The bands crossed between `start` and `start + taxable` (whole euros), with the part of each
 * and its tax, and their exact sum: `scale(start + taxable) − scale(start)`, the bands being a
 * partition of that interval. Whole-euro starts (the usual case) are computed in integers.
 */
function slices(name: ScaleName, start: Fraction, taxable: number): { bands: BandDetail[]; taxExact: Fraction; tax: number } {
  const out: BandDetail[] = [];
  if (start.d === 1n && start.s >= 0n && start.n <= BigInt(SAFE_EUROS) && start.n + BigInt(taxable) <= BigInt(SAFE_EUROS)) {
    const s = Number(start.n);
    const end = s + taxable;
    let cents = 0; // Σ base × rate: the tax in hundredths of a euro, an exact integer
    let lower = 0;
    for (const band of SCALES[name].bands) {
      const hi = band.upTo === null || end < band.upTo ? end : band.upTo;
      const lo = s > lower ? s : lower;
      if (hi > lo) {
        const base = hi - lo;
        const t = base * band.ratePercent;
        cents += t;
        out.push({ from: lower, to: band.upTo, ratePercent: band.ratePercent, base: integer(BigInt(base)), tax: ratio(t, 100) });
      }
      if (band.upTo === null || end <= band.upTo) break;
      lower = band.upTo;
    }
    // Half up to the euro: (cents + 50) / 100 rounded down, in exact integer arithmetic.
    const up = cents + 50;
    return { bands: out, taxExact: ratio(cents, 100), tax: (up - (up % 100)) / 100 };
  }
  const end = start.add(taxable);
  let taxExact = ZERO;
  let lower = 0;
  for (const band of SCALES[name].bands) {
    const hi = band.upTo === null ? end : end.lt(band.upTo) ? end : int(band.upTo);
    const lo = start.gt(lower) ? start : int(lower);
    if (hi.gt(lo)) {
      const base = hi.sub(lo);
      const tax = base.mul(band.ratePercent, 100);
      taxExact = taxExact.add(tax);
      out.push({ from: lower, to: band.upTo, ratePercent: band.ratePercent, base, tax });
    }
    if (band.upTo === null || end.lte(band.upTo)) break;
    lower = band.upTo;
  }
  return { bands: out, taxExact, tax: roundEuro(taxExact) };
}

function estateTotals(d: EstateDossier, ignore: ReadonlySet<Rule>): EstateTotals {
  const { assets, debts, funeralDeducted, netEstate } = netEstateOf(d, !ignore.has("funeralCap"));
  const bequests = sum(d.bequests.map((b) => b.amount));
  let usufruct: EstateTotals["usufruct"] = null;
  if (d.spouseUsufruct !== null) {
    const spouse = d.beneficiaries.find((b) => b.id === d.spouseUsufruct)!;
    const age = ageOn(spouse.birthDate, d.date);
    usufruct = { beneficiary: spouse.id, age, usufructPercent: usufructPercent(age) };
  }
  // A counterfactual without the funeral cap may leave less than the bequests: the residue then
  // stays at 0 rather than going negative (the bequests are still paid in full).
  const residue = lt(bequests, netEstate) ? sub(netEstate, bequests) : ZERO;
  return { assets, debts, funeralCosts: d.funeralCosts, funeralDeducted, netEstate, bequests, residue, usufruct };
}

function estateParts(d: EstateDossier, t: EstateTotals, b: Beneficiary, ignore: ReadonlySet<Rule>): ValuePart[] {
  const parts: ValuePart[] = [];
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

function giftParts(d: GiftDossier, donorAge: number, b: Beneficiary, ignore: ReadonlySet<Rule>): ValuePart[] {
  const parts: ValuePart[] = [];
  for (const g of d.gifts) {
    for (const to of g.to) {
      if (to.beneficiary !== b.id) continue;
      const split = g.reservedUsufruct && !ignore.has("usufruct669");
      const barePercent = split ? 100 - usufructPercent(donorAge) : 100;
      parts.push({ kind: "gift", label: g.label, base: g.value, fraction: to.fraction, barePercent, usufructuaryAge: split ? donorAge : null, amount: barePercent === 100 ? mul(g.value, to.fraction) : mulRatio(mul(g.value, to.fraction), barePercent, 100) });
    }
  }
  return parts;
}

function exemption790G(d: GiftDossier, donorAge: number, b: Beneficiary, ignore: ReadonlySet<Rule>): Exemption790G | null {
  let cashReceived = ZERO;
  for (const g of d.gifts) {
    if (!g.cash) continue;
    for (const t of g.to) if (t.beneficiary === b.id) cashReceived = add(cashReceived, mul(g.value, t.fraction));
  }
  if (!positive(cashReceived)) return null;
  let priorUsed = ZERO;
  for (const p of d.priorGifts) {
    if (p.beneficiary === b.id && p.cash790G && withinYearsBefore(p.date, d.date, CASH_GIFT_790G.period.value)) priorUsed = add(priorUsed, p.value);
  }
  const ceiling = int(CASH_GIFT_790G.ceiling.value);
  const ceilingRemaining = lt(priorUsed, ceiling) ? sub(ceiling, priorUsed) : ZERO;
  const doneeAge = ageOn(b.birthDate, d.date);
  let reason: string | null = null;
  if (ignore.has("exemption790G") || ignore.has("gift790G")) reason = "ignored";
  else if (!(CASH_GIFT_790G.donees as readonly string[]).includes(b.relationship)) reason = "relationship";
  else if (!ignore.has("ageConditions790G") && donorAge >= CASH_GIFT_790G.donorAgeBelow.value) reason = "donorAge";
  else if (!ignore.has("ageConditions790G") && doneeAge < CASH_GIFT_790G.doneeMinimumAge.value) reason = "doneeAge";
  const eligible = reason === null;
  const amount = eligible ? (lt(cashReceived, ceilingRemaining) ? cashReceived : ceilingRemaining) : ZERO;
  if (eligible && !positive(amount)) reason = "ceilingUsed";
  return { cashReceived, eligible, reason, priorUsed, ceilingRemaining, amount };
}

function allowanceOf(d: Dossier, b: Beneficiary, ignore: ReadonlySet<Rule>): { total: Fraction; items: AllowanceItem[] } {
  const items: AllowanceItem[] = [];
  const represented = d.kind === "estate" && b.represents !== null && !ignore.has("representation");
  if (represented) {
    let count = 0;
    for (const x of d.beneficiaries) if (x.represents === b.represents) count++;
    items.push({ source: "representation", amount: ratio(REPRESENTED_CHILD_ALLOWANCE.value, count), article: REPRESENTED_CHILD_ALLOWANCE.reference.article });
  } else {
    const isSpouse = b.relationship === "spouse" || b.relationship === "pacs";
    // A taxed spouse in an estate (counterfactual only) gets the spouse's gift allowance.
    const p = d.kind === "estate" && isSpouse ? ALLOWANCES.gift[b.relationship] : ALLOWANCES[d.kind][b.relationship];
    if (p !== null && p.value > 0) items.push({ source: "relationship", amount: int(p.value), article: p.reference.article });
  }
  if (b.disabled && !ignore.has("disabilityAllowance")) {
    items.push({ source: "disability", amount: int(DISABILITY_ALLOWANCE.value), article: DISABILITY_ALLOWANCE.reference.article });
  }
  return { total: sum(items.map((i) => i.amount)), items };
}

function recallOf(d: Dossier, b: Beneficiary, allowance: Fraction, ignore: ReadonlySet<Rule>): RecallDetail {
  const recalled: PriorGift[] = [];
  const notRecalled: RecallDetail["notRecalled"] = [];
  for (const g of d.priorGifts) {
    if (g.beneficiary !== b.id) continue;
    if (ignore.has("recall")) notRecalled.push({ gift: g, why: "ignored" });
    else if (!withinYearsBefore(g.date, d.date, RECALL_PERIOD.value)) notRecalled.push({ gift: g, why: "older" });
    else if (g.cash790G && !ignore.has("gift790G")) notRecalled.push({ gift: g, why: "cash790G" });
    else recalled.push(g);
  }
  const S = sum(recalled.map((g) => g.value));
  const U = lt(S, allowance) ? S : allowance;
  return { recalled, notRecalled, S, U, remainingAllowance: sub(allowance, U), T: sub(S, U) };
}

/**
 * Computes every beneficiary's taxable share and tax (spec §2), exactly, with the working.
 * `options.ignore` switches rules off for counterfactuals.
 */
export function compute(dossier: Dossier, options: ComputeOptions = {}): ComputeResult {
  const ignored = options.ignore ?? [];
  const ignore = new Set<Rule>(ignored);
  const estate = dossier.kind === "estate" ? estateTotals(dossier, ignore) : null;
  const donorAge = dossier.kind === "gift" ? ageOn(dossier.person.birthDate, dossier.date) : null;
  const beneficiaries: BeneficiaryResult[] = [];
  const answer: Answer = { beneficiaires: {}, total_droits: 0 };
  for (const b of dossier.beneficiaries) {
    const parts = dossier.kind === "estate" ? estateParts(dossier, estate!, b, ignore) : giftParts(dossier, donorAge!, b, ignore);
    const received = sum(parts.map((p) => p.amount));
    const exempt = dossier.kind === "estate" && (b.relationship === "spouse" || b.relationship === "pacs") && !ignore.has("spouseExemption");
    const allowance = exempt ? { total: ZERO, items: [] } : allowanceOf(dossier, b, ignore);
    const ex = dossier.kind === "gift" && !exempt ? exemption790G(dossier, donorAge!, b, ignore) : null;
    const recall = recallOf(dossier, b, allowance.total, ignore);
    let taxableExact = ZERO;
    let scale: ScaleName | null = null;
    let bands: BandDetail[] = [];
    let taxExact = ZERO;
    let taxable = 0;
    let tax = 0;
    let scaleStart = ZERO;
    if (!exempt) {
      const t = sub(sub(received, ex?.amount ?? ZERO), recall.remainingAllowance);
      taxableExact = positive(t) ? t : ZERO;
      taxable = roundEuro(taxableExact);
      scale = SCALE_OF[b.relationship];
      scaleStart = ignore.has("lowerBands") ? ZERO : recall.T;
      ({ bands, taxExact, tax } = slices(scale, scaleStart, taxable));
    }
    beneficiaries.push({ id: b.id, name: b.name, relationship: b.relationship, received, parts, exempt, allowance, exemption790G: ex, recall, scale, taxableExact, taxable, scaleStart, bands, taxExact, tax });
    const line = { part_taxable: taxable, droits: tax };
    // An own property even for the id "__proto__" (readDossier refuses it; a dossier built in code may not).
    if (b.id === "__proto__") Object.defineProperty(answer.beneficiaires, b.id, { value: line, enumerable: true, writable: true, configurable: true });
    else answer.beneficiaires[b.id] = line;
    answer.total_droits += tax;
  }
  return { dossier, ignored, estate, donorAge, beneficiaries, answer };
}

/** Whether two answers are equal, field by field. */
export function sameAnswer(a: Answer, b: Answer): boolean {
  if (a.total_droits !== b.total_droits) return false;
  const ka = Object.keys(a.beneficiaires);
  if (ka.length !== Object.keys(b.beneficiaires).length) return false;
  return ka.every((k) => {
    const x = a.beneficiaires[k]!;
    const y = b.beneficiaires[k];
    return y !== undefined && x.part_taxable === y.part_taxable && x.droits === y.droits;
  });
}
