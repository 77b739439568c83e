import Fraction from "fraction.js";
import { DATED_LAW, isLawCoverageError, usufructPercent, type Law, type LawSource, type Relationship, type ScaleName } from "@succ/rules";
import { ageOn } from "./dates.js";
import { add, floor0, integer, lt, mul, mulRatio, ONE, positive, sub, ZERO } from "./exact.js";
import type { Beneficiary, Dossier, EstateDossier, GiftDossier, RuleSet } from "./dossier.js";
import { checkDossier, checkedLaw, netEstateOf } from "./check.js";
import { DossierError } from "./errors.js";
import { applies, cashOf, tableRun, type TableRun, type AllowanceItem, type CashExemptionHook, type Context, type Exemption, type RuleFamily } from "./family.js";

type CashExemptionKey = CashExemptionHook["key"];
import { FAMILIES } from "./families/index.js";
import type { Exemption790G } from "./families/cash-gift-790-g.js";
import type { HousingExemption } from "./families/housing-790-a-bis.js";
import { recallOf, type RecallDetail, type RecalledGift } from "./families/recall-784.js";
import { smallEstateOf } from "./families/small-estate-796-0.js";
import { residueUsufruct, splits } from "./families/usufruct-669.js";
import type { Rule } from "./rules.js";
import { scaleSlices, type BandDetail } from "./scale.js";
import { giftSharesOf, scanFor } from "./by-beneficiary.js";
import { lifeInsuranceOf, type LifeInsuranceShare } from "./life-insurance.js";
import type { GrossEstate } from "./assets.js";
import { devolve, type Devolution } from "./civil/devolution.js";
import { liquidate } from "./civil/liquidation.js";
import { civilParts, collateralScale, representationAllowance } from "./civil/tax.js";

export type { AllowanceItem, Exemption, Exemption790G, HousingExemption, RecallDetail, RecalledGift };

export interface ComputeOptions {
  /** Rules to switch off (counterfactual). */
  ignore?: readonly (Rule | (string & {}))[];
  /**
   * The source of dated values: the dated tables of @succ/rules by default, or a law of one's own
   * (a fictional law, `constantLaw(law)`; a copy of the tables, `datedLaw(tree)`).
   */
  source?: LawSource;
  /** @deprecated the former name of `source`. */
  law?: LawSource;
  /** The rule families to run (default: the engine's table); a table with a family added computes with it. */
  families?: readonly RuleFamily[];
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
  kind: "bequest" | "residue" | "residueUsufruct" | "gift" | "lifeInsurance757B" | "fullOwnership" | "bareOwnership" | "usufruct" | "legacy" | "retour757-3";
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
  /** The table of rule families the computation ran. */
  families: readonly RuleFamily[];
  beneficiaries: BeneficiaryResult[];
  answer: Answer;
}

export interface EstateResult extends ResultBase {
  kind: "estate";
  /** In computed mode, the estate after the liquidation of the matrimonial regime. */
  dossier: EstateDossier;
  estate: EstateTotals;
  /** Computed mode (a dossier with `family`): the civil devolution the tax was computed on. */
  devolution?: Devolution;
}

export interface GiftResult extends ResultBase {
  kind: "gift";
  dossier: GiftDossier;
  donorAge: number;
}

export type ComputeResult = EstateResult | GiftResult;

const HALF = new Fraction(1, 2);
const NOTHING_IGNORED: ReadonlySet<string> = new Set();

/** The law's rounding: to the nearest euro, half up (amounts here are never negative). */
export function roundEuro(x: Fraction): number {
  // floor(n/d + 1/2) = floor((2n + d) / 2d), in BigInt (truncation is the floor for n ≥ 0).
  if (x.s >= 0n) return Number(x.d === 1n ? x.n : (2n * x.n + x.d) / (2n * x.d));
  return Number(x.add(HALF).floor().valueOf());
}


/** The context of one computation: the dossier, the values of its date, the source, the switches, the table of families. */
function contextOf(d: Dossier, source: LawSource, ignore: ReadonlySet<string>, run: TableRun): (law: Law, devolution: Devolution | null) => Context {
  const switches = run.switches;
  const has = (f: RuleFamily) => applies(f, d.ruleSet);
  const on = ignore.size === 0 ? (rule: string) => switches.has(rule) : (rule: string) => !ignore.has(rule) && switches.has(rule);
  const hasRule = (rule: string) => switches.has(rule);
  return (law, devolution) => ({ d, law, devolution, source, ignore, has, on, hasRule });
}

function estateTotals(d: EstateDossier, law: Law, ignore: ReadonlySet<string>, checked: ReturnType<typeof netEstateOf> | null): EstateTotals {
  // The checks computed the net estate under the law itself; a counterfactual on the gross estate or the funeral deduction recomputes it.
  const n = checked !== null && !ignore.has("funeralCap") && !ignore.has("funeralFlat") && !ignore.has("mainResidence764bis") && !ignore.has("furniture764") ? checked : netEstateOf(d, law, ignore);
  let bequests = ZERO;
  for (const b of d.bequests) bequests = add(bequests, b.amount);
  // A counterfactual without the funeral deduction's limit may leave less than the bequests: the
  // residue then stays at 0 rather than going negative (the bequests are still paid in full).
  const residue = lt(bequests, n.netEstate) ? sub(n.netEstate, bequests) : ZERO;
  const smallEstate = smallEstateOf(d, law, ignore, n.assets);
  return { assets: n.assets, grossEstate: n.grossEstate, debts: n.debts, funeralDeducted: n.funeralDeducted, funeralMethod: n.funeralMethod, netEstate: n.netEstate, funeralCosts: d.funeralCosts, bequests, residue, usufruct: residueUsufruct(d, law), smallEstate };
}

/** The part of art. 757 B of a beneficiary named on a life-insurance contract. */
function lifeParts(life: LifeInsuranceShare | null): ValuePart[] {
  if (life === null || !positive(life.excess757B)) return [];
  return [{ kind: "lifeInsurance757B", label: "primes d'assurance-vie versées après 70 ans", base: life.premiums757B, fraction: ONE, barePercent: 100, usufructuaryAge: null, amount: life.excess757B }];
}

function estateParts(d: EstateDossier, t: EstateTotals, b: Beneficiary, ignore: ReadonlySet<string>, life: LifeInsuranceShare | null): ValuePart[] {
  const parts: ValuePart[] = lifeParts(life);
  const bequestsOf = scanFor(d.bequests, b.id);
  for (let k = 0; k < bequestsOf.length; k++) {
    const q = bequestsOf[k]!;
    if (q.beneficiary !== b.id) continue;
    parts.push({ kind: "bequest", label: "legs particulier", base: q.amount, fraction: ONE, barePercent: 100, usufructuaryAge: null, amount: q.amount });
  }
  const split = t.usufruct !== null && splits(d.ruleSet, ignore);
  const sharesOf = scanFor(d.residue, b.id);
  for (let k = 0; k < sharesOf.length; k++) {
    const s = sharesOf[k]!;
    if (s.beneficiary !== b.id) continue;
    const barePercent = split ? 100 - t.usufruct!.usufructPercent : 100;
    const whole = mul(t.residue, s.share);
    const amount = barePercent === 100 ? whole : mulRatio(whole, barePercent, 100);
    parts.push({ kind: "residue", label: "quote-part du reliquat", base: t.residue, fraction: s.share, barePercent, usufructuaryAge: split ? t.usufruct!.age : null, amount });
  }
  if (t.usufruct !== null && t.usufruct.beneficiary === b.id) {
    // The spouse's usufruct of the whole residue (exempt, shown for completeness).
    const pct = splits(d.ruleSet, ignore) ? t.usufruct.usufructPercent : 0;
    parts.push({ kind: "residueUsufruct", label: "usufruit du reliquat", base: t.residue, fraction: ONE, barePercent: pct, usufructuaryAge: t.usufruct.age, amount: mulRatio(t.residue, pct, 100) });
  }
  return parts;
}

function giftParts(d: GiftDossier, law: Law, donorAge: number, b: Beneficiary, ignore: ReadonlySet<string>): ValuePart[] {
  const parts: ValuePart[] = [];
  const bare = 100 - usufructPercent(law.usufruct669, donorAge);
  const shares = giftSharesOf(d.gifts, b.id);
  for (let k = 0; k < shares.length; k++) {
    const { gift: g, fraction } = shares[k]!;
    const split = g.reservedUsufruct && splits(d.ruleSet, ignore);
    const barePercent = split ? bare : 100;
    const whole = mul(g.value, fraction);
    parts.push({ kind: "gift", label: g.label, base: g.value, fraction, barePercent, usufructuaryAge: split ? donorAge : null, amount: barePercent === 100 ? whole : mulRatio(whole, barePercent, 100) });
  }
  return parts;
}

/** Step "cashExemptions": each family's, in the table's order, on the cash the families before it left ordinary. */
function cashExemptionsOf(c: Context, run: TableRun, b: Beneficiary, gift: GiftDossier | null, donorAge: number): { total: Fraction; byKey: Partial<Record<CashExemptionKey, { amount: Fraction; eligible: boolean }>> } {
  const byKey: Partial<Record<CashExemptionKey, { amount: Fraction; eligible: boolean }>> = {};
  let total = ZERO;
  if (gift === null) return { total, byKey };
  const all = cashOf(gift, b, null);
  for (const f of run.cashExemption) {
    const e = f.cashExemption!.exempt(c, b, gift, donorAge, sub(all, total));
    if (e === null) continue;
    byKey[f.cashExemption!.key] = e;
    total = add(total, e.amount);
  }
  return { total, byKey };
}

/** Step "exemption": the first family of the table that exempts the beneficiary (estates only). */
function exemptionOf(c: Context, run: TableRun, estate: EstateTotals | null, b: Beneficiary): Exemption | null {
  if (c.d.kind !== "estate") return null;
  for (const f of run.exemption) {
    const e = f.exemption!(c, b, estate);
    if (e) return e;
  }
  return null;
}

/** Step "allowances": each family's, in the order of the table. */
function allowanceOf(c: Context, run: TableRun, b: Beneficiary): { total: Fraction; items: AllowanceItem[] } {
  const items: AllowanceItem[] = [];
  let total = ZERO;
  for (const f of run.allowances) {
    for (const i of f.allowances!(c, b, items)) {
      items.push(i);
      total = add(total, i.amount);
    }
  }
  return { total, items };
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

function computeUnder(input: Dossier, options: ComputeOptions): ComputeResult {
  const ignored = options.ignore ?? [];
  const ignore: ReadonlySet<string> = ignored.length === 0 ? NOTHING_IGNORED : new Set<string>(ignored);
  const source = options.source ?? options.law ?? DATED_LAW;
  const table = options.families ?? FAMILIES;
  // Computed mode (a dossier with `family`): the matrimonial regime liquidated first, then the civil devolution.
  let liquidated: ReturnType<typeof liquidate> | null = null;
  if (input.kind === "estate" && input.civil !== undefined) liquidated = liquidate(input, input.civil, checkedLaw(input, source));
  const dossier: Dossier = liquidated?.dossier ?? input;
  const run = tableRun(table, dossier.ruleSet);
  const contextAt = contextOf(dossier, source, ignore, run);
  const { law, net } = checkDossier(dossier, source, (l) => contextAt(l, null), table);
  const estate = dossier.kind === "estate" ? estateTotals(dossier, law, ignore, net) : null;
  const dev = liquidated !== null && dossier.kind === "estate" ? devolve(dossier, dossier.civil!, law, liquidated.assets, estate!.grossEstate, estate!.netEstate, liquidated.liquidation) : null;
  const c = contextAt(law, dev);
  const donorAge = dossier.kind === "gift" ? ageOn(dossier.person.birthDate, dossier.date) : 0;
  const beneficiaries: BeneficiaryResult[] = [];
  const answer: Answer = { beneficiaires: {}, total_droits: 0 };
  // Exempt from inheritance tax by who they are (spouse, partner, sibling of art. 796-0 ter):
  // they also take no share of the allowance of art. 757 B.
  const personallyExempt = (b: Beneficiary): boolean => {
    const e = exemptionOf(c, run, null, b);
    return e !== null && e.reason !== "smallEstate";
  };
  const life = dossier.kind === "estate" ? lifeInsuranceOf(dossier, law, personallyExempt, ignore) : null;
  for (const b of dossier.beneficiaries) {
    const li = life?.get(b.id) ?? null;
    const parts = dossier.kind === "estate" ? (dev !== null ? [...lifeParts(li), ...civilParts(dev, dossier, law, b, ignore).map((p) => ({ ...p, fraction: ONE }))] : estateParts(dossier, estate!, b, ignore, li)) : giftParts(dossier, law, donorAge, b, ignore);
    let received = ZERO;
    for (const p of parts) received = add(received, p.amount);
    const exemption = exemptionOf(c, run, estate, b);
    const exempt = exemption !== null;
    const allowance = exempt ? { total: ZERO, items: [] } : allowanceOf(c, run, b);
    const gift = dossier.kind === "gift" && !exempt ? dossier : null;
    // Exempt cash (art. 790 A bis on the cash for a home, then art. 790 G on the cash still ordinary).
    const cash = cashExemptionsOf(c, run, b, gift, donorAge);
    const recall = recallOf(dossier, law, source, b, allowance, ignore);
    let taxableExact = ZERO;
    let scale: ScaleName | null = null;
    let bands: BandDetail[] = [];
    let taxExact = ZERO;
    let taxable = 0;
    let tax = 0;
    let scaleStart = ZERO;
    if (!exempt) {
      taxableExact = floor0(sub(sub(received, cash.total), recall.remainingAllowance));
      taxable = roundEuro(taxableExact);
      scale = dossier.kind === "estate" && dev !== null ? (dev.representation.has(b.id) && !ignore.has("representation") ? representationAllowance(dev, law, b)?.scale : null) ?? collateralScale(dossier, law, b) ?? law.scaleOf[b.relationship] : law.scaleOf[b.relationship];
      scaleStart = ignore.has("lowerBands") ? ZERO : recall.T;
      ({ bands, taxExact, tax } = scaleSlices(law.scales[scale], scaleStart, integer(BigInt(taxable))));
    }
    beneficiaries.push({ id: b.id, name: b.name, relationship: b.relationship, received, parts, exempt, exemption, allowance, exemption790G: (cash.byKey.exemption790G as Exemption790G | undefined) ?? null, housing790ABis: (cash.byKey.housing790ABis as HousingExemption | undefined) ?? null, lifeInsurance: li, recall, scale, taxableExact, taxable, scaleStart, bands, taxExact, tax });
    const line: AnswerLine = { part_taxable: taxable, droits: tax };
    // Art. 990 I: a beneficiary of sums due for premiums paid before 70 reports its levy (0 when exempt).
    if (li !== null && positive(li.capital990I)) line.prelevement_990I = li.levy;
    // An own property even for the id "__proto__" (readDossier refuses it; a dossier built in code may not).
    if (b.id === "__proto__") Object.defineProperty(answer.beneficiaires, b.id, { value: line, enumerable: true, writable: true, configurable: true });
    else answer.beneficiaires[b.id] = line;
    answer.total_droits += tax;
  }
  // The fields of ResultBase written out in each literal, in the same order (an object spread costs more than the fields it copies).
  const ruleSet = dossier.ruleSet;
  const rules = ignored as readonly Rule[];
  if (dossier.kind === "estate") {
    return dev !== null
      ? { kind: "estate", dossier, estate: estate!, devolution: dev, ruleSet, law, ignored: rules, families: table, beneficiaries, answer }
      : { kind: "estate", dossier, estate: estate!, ruleSet, law, ignored: rules, families: table, beneficiaries, answer };
  }
  return { kind: "gift", dossier, donorAge, ruleSet, law, ignored: rules, families: table, beneficiaries, answer };
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
