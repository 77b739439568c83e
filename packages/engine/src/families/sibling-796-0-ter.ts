import { LAW_SERIES, type Law } from "@succ/rules";
import { olderThan } from "../dates.js";
import type { Beneficiary, EstateDossier } from "../dossier.js";
import { agree, family, type Context, type Exemption } from "../family.js";

/**
 * Art. 796-0 ter (cgi): a brother or sister single, widowed, divorced or separated (séparé de corps;
 * one in a PACS or married is not single: Cass. com. 28 May 2025, n° 21-16.632), older than 50
 * (or disabled), who lived with the deceased for the 5 years before the death, owes nothing.
 * Counterfactual: `siblingExemption`.
 */
export const SIBLING_EXEMPTION = family({
  name: "exonération des frères et sœurs",
  articles: [LAW_SERIES.exemptions.sibling.olderThan.reference.article],
  ruleSets: ["cgi"],
  step: "exemption",
  fields: [
    { path: "beneficiaries[].maritalStatus", ruleSets: ["cgi"], checks: ["single, married, pacs, widowed, divorced or separated", "estates only"] },
    { path: "beneficiaries[].livedWithDeceased5Years", ruleSets: ["cgi"], checks: ["true or false", "estates only"] },
  ],
  switches: {
    siblingExemption: { ruleSets: ["cgi"], fr: "exonération des frères et sœurs (art. 796-0 ter)" },
  },
  exemptionWhy(e: Exemption, sex: "F" | "M" | null, law: Law): string | null {
    if (e.reason !== "sibling") return null;
    return `${agree(sex, "frère", "sœur", "frère ou sœur")} ${agree(sex, "célibataire, veuf, divorcé ou séparé de corps", "célibataire, veuve, divorcée ou séparée de corps", "célibataire, veuf, divorcé ou séparé de corps")}, de plus de ${law.exemptions.sibling.olderThan} ans ou ${agree(sex, "invalide", "invalide", "invalide")}, ayant vécu avec le défunt les ${law.exemptions.sibling.cohabitationYears} années précédant le décès`;
  },
  exemption(c: Context, b: Beneficiary): Exemption | null {
    return c.on("siblingExemption") && siblingExempt(c.d as EstateDossier, c.law, b) ? { reason: "sibling", article: LAW_SERIES.exemptions.sibling.olderThan.reference.article } : null;
  },
});

/** Whether a sibling meets the conditions. */
export function siblingExempt(d: EstateDossier, law: Law, b: Beneficiary): boolean {
  const s = law.exemptions.sibling;
  if (b.relationship !== "sibling" || b.maritalStatus === null || !s.statuses.includes(b.maritalStatus) || !b.livedWithDeceased5Years) return false;
  // "Âgé de plus de cinquante ans": the death after the 50th birthday, as the engine's one age rule
  // reaches it (on the birthday, not yet older than 50; born on 29 February, the birthday is 1 March of a common year).
  const older = olderThan(b.birthDate, s.olderThan, d.date);
  return older || b.disabled;
}

