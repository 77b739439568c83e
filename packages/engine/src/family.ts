import type Fraction from "fraction.js";
import { add, mul, ZERO } from "./exact.js";
import type { Law, LawSource, Relationship } from "@succ/rules";
import type { Beneficiary, Dossier, GiftDossier, PriorGift, RuleSet } from "./dossier.js";
import type { DossierIssue } from "./errors.js";
import type { Devolution } from "./civil/devolution.js";
import { giftSharesOf } from "./by-beneficiary.js";

/**
 * A rule family: one article of the law (or a few that work together) as the engine applies it.
 * Each family is one module of `families/` that declares what it reads and where it belongs, and
 * holds its computation and its lines of the French sheet; the engine runs the ordered table of
 * them (`families/index.ts`). A family belongs to rule sets: the table, not the code, says
 * whether a dossier's rule set applies it ({@link Context.has}); its counterfactual switches
 * (`compute(d, { ignore })`, `succ compute --ignore`) are on when the rule set has them and
 * they are not ignored ({@link Context.on}).
 */

/** The steps of the computation, in the order the engine runs them. */
export const STEPS = [
  /** The estate's gross assets (art. 764 bis, 764). */
  "grossEstate",
  /** Debts and the funeral deduction (art. 775): the net estate. */
  "netEstate",
  /** What the estate as a whole decides: the usufruct of the residue (art. 669), small estates (art. 796-0). */
  "estate",
  /** Life insurance outside the estate (art. 990 I, 757 B). */
  "lifeInsurance",
  /** The value each beneficiary receives (the bare ownership of art. 669, the premiums of art. 757 B). */
  "valueReceived",
  /** Who owes nothing by who they are or by the estate's size (art. 796-0 bis, 796-0 ter, 796-0). */
  "exemption",
  /** The allowances (art. 779, 788 IV, 790 B to 790 F; the representatives' share, art. 779 I). */
  "allowances",
  /** Exempt cash (art. 790 A bis, then 790 G). */
  "cashExemptions",
  /** The recall of earlier gifts (art. 784). */
  "recall",
  /** The scale (art. 777). */
  "scale",
] as const;
export type Step = (typeof STEPS)[number];

/** A dossier field a family reads, the rule sets that read it and the checks made on it. */
export interface DossierField {
  /** Its path in the dossier JSON: `priorGifts[].housing790ABis`. */
  readonly path: string;
  /** The rule sets that read it: a dossier of another rule set that sets it is refused. */
  readonly ruleSets: readonly RuleSet[];
  /** The checks made on it (by the reader, or by the family's `check` under the law of the act's date). */
  readonly checks: readonly string[];
  /**
   * How the reader reads it when the engine's own reader does not (a family added with
   * `ReadOptions.families`): `"flag"`, a beneficiary's true or false (`beneficiaries[].NAME`, in
   * `Beneficiary.flags`). The engine's own families leave it out: their fields are read by dossier.ts.
   */
  readonly read?: "flag";
}

/** A counterfactual switch: the rule sets that have it, and what switching it off means, in French. */
export interface Switch {
  readonly ruleSets: readonly RuleSet[];
  readonly fr: string;
}

/** What a family's checks and computation read: the dossier, the law of its date, where the law comes from, the switches. */
export interface Context {
  readonly d: Dossier;
  /** The values of the law on the act's date. */
  readonly law: Law;
  /** Where the values of other dates come from (a prior gift's). */
  readonly source: LawSource;
  readonly ignore: ReadonlySet<string>;
  /** Computed mode (an estate with `family`): the civil devolution the tax is computed on; null otherwise (and in the checks). */
  readonly devolution: Devolution | null;
  /** Whether the dossier's rule set has this family. */
  has(family: RuleFamily): boolean;
  /** Whether a switch is on: the dossier's rule set has it and it is not ignored. */
  on(rule: string): boolean;
  /** Whether the dossier's rule set has a switch (ignored or not): the rule it switches applies there. */
  hasRule(rule: string): boolean;
}

/** Where a family's checks report a problem. */
export interface Checks {
  fail(path: string, message: string): void;
}

/** An allowance of a beneficiary (art. 779, 788 IV, 790 B-F, a representative's share, disability). */
export interface AllowanceItem {
  /** relationship: art. 779, 790 B, 790 D, 790 E or 790 F; representation: a share of art. 779 I; default: art. 788 IV; another family's own name. */
  source: "relationship" | "representation" | "disability" | "default" | (string & {});
  amount: Fraction;
  article: string;
  /** Its line on the sheet, in French ("Abattement handicap"). */
  label: string;
}

/** Why a beneficiary owes nothing, and the article that says so. */
export interface Exemption {
  /** The family that exempts ("spouse", "sibling", "smallEstate", or another family's own name). */
  reason: "spouse" | "smallEstate" | "sibling" | (string & {});
  article: string;
}

/** A family's exemption of cash in a gift (art. 790 A bis, 790 G). */
export interface CashExemptionHook {
  /** The field of the beneficiary's result that holds the breakdown. */
  readonly key: "housing790ABis" | "exemption790G";
  /** How the taxable share's line names it ("exonération 790 G"). */
  readonly short: string;
  exempt(c: Context, b: Beneficiary, gift: GiftDossier, donorAge: number, cash: Fraction): { amount: Fraction; eligible: boolean } | null;
  lines(detail: never, law: Law): string[];
}

export interface RuleFamily {
  /** Its name, as the sheet and the docs cite it. */
  readonly name: string;
  /** The articles it applies, as @succ/rules' references write them ("790 A bis", "779 II"). */
  readonly articles: readonly string[];
  /** The rule sets that apply it. */
  readonly ruleSets: readonly RuleSet[];
  /** Its step of the computation. */
  readonly step: Step;
  /** The dossier fields it reads. */
  readonly fields: readonly DossierField[];
  /** Its counterfactual switches, by id (each within the family's rule sets). */
  readonly switches: Readonly<Record<string, Switch>>;
  /** Checks of the whole dossier under the law of its date. */
  check?(c: Context, out: Checks): void;
  /** Checks of one prior gift under the law of the act's date (and of the gift's own). */
  checkPriorGift?(c: Context, g: PriorGift, b: Beneficiary, out: Checks): void;
  /** Step "exemption": why a beneficiary owes nothing, or null (the first family that says so wins). */
  exemption?(c: Context, b: Beneficiary, estate: { smallEstate: string | null } | null): Exemption | null;
  /** The sheet's words for an exemption this family gave (null for another family's). */
  exemptionWhy?(e: Exemption, sex: "F" | "M" | null, law: Law, grossAssets: Fraction | null, relationship: Relationship): string | null;
  /**
   * Step "cashExemptions" (gifts): the part of a donee's cash this family exempts, given `cash`,
   * the donee's cash that the families before it left ordinary. Returns the breakdown stored in
   * the beneficiary's result under `key`, its `amount` exempt, and the sheet's lines of it.
   */
  cashExemption?: CashExemptionHook;
  /** Step "allowances": the allowances it grants a beneficiary, given those of the families before it. */
  allowances?(c: Context, b: Beneficiary, before: readonly AllowanceItem[]): AllowanceItem[];
}

/** A family, checked to declare its switches within its rule sets. */
export function family<F extends RuleFamily>(f: F): F {
  for (const [id, s] of Object.entries(f.switches)) {
    for (const r of s.ruleSets) if (!f.ruleSets.includes(r)) throw new Error(`rule family ${f.name}: switch ${id} has the rule set ${r}, which the family does not`);
  }
  return f;
}

/** Issues collected by the checks. */
export function collector(issues: DossierIssue[]): Checks {
  return { fail: (path, message) => void issues.push({ path, message }) };
}

/** Whether a dossier's rule set has a family. */
export function applies(f: RuleFamily, ruleSet: RuleSet): boolean {
  return f.ruleSets.includes(ruleSet);
}

/** Whether one of a family's switches is on: the rule set has it and it is not ignored. */
export function switchOn(f: RuleFamily, ruleSet: RuleSet, ignore: ReadonlySet<string>, id: string): boolean {
  const s = f.switches[id];
  if (s === undefined) throw new Error(`rule family ${f.name} has no switch ${id}`);
  return s.ruleSets.includes(ruleSet) && !ignore.has(id);
}

/** The French sheet's line: a label, dots, and a value, 64 characters wide. */
export function line(label: string, value: string, indent = 2): string {
  const left = `${" ".repeat(indent)}${label} `;
  const dots = Math.max(2, 64 - left.length - value.length);
  return `${left}${".".repeat(dots)} ${value}`;
}

/**
 * The masculine or feminine form by the person's sex, and `both` when the sex is not known: a
 * neutral wording (« décès le »), or the generic masculine of legal French (« le donateur »),
 * never a form with « (e) ».
 */
export function agree(sex: "F" | "M" | null, m: string, f: string, both: string): string {
  return sex === "F" ? f : sex === "M" ? m : both;
}

/** A percent the French way: `12,5 %`. */
export function pct(n: number): string {
  return `${String(n).replace(".", ",")} %`;
}

/** A donee's cash in a gift: all of it (`housing` null), or only the cash for a home of art. 790 A bis (true), or only the rest (false). */
export function cashOf(d: GiftDossier, b: Beneficiary, housing: boolean | null): Fraction {
  let cash = ZERO;
  const shares = giftSharesOf(d.gifts, b.id);
  for (let k = 0; k < shares.length; k++) {
    const { gift: g, fraction } = shares[k]!;
    if (!g.cash || (housing !== null && g.housing790ABis !== housing)) continue;
    cash = add(cash, mul(g.value, fraction));
  }
  return cash;
}

/** A table of families as one rule set runs it, made once per table and rule set. */
export interface TableRun {
  /** The families the rule set applies, in the table's order. */
  readonly families: readonly RuleFamily[];
  /** Those of them with each step's hook, in the same order. */
  readonly exemption: readonly RuleFamily[];
  readonly allowances: readonly RuleFamily[];
  readonly cashExemption: readonly RuleFamily[];
  /** Those with checks of a prior gift, and of the whole dossier. */
  readonly checkPriorGift: readonly RuleFamily[];
  readonly check: readonly RuleFamily[];
  /** The switches the rule set has (a later family's declaration of a switch id wins, as in a Map). */
  readonly switches: ReadonlySet<string>;
}

const runs = new WeakMap<readonly RuleFamily[], { length: number; bySet: Map<RuleSet, TableRun> }>();

/** The table `table` as rule set `ruleSet` runs it (rebuilt if the table's length changed). */
export function tableRun(table: readonly RuleFamily[], ruleSet: RuleSet): TableRun {
  let entry = runs.get(table);
  if (entry === undefined || entry.length !== table.length) runs.set(table, (entry = { length: table.length, bySet: new Map() }));
  let run = entry.bySet.get(ruleSet);
  if (run === undefined) {
    const families = table.filter((f) => applies(f, ruleSet));
    const byId = new Map<string, Switch>();
    for (const f of table) for (const [id, s] of Object.entries(f.switches)) byId.set(id, s);
    const switches = new Set([...byId].filter(([, s]) => s.ruleSets.includes(ruleSet)).map(([id]) => id));
    run = {
      families,
      exemption: families.filter((f) => f.exemption !== undefined),
      allowances: families.filter((f) => f.allowances !== undefined),
      cashExemption: families.filter((f) => f.cashExemption !== undefined),
      checkPriorGift: families.filter((f) => f.checkPriorGift !== undefined),
      check: families.filter((f) => f.check !== undefined),
      switches,
    };
    entry.bySet.set(ruleSet, run);
  }
  return run;
}
