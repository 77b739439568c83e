import { LAW_SERIES, personalAllowance, type Relationship, type TransferKind } from "@succ/rules";
import type { Beneficiary, PriorGift } from "../dossier.js";
import { euro, positive } from "../exact.js";
import { family, type AllowanceItem, type Checks, type Context } from "../family.js";
import { spouseExempt } from "./spouse-796-0-bis.js";

const A = LAW_SERIES.allowances;
/** The articles of the personal allowances, each once. */
const PERSONAL_ARTICLES = [...new Set([...Object.values(A.personal.estate), ...Object.values(A.personal.gift)].map((s) => s.reference.article))];

/**
 * The allowances (abattements): each relationship's own (art. 779, 790 B, 790 D, 790 E, 790 F),
 * the disability allowance on top (art. 779 II) and, in an estate, the default allowance of art.
 * 788 IV for a beneficiary without an allowance of art. 779. Under `seed` the default allowance
 * stacks with the disability allowance; under `cgi` it is given only "à défaut d'autre
 * abattement". Counterfactuals: `disabilityAllowance`, `defaultAllowanceAlone` (cgi).
 */
export const ALLOWANCES = family({
  name: "abattements",
  articles: [...PERSONAL_ARTICLES, A.disability.reference.article, A.default.reference.article],
  ruleSets: ["seed", "cgi"],
  step: "allowances",
  fields: [
    { path: "beneficiaries[].relationship", ruleSets: ["seed", "cgi"], checks: ["one of the relationships", "one spouse or PACS partner at most"] },
    { path: "beneficiaries[].disabled", ruleSets: ["seed", "cgi"], checks: ["true or false"] },
    { path: "priorGifts[].disabilityAllowanceUsed", ruleSets: ["cgi"], checks: ["an amount", "with allowanceUsed, not above the gift's value", "only for a disabled beneficiary"] },
  ],
  switches: {
    disabilityAllowance: { ruleSets: ["seed", "cgi"], fr: "abattement handicap (art. 779 II)" },
    defaultAllowanceAlone: { ruleSets: ["cgi"], fr: "abattement de l'art. 788 IV réservé à qui n'en a pas d'autre (cumulé à la place)" },
  },
  checkPriorGift(c: Context, g: PriorGift, b: Beneficiary, out: Checks): void {
    if (g.disabilityAllowanceUsed !== null && positive(g.disabilityAllowanceUsed) && !b.disabled) out.fail(`priorGifts[${g.index}].disabilityAllowanceUsed`, `${b.id} is not disabled`);
  },
  allowances(c: Context, b: Beneficiary, before: readonly AllowanceItem[]): AllowanceItem[] {
    const d = c.d;
    // The three possible items, then a list of those granted (pushed onto from empty, a list
    // takes 17 places at its first push, for the one or two items of most beneficiaries).
    let personal: AllowanceItem | null = null;
    let disability: AllowanceItem | null = null;
    let fallback: AllowanceItem | null = null;
    if (!has(before, "representation")) {
      // A taxed spouse in an estate (counterfactual only) gets the spouse's gift allowance.
      const kind = d.kind === "estate" && spouseExempt(c.law, b.relationship) ? "gift" : d.kind;
      const amount = personalAllowance(c.law, kind, b.relationship);
      if (amount > 0) personal = { source: "relationship", amount: euro(amount), article: allowanceArticle(kind, b.relationship), label: "Abattement" };
    }
    if (b.disabled && c.on("disabilityAllowance")) disability = { source: "disability", amount: euro(c.law.allowances.disability), article: A.disability.reference.article, label: "Abattement handicap" };
    // Art. 788 IV: in an estate, a beneficiary without an allowance of art. 779 gets the default one.
    if (d.kind === "estate" && !hasPersonal(before) && personal === null) {
      if (!c.on("defaultAllowanceAlone") || (before.length === 0 && disability === null)) fallback = { source: "default", amount: euro(c.law.allowances.default), article: A.default.reference.article, label: "Abattement à défaut d'autre abattement" };
    }
    return granted(personal, disability, fallback);
  },
});

/** The items that are not null, in their order, in a list of exactly their number. */
export function granted(a: AllowanceItem | null, b: AllowanceItem | null, c: AllowanceItem | null): AllowanceItem[] {
  if (a === null) return b === null ? (c === null ? [] : [c]) : c === null ? [b] : [b, c];
  return b === null ? (c === null ? [a] : [a, c]) : c === null ? [a, b] : [a, b, c];
}

/** Whether a list of allowances has one from `source` (loops: no closure made for each beneficiary). */
function has(items: readonly AllowanceItem[], source: AllowanceItem["source"]): boolean {
  for (let k = 0; k < items.length; k++) if (items[k]!.source === source) return true;
  return false;
}

/** Whether a list has an allowance of art. 779 (the relationship's own, or a share of the represented child's). */
function hasPersonal(items: readonly AllowanceItem[]): boolean {
  for (let k = 0; k < items.length; k++) if (items[k]!.source === "relationship" || items[k]!.source === "representation") return true;
  return false;
}

/** The articles of the personal allowances by transfer kind and relationship, read once from the references (a lookup for each beneficiary otherwise). */
const ARTICLE_OF: Record<TransferKind, Map<string, string>> = {
  estate: new Map(Object.entries(A.personal.estate).map(([rel, s]) => [rel, s.reference.article])),
  gift: new Map(Object.entries(A.personal.gift).map(([rel, s]) => [rel, s.reference.article])),
};

/** The article of a relationship's personal allowance, from the tables' references. */
export function allowanceArticle(kind: TransferKind, rel: Relationship): string {
  return ARTICLE_OF[kind].get(rel) ?? (A.personal[kind] as Partial<Record<Relationship, { reference: { article: string } }>>)[rel]!.reference.article;
}
