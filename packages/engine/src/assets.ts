import type Fraction from "fraction.js";
import type { Law } from "@succ/rules";
import type { EstateDossier } from "./dossier.js";
import { add, sub, ZERO } from "./exact.js";
import { furnitureOf, type FurnitureDetail } from "./families/furniture-764.js";
import { mainResidenceOf, type MainResidenceDetail } from "./families/main-residence-764-bis.js";

export type { MainResidenceDetail };

/** The estate's gross assets as valued for the tax (art. 764 bis, art. 764 I), before debts. */
export interface GrossEstate {
  /** Σ of the values written in the dossier. */
  listed: Fraction;
  mainResidence: MainResidenceDetail | null;
  /** The furniture's value and how it was set: a percent of the other assets, an inventory or a sale. */
  furniture: FurnitureDetail | null;
  /** listed − reduction + furniture. */
  gross: Fraction;
}

/**
 * The gross estate: the assets as listed, the main residence reduced (art. 764 bis,
 * families/main-residence-764-bis.ts), then the furniture added (art. 764 I,
 * families/furniture-764.ts), under the rule sets that have those families.
 */
export function grossEstateOf(d: Pick<EstateDossier, "ruleSet" | "assets" | "furniture" | "beneficiaries" | "date">, law: Law, ignore: ReadonlySet<string>): GrossEstate {
  let listed = ZERO;
  for (let k = 0; k < d.assets.length; k++) listed = add(listed, d.assets[k]!.value);
  const mainResidence = mainResidenceOf(d, law, ignore);
  const reduced = mainResidence === null ? listed : sub(listed, mainResidence.reduction);
  const furniture = furnitureOf(d, law, ignore, reduced);
  return { listed, mainResidence, furniture, gross: furniture === null ? reduced : add(reduced, furniture.value) };
}
