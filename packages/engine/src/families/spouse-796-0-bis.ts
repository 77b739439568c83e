import { LAW_SERIES, type Law, type Relationship } from "@succ/rules";
import type { Beneficiary } from "../dossier.js";
import { agree, family, type Context, type Exemption } from "../family.js";

/** Art. 796-0 bis: the surviving spouse and the PACS partner owe no inheritance tax. Counterfactual: `spouseExemption`. */
export const SPOUSE_EXEMPTION = family({
  name: "exonération du conjoint",
  articles: [LAW_SERIES.exemptions.spouseEstate.reference.article],
  ruleSets: ["seed", "cgi"],
  step: "exemption",
  fields: [],
  switches: {
    spouseExemption: { ruleSets: ["seed", "cgi"], fr: "exonération du conjoint (art. 796-0 bis)" },
  },
  exemption(c: Context, b: Beneficiary): Exemption | null {
    return spouseExempt(c.law, b.relationship) && c.on("spouseExemption") ? { reason: "spouse", article: LAW_SERIES.exemptions.spouseEstate.reference.article } : null;
  },
  exemptionWhy(e: Exemption, sex: "F" | "M" | null, _law: Law, _assets: unknown, relationship: Relationship): string | null {
    return e.reason === "spouse" ? exemptSpouseFr(relationship, sex) : null;
  },
});

/**
 * The exempt spouse or PACS partner as the sheet names it, the one that applies:
 * « conjointe survivante », « partenaire lié par un PACS »; without the sex, « conjoint
 * survivant » (the Code's word) and « partenaire de PACS ».
 */
export function exemptSpouseFr(relationship: Relationship, sex: "F" | "M" | null): string {
  return relationship === "pacs"
    ? agree(sex, "partenaire lié par un PACS", "partenaire liée par un PACS", "partenaire de PACS")
    : agree(sex, "conjoint survivant", "conjointe survivante", "conjoint survivant");
}

/** Whether a relationship is exempt in an estate. */
export function spouseExempt(law: Law, rel: Relationship): boolean {
  return law.exemptions.spouseEstate.includes(rel);
}

