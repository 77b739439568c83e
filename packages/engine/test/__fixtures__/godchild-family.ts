/**
 * A fictitious rule family, registered as docs/architecture.md's recipe says: a 1,000 € allowance
 * for godchildren (filleuls) from 2027-01-01, in an estate, under `cgi`. Two pieces, as in the
 * recipe: the dated value (in @succ/rules it would be a regime of `allowances.ts` added to
 * `LAW_SERIES`; here a copy of the tables with it, verified through 2027-12-31), and the engine
 * module (in the engine it would be `src/families/godchild.ts` and a line of `FAMILIES`; here the
 * table with it added).
 */
import { datedLaw, LAW_SERIES, type Law, type LawSeries } from "@succ/rules";
import { family, FAMILIES, type AllowanceItem, type Beneficiary, type Context, type RuleFamily } from "../../src/index.js";
import { euro } from "../../src/internal.js";

/** The value: a regime (null, "not in force", before its first day), with its article and source. */
const GODCHILD_ALLOWANCE = {
  label: "abattement des filleuls (fictif)",
  unit: "EUR",
  reference: { article: "779 VI (fictif)", legifrance: LAW_SERIES.allowances.disability.reference.legifrance, official: "loi de finances pour 2027 (fictive, test)" },
  periods: [{ value: 1_000, from: "2027-01-01", to: null, enactedBy: "loi de finances pour 2027 (fictive, test)" }],
  regime: true,
} as const;

/** The tables with the value added and verified through 2027-12-31. */
export function tablesWithGodchild(): LawSeries {
  const copy = structuredClone(LAW_SERIES) as unknown as { allowances: Record<string, unknown>; coverage: { verifiedThrough: { day: string; fixedBy: string } } };
  copy.allowances.godchild = GODCHILD_ALLOWANCE;
  copy.coverage.verifiedThrough = { day: "2027-12-31", fixedBy: "loi de finances pour 2027 (fictive, test)" };
  return copy as unknown as LawSeries;
}

export const SOURCE_2027 = datedLaw(tablesWithGodchild());

/** The value on a day (null before 2027). */
function godchildAllowance(law: Law): number | null {
  return (law.allowances as unknown as { godchild?: number | null }).godchild ?? null;
}

/** The family: a field, its rule set, its step, its switch, its article, its sheet line. */
export const GODCHILD = family({
  name: "abattement des filleuls (fictif)",
  articles: [GODCHILD_ALLOWANCE.reference.article],
  ruleSets: ["cgi"],
  step: "allowances",
  fields: [{ path: "beneficiaries[].godchild", ruleSets: ["cgi"], checks: ["true or false (default false)"], read: "flag" }],
  switches: { godchildAllowance: { ruleSets: ["cgi"], fr: "abattement des filleuls (fictif)" } },
  allowances(c: Context, b: Beneficiary): AllowanceItem[] {
    const amount = godchildAllowance(c.law);
    if (c.d.kind !== "estate" || !b.flags.godchild || amount === null || !c.on("godchildAllowance")) return [];
    return [{ source: "godchild", amount: euro(amount), article: GODCHILD_ALLOWANCE.reference.article, label: "Abattement des filleuls" }];
  },
});

/** The engine's table with the family added after the allowances (its step). */
export const WITH_GODCHILD: readonly RuleFamily[] = [...FAMILIES, GODCHILD];
