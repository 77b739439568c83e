import type Fraction from "fraction.js";
import { LAW_SERIES, type Law } from "@succ/rules";
import type { EstateDossier } from "../dossier.js";
import { euro, lt } from "../exact.js";
import { euros } from "../french.js";
import { family, line, switchOn } from "../family.js";

/**
 * Art. 775: the funeral deduction. Under `seed`, the invoice within the flat amount (the
 * simplification of levels 1-4); under `cgi`, the flat amount whatever the invoice, or the gross
 * assets when they are lower. Counterfactuals: `funeralCap` deducts the whole invoice;
 * `funeralFlat` (cgi) takes the flat amount as a cap on the invoice.
 */
export const FUNERAL = family({
  name: "frais funéraires",
  articles: [LAW_SERIES.funeralDeduction.reference.article],
  ruleSets: ["seed", "cgi"],
  step: "netEstate",
  fields: [{ path: "funeralCosts", ruleSets: ["seed", "cgi"], checks: ["an amount (default 0)", "with the debts, not above the assets"] }],
  switches: {
    funeralCap: { ruleSets: ["seed", "cgi"], fr: "frais funéraires (art. 775) : la facture déduite en entier" },
    funeralFlat: { ruleSets: ["cgi"], fr: "déduction forfaitaire de l'art. 775 prise pour un plafond de la facture" },
  },
});

export type FuneralMethod = "capped" | "flat" | "grossAssets" | "invoice";

/** The deduction of an estate whose gross assets are `assets`. */
export function funeralDeduction(d: Pick<EstateDossier, "ruleSet" | "funeralCosts">, law: Law, ignore: ReadonlySet<string>, assets: Fraction): { funeralDeducted: Fraction; funeralMethod: FuneralMethod } {
  const flat = euro(law.funeralDeduction);
  if (ignore.has("funeralCap")) return { funeralDeducted: d.funeralCosts, funeralMethod: "invoice" };
  if (!switchOn(FUNERAL, d.ruleSet, ignore, "funeralFlat")) return { funeralDeducted: lt(flat, d.funeralCosts) ? flat : d.funeralCosts, funeralMethod: "capped" };
  if (lt(assets, flat)) return { funeralDeducted: assets, funeralMethod: "grossAssets" };
  return { funeralDeducted: flat, funeralMethod: "flat" };
}

/** Its line of the sheet. */
export function funeralLine(e: { funeralMethod: FuneralMethod; funeralDeducted: Fraction }, invoice: Fraction, law: Law): string {
  const art = `art. ${FUNERAL.articles[0]}`;
  switch (e.funeralMethod) {
    case "capped": {
      const capped = e.funeralDeducted.lt(invoice);
      return line(`Frais funéraires ${euros(invoice)}${capped ? `, déduits dans la limite de ${euros(law.funeralDeduction)} (${art})` : ""}`, `− ${euros(e.funeralDeducted)}`);
    }
    case "flat":
      return line(`Frais funéraires : déduction forfaitaire (${art})${invoice.gt(0) ? `, quelle que soit la facture (${euros(invoice)})` : ""}`, `− ${euros(e.funeralDeducted)}`);
    case "grossAssets":
      return line(`Frais funéraires : déduction limitée à l'actif brut, inférieur à ${euros(law.funeralDeduction)} (${art})`, `− ${euros(e.funeralDeducted)}`);
    case "invoice":
      return line(`Frais funéraires ${euros(invoice)} (déduits en entier, règle écartée)`, `− ${euros(e.funeralDeducted)}`);
  }
}
