import type Fraction from "fraction.js";
import { LAW_SERIES, type Law } from "@succ/rules";
import type { EstateDossier } from "../dossier.js";
import { lt, mulRatio } from "../exact.js";
import { euros } from "../french.js";
import { applies, family, line, pct, switchOn } from "../family.js";

/**
 * The furniture's value and how it was set: the minimum of a percent of the other assets (flat),
 * the parties' estimate never below it (declared: `declared` and `minimum`), an inventory or a sale.
 */
export type FurnitureDetail = { valuation: "flat" | "declared" | "inventory" | "sale"; ratePercent: number | null; value: Fraction; declared: Fraction | null; minimum: Fraction | null };

/**
 * Art. 764 I 3° (cgi): with neither a public sale nor an inventory, the furniture (meubles
 * meublants) is the parties' estimate, "sans que l'administration ait à en justifier l'existence,
 * la valeur imposable ne peut être inférieure à 5 % de l'ensemble des autres valeurs mobilières
 * et immobilières de la succession" (BOI-ENR-DMTG-10-40-10-20): `declared` = max(estimate, 5 %),
 * `flat` = exactly the 5 % (no estimate above it); the 5 % is taken after the reduction of the
 * main residence (a decision of this project: art. 764 I does not say which comes first). An
 * inventory or a public sale gives its value. Counterfactual: `furniture764` forgets the 5 %.
 */
export const FURNITURE = family({
  name: "meubles meublants",
  articles: [LAW_SERIES.furnitureFlatRate.reference.article],
  ruleSets: ["cgi"],
  step: "grossEstate",
  fields: [{ path: "furniture", ruleSets: ["cgi"], checks: ['"flat" without a value, or "declared", "inventory" or "sale" with one', "estates only"] }],
  switches: {
    furniture764: { ruleSets: ["cgi"], fr: "forfait mobilier de 5 % (art. 764 I 3°)" },
  },
});

/** The furniture, valued on `others` (the other assets, the main residence reduced); null when the estate has none. */
export function furnitureOf(d: Pick<EstateDossier, "ruleSet" | "furniture">, law: Law, ignore: ReadonlySet<string>, others: Fraction): FurnitureDetail | null {
  if (d.furniture === null || !applies(FURNITURE, d.ruleSet)) return null;
  const v = d.furniture.valuation;
  if (v === "inventory" || v === "sale") return { valuation: v, ratePercent: null, value: d.furniture.value!, declared: null, minimum: null };
  const rate = switchOn(FURNITURE, d.ruleSet, ignore, "furniture764") ? law.furnitureFlatRate : 0;
  const minimum = mulRatio(others, rate, 100);
  if (v === "flat") return { valuation: "flat", ratePercent: rate, value: minimum, declared: null, minimum };
  const declared = d.furniture.value!;
  return { valuation: "declared", ratePercent: rate, value: lt(declared, minimum) ? minimum : declared, declared, minimum };
}

/** Its line of the sheet. */
export function furnitureLine(f: FurnitureDetail): string {
  const how =
    f.valuation === "flat"
      ? `forfait de ${pct(f.ratePercent!)} des autres biens (art. ${FURNITURE.articles[0]})`
      : f.valuation === "declared"
        ? `déclaration estimative de ${euros(f.declared!)}, au moins ${pct(f.ratePercent!)} des autres biens, ${euros(f.minimum!)} (art. ${FURNITURE.articles[0]})`
        : f.valuation === "inventory"
          ? "selon l'inventaire"
          : "selon la vente publique";
  return line(`Meubles meublants, ${how}`, euros(f.value), 4);
}
