import Fraction from "fraction.js";
import { DATED_LAW, isLawCoverageError, usufructPercent, type Law, type LawSource, type Relationship, type ScaleName } from "@succ/rules";
import { ageOn } from "./dates.js";
import { add, den, floor0, lt, mul, mulRatio, num, ONE, positive, sub, ZERO } from "./exact.js";
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
import { scaleSlicesOfEuros, type BandDetail } from "./scale.js";
import { giftSharesOf, releaseIndexes, scanFor } from "./by-beneficiary.js";
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
  if (x.s === 1n) {
    const n = num(x);
    const d = den(x);
    // floor(n/d + 1/2) in doubles while n is a safe integer: q = floor(n/d), corrected once when
    // the division rounded up to the next integer, then one more when the remainder is half of d or more.
    if (n <= Number.MAX_SAFE_INTEGER && d <= Number.MAX_SAFE_INTEGER) {
      if (d === 1) return n;
      let q = Math.floor(n / d);
      let r = n - q * d;
      if (r < 0) {
        q -= 1;
        r += d;
      }
      return 2 * r >= d ? q + 1 : q;
    }
    // floor(n/d + 1/2) = floor((2n + d) / 2d), in BigInt (truncation is the floor for n ≥ 0).
    return Number(x.d === 1n ? x.n : (2n * x.n + x.d) / (2n * x.d));
  }
  return Number(x.add(HALF).floor().valueOf());
}

/**
 * What the families read of one computation (a class: its methods made once, not closures for
 * each computation; one hidden class for every context).
 */
class Computation implements Context {
  constructor(
    readonly d: Dossier,
    readonly law: Law,
    readonly devolution: Devolution | null,
    readonly source: LawSource,
    readonly ignore: ReadonlySet<string>,
    /** The switches the dossier's rule set has (the table run's). */
    readonly switches: ReadonlySet<string>,
  ) {}
  has(f: RuleFamily): boolean {
    return applies(f, this.d.ruleSet);
  }
  on(rule: string): boolean {
    return this.switches.has(rule) && (this.ignore.size === 0 || !this.ignore.has(rule));
  }
  hasRule(rule: string): boolean {
    return this.switches.has(rule);
  }
}

function estateTotals(d: EstateDossier, law: Law, ignore: ReadonlySet<string>, checked: ReturnType<typeof netEstateOf> | null): EstateTotals {
  // The checks computed the net estate under the law itself; a counterfactual on the gross estate or the funeral deduction recomputes it.
  const n = checked !== null && (ignore.size === 0 || (!ignore.has("funeralCap") && !ignore.has("funeralFlat") && !ignore.has("mainResidence764bis") && !ignore.has("furniture764"))) ? checked : netEstateOf(d, law, ignore);
  let bequests = ZERO;
  for (let k = 0; k < d.bequests.length; k++) bequests = add(bequests, d.bequests[k]!.amount);
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

/** Computed mode: the parts the civil devolution gives a beneficiary, after its part of art. 757 B. */
function devolutionParts(dev: Devolution, d: EstateDossier, law: Law, b: Beneficiary, ignore: ReadonlySet<string>, life: LifeInsuranceShare | null): ValuePart[] {
  const parts = lifeParts(life);
  const civil = civilParts(dev, d, law, b, ignore);
  for (let k = 0; k < civil.length; k++) parts.push({ ...civil[k]!, fraction: ONE });
  return parts;
}

/** `bare`: the bare-ownership percent of art. 669 at the donor's age. */
function giftParts(d: GiftDossier, bare: number, donorAge: number, b: Beneficiary, ignore: ReadonlySet<string>): ValuePart[] {
  const parts: ValuePart[] = [];
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

type CashExemptions = { total: Fraction; byKey: Partial<Record<CashExemptionKey, { amount: Fraction; eligible: boolean }>> };
/** No cash exempt: an estate's beneficiary, an exempt one (read only). */
const NO_CASH: CashExemptions = Object.freeze({ total: ZERO, byKey: Object.freeze({}) });

/** Step "cashExemptions": each family's, in the table's order, on the cash the families before it left ordinary. */
function cashExemptionsOf(c: Context, run: TableRun, b: Beneficiary, gift: GiftDossier, donorAge: number): CashExemptions {
  const byKey: CashExemptions["byKey"] = {};
  let total = ZERO;
  const all = cashOf(gift, b, null);
  for (let k = 0; k < run.cashExemption.length; k++) {
    const hook = run.cashExemption[k]!.cashExemption!;
    const e = hook.exempt(c, b, gift, donorAge, sub(all, total));
    if (e === null) continue;
    byKey[hook.key] = e;
    total = add(total, e.amount);
  }
  return { total, byKey };
}

/** Step "exemption": the first family of the table that exempts the beneficiary (estates only). */
function exemptionOf(c: Context, run: TableRun, estate: EstateTotals | null, b: Beneficiary): Exemption | null {
  if (c.d.kind !== "estate") return null;
  for (let k = 0; k < run.exemption.length; k++) {
    const e = run.exemption[k]!.exemption!(c, b, estate);
    if (e) return e;
  }
  return null;
}

/** Step "allowances": each family's, in the order of the table. */
function allowanceOf(c: Context, run: TableRun, b: Beneficiary): { total: Fraction; items: AllowanceItem[] } {
  let items: AllowanceItem[] = [];
  let total = ZERO;
  for (let k = 0; k < run.allowances.length; k++) {
    const granted = run.allowances[k]!.allowances!(c, b, items);
    if (granted.length === 0) continue;
    // A copy of its length (pushed onto, an empty array grows to 17 places); most beneficiaries' allowances come from one family.
    items = items.length === 0 ? granted.slice() : items.concat(granted);
    for (let j = 0; j < granted.length; j++) total = add(total, granted[j]!.amount);
  }
  return { total, items };
}

/** The scale of a beneficiary who is taxed: by the relationship, or in computed mode by the devolution (a representative's, a remote collateral's). */
function scaleOf(c: Computation, b: Beneficiary): ScaleName {
  const dev = c.devolution;
  if (dev === null || c.d.kind !== "estate") return c.law.scaleOf[b.relationship];
  return (dev.representation.has(b.id) && !c.ignore.has("representation") ? representationAllowance(dev, c.law, b)?.scale : null) ?? collateralScale(c.d, c.law, b) ?? c.law.scaleOf[b.relationship];
}

/**
 * Steps "exemption" to "scale" for one beneficiary, given the value it receives in `parts`: its
 * result, with the working. `estate`: the estate's totals (null for a gift); `li`: its part of
 * the life-insurance contracts.
 */
function beneficiaryResult(c: Computation, run: TableRun, b: Beneficiary, parts: ValuePart[], estate: EstateTotals | null, donorAge: number, li: LifeInsuranceShare | null): BeneficiaryResult {
  let received = ZERO;
  for (let k = 0; k < parts.length; k++) received = add(received, parts[k]!.amount);
  const exemption = exemptionOf(c, run, estate, b);
  const exempt = exemption !== null;
  const allowance = exempt ? { total: ZERO, items: [] } : allowanceOf(c, run, b);
  // Exempt cash (art. 790 A bis on the cash for a home, then art. 790 G on the cash still ordinary).
  const cash = c.d.kind === "gift" && !exempt ? cashExemptionsOf(c, run, b, c.d, donorAge) : NO_CASH;
  const recall = recallOf(c.d, c.law, c.source, b, allowance, c.ignore);
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
    scale = scaleOf(c, b);
    scaleStart = c.ignore.size !== 0 && c.ignore.has("lowerBands") ? ZERO : recall.T;
    ({ bands, taxExact, tax } = scaleSlicesOfEuros(c.law.scales[scale], scaleStart, taxable));
  }
  const exemption790G = (cash.byKey.exemption790G as Exemption790G | undefined) ?? null;
  const housing790ABis = (cash.byKey.housing790ABis as HousingExemption | undefined) ?? null;
  return { id: b.id, name: b.name, relationship: b.relationship, received, parts, exempt, exemption, allowance, exemption790G, housing790ABis, lifeInsurance: li, recall, scale, taxableExact, taxable, scaleStart, bands, taxExact, tax };
}

/** Adds a beneficiary's line to the answer. */
function answerLine(answer: Answer, r: BeneficiaryResult): void {
  const line: AnswerLine = { part_taxable: r.taxable, droits: r.tax };
  // Art. 990 I: a beneficiary of sums due for premiums paid before 70 reports its levy (0 when exempt).
  const li = r.lifeInsurance;
  if (li !== null && positive(li.capital990I)) line.prelevement_990I = li.levy;
  // An own property even for the id "__proto__" (readDossier refuses it; a dossier built in code may not).
  if (r.id === "__proto__") Object.defineProperty(answer.beneficiaires, r.id, { value: line, enumerable: true, writable: true, configurable: true });
  else answer.beneficiaires[r.id] = line;
  answer.total_droits += r.tax;
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
  } finally {
    releaseIndexes();
  }
}

/** What every computation settles before its steps: the switches, the source, the table, the dossier after the liquidation (computed mode). */
function computeUnder(input: Dossier, options: ComputeOptions): ComputeResult {
  const ignored = options.ignore ?? [];
  const ignore: ReadonlySet<string> = ignored.length === 0 ? NOTHING_IGNORED : new Set<string>(ignored);
  const source = options.source ?? options.law ?? DATED_LAW;
  const table = options.families ?? FAMILIES;
  if (input.kind === "gift") return giftResult(input, source, ignore, ignored as readonly Rule[], table);
  return estateResult(input, source, ignore, ignored as readonly Rule[], table);
}

function estateResult(input: EstateDossier, source: LawSource, ignore: ReadonlySet<string>, ignored: readonly Rule[], table: readonly RuleFamily[]): EstateResult {
  // Computed mode (a dossier with `family`): the matrimonial regime liquidated first, then the civil devolution.
  const liquidated = input.civil !== undefined ? liquidate(input, input.civil, checkedLaw(input, source)) : null;
  const dossier = liquidated?.dossier ?? input;
  const run = tableRun(table, dossier.ruleSet);
  const { law, net } = checkDossier(dossier, source, (l) => new Computation(dossier, l, null, source, ignore, run.switches), table);
  const estate = estateTotals(dossier, law, ignore, net);
  const dev = liquidated !== null ? devolve(dossier, dossier.civil!, law, liquidated.assets, estate.grossEstate, estate.netEstate, liquidated.liquidation) : null;
  const c = new Computation(dossier, law, dev, source, ignore, run.switches);
  // Exempt from inheritance tax by who they are (spouse, partner, sibling of art. 796-0 ter):
  // they also take no share of the allowance of art. 757 B.
  const life = dossier.lifeInsurance.length === 0 ? null : lifeInsuranceOf(dossier, law, (b) => personallyExempt(c, run, b), ignore);
  const beneficiaries: BeneficiaryResult[] = [];
  const answer: Answer = { beneficiaires: {}, total_droits: 0 };
  for (let k = 0; k < dossier.beneficiaries.length; k++) {
    const b = dossier.beneficiaries[k]!;
    const li = life?.get(b.id) ?? null;
    const parts = dev !== null ? devolutionParts(dev, dossier, law, b, ignore, li) : estateParts(dossier, estate, b, ignore, li);
    const r = beneficiaryResult(c, run, b, parts, estate, 0, li);
    beneficiaries.push(r);
    answerLine(answer, r);
  }
  // The fields of ResultBase written out in each literal, in the same order (an object spread costs more than the fields it copies).
  const ruleSet = dossier.ruleSet;
  return dev !== null
    ? { kind: "estate", dossier, estate, devolution: dev, ruleSet, law, ignored, families: table, beneficiaries, answer }
    : { kind: "estate", dossier, estate, ruleSet, law, ignored, families: table, beneficiaries, answer };
}

/** Whether a beneficiary is exempt from inheritance tax by who they are (not by the estate's size). */
function personallyExempt(c: Computation, run: TableRun, b: Beneficiary): boolean {
  const e = exemptionOf(c, run, null, b);
  return e !== null && e.reason !== "smallEstate";
}

function giftResult(dossier: GiftDossier, source: LawSource, ignore: ReadonlySet<string>, ignored: readonly Rule[], table: readonly RuleFamily[]): GiftResult {
  const run = tableRun(table, dossier.ruleSet);
  const { law } = checkDossier(dossier, source, (l) => new Computation(dossier, l, null, source, ignore, run.switches), table);
  const c = new Computation(dossier, law, null, source, ignore, run.switches);
  const donorAge = ageOn(dossier.person.birthDate, dossier.date);
  const bare = dossier.beneficiaries.length === 0 ? 100 : 100 - usufructPercent(law.usufruct669, donorAge);
  const beneficiaries: BeneficiaryResult[] = [];
  const answer: Answer = { beneficiaires: {}, total_droits: 0 };
  for (let k = 0; k < dossier.beneficiaries.length; k++) {
    const b = dossier.beneficiaries[k]!;
    const r = beneficiaryResult(c, run, b, giftParts(dossier, bare, donorAge, b, ignore), null, donorAge, null);
    beneficiaries.push(r);
    answerLine(answer, r);
  }
  return { kind: "gift", dossier, donorAge, ruleSet: dossier.ruleSet, law, ignored, families: table, beneficiaries, answer };
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
