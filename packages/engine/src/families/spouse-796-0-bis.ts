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
  exemptionWhy(e: Exemption, sex: "F" | "M" | null): string | null {
    return e.reason === "spouse" ? agree(sex, "conjoint survivant ou partenaire de PACS", "conjointe survivante ou partenaire de PACS", "conjoint survivant ou partenaire de PACS") : null;
  },
});

/** Whether a relationship is exempt in an estate. */
export function spouseExempt(law: Law, rel: Relationship): boolean {
  return law.exemptions.spouseEstate.includes(rel);
}

