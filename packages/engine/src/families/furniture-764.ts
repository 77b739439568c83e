import type Fraction from "fraction.js";
import { LAW_SERIES, type Law } from "@succ/rules";
import type { EstateDossier } from "../dossier.js";
import { mulRatio } from "../exact.js";
import { euros } from "../french.js";
import { applies, family, line, pct, switchOn } from "../family.js";

/** The furniture's value and how it was set: a percent of the other assets, an inventory or a sale. */
export type FurnitureDetail = { valuation: "flat" | "inventory" | "sale"; ratePercent: number | null; value: Fraction };

/**
 * Art. 764 I 3° (cgi): the furniture (meubles meublants) at 5 % of the other assets, after the
 * reduction of the main residence (a decision of this project: art. 764 I does not say which
 * comes first), unless an inventory or a public sale gives its value. Counterfactual:
 * `furniture764` forgets the 5 %.
 */
export const FURNITURE = family({
  name: "meubles meublants",
  articles: [LAW_SERIES.furnitureFlatRate.reference.article],
  ruleSets: ["cgi"],
  step: "grossEstate",
  fields: [{ path: "furniture", ruleSets: ["cgi"], checks: ['"flat" without a value, or "inventory" or "sale" with one', "estates only"] }],
  switches: {
    furniture764: { ruleSets: ["cgi"], fr: "forfait mobilier de 5 % (art. 764 I 3°)" },
  },
});

/** The furniture, valued on `others` (the other assets, the main residence reduced); null when the estate has none. */
export function furnitureOf(d: Pick<EstateDossier, "ruleSet" | "furniture">, law: Law, ignore: ReadonlySet<string>, others: Fraction): FurnitureDetail | null {
  if (d.furniture === null || !applies(FURNITURE, d.ruleSet)) return null;
  if (d.furniture.valuation !== "flat") return { valuation: d.furniture.valuation, ratePercent: null, value: d.furniture.value! };
  const rate = switchOn(FURNITURE, d.ruleSet, ignore, "furniture764") ? law.furnitureFlatRate : 0;
  return { valuation: "flat", ratePercent: rate, value: mulRatio(others, rate, 100) };
}

/** Its line of the sheet. */
export function furnitureLine(f: FurnitureDetail): string {
  const how = f.valuation === "flat" ? `forfait de ${pct(f.ratePercent!)} des autres biens (art. ${FURNITURE.articles[0]})` : f.valuation === "inventory" ? "selon l'inventaire" : "selon la vente publique";
  return line(`Meubles meublants, ${how}`, euros(f.value), 4);
}
