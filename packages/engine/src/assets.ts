import type Fraction from "fraction.js";
import type { Law } from "@succ/rules";
import { ageOn } from "./dates.js";
import type { Asset, EstateDossier } from "./dossier.js";
import { add, lt, mulRatio, sub, ZERO } from "./exact.js";
import type { Rule } from "./rules.js";

/** The main residence's reduction of art. 764 bis, and who lives there that grants it. */
export interface MainResidenceDetail {
  asset: Asset;
  /** The occupants that grant the reduction (beneficiary ids), and whether a child of the spouse or partner does. */
  qualifyingOccupants: string[];
  spouseChild: boolean;
  reductionPercent: number;
  reduction: Fraction;
}

/** The estate's gross assets as valued for the tax (art. 764 bis, art. 764 I), before debts. */
export interface GrossEstate {
  /** Σ of the values written in the dossier. */
  listed: Fraction;
  mainResidence: MainResidenceDetail | null;
  /**
   * The furniture's value and how it was set: the minimum of 5 % of the other assets (flat), the
   * parties' estimate never below it (declared: `minimum` is that 5 %), an inventory or a sale.
   */
  furniture: { valuation: "flat" | "declared" | "inventory" | "sale"; ratePercent: number | null; value: Fraction; declared: Fraction | null; minimum: Fraction | null } | null;
  /** listed − reduction + furniture. */
  gross: Fraction;
}

/**
 * The gross estate: the assets as listed; under `cgi`, the main residence reduced by 20 % when it
 * is also the main residence of the spouse or partner, or of a minor, protected or disabled
 * child, on the day of death (art. 764 bis); and the furniture, at 5 % of the other assets
 * after that reduction (a decision of this project: art. 764 I does not say which comes first),
 * unless an inventory or a public sale gives its value. Counterfactuals: `mainResidence764bis`
 * forgets the 20 %, `furniture764` the 5 %.
 */
export function grossEstateOf(d: Pick<EstateDossier, "ruleSet" | "assets" | "furniture" | "beneficiaries" | "date">, law: Law, ignore: ReadonlySet<Rule>): GrossEstate {
  let listed = ZERO;
  let residence: Asset | null = null;
  for (const a of d.assets) {
    listed = add(listed, a.value);
    if (a.mainResidence) residence = a;
  }
  if (d.ruleSet === "seed") return { listed, mainResidence: null, furniture: null, gross: listed };
  let mainResidence: MainResidenceDetail | null = null;
  let reduced = listed;
  if (residence !== null) {
    const m = law.mainResidence;
    const qualifying = residence.occupiedBy.filter((id) => {
      const b = d.beneficiaries.find((x) => x.id === id)!;
      if (m.partners.includes(b.relationship)) return true;
      return m.children.includes(b.relationship) && (ageOn(b.birthDate, d.date) < m.minorBelow || b.protectedAdult || b.disabled);
    });
    const applies = (qualifying.length > 0 || residence.occupiedBySpouseChild) && !ignore.has("mainResidence764bis");
    const reduction = applies ? mulRatio(residence.value, m.reductionPercent, 100) : ZERO;
    mainResidence = { asset: residence, qualifyingOccupants: qualifying, spouseChild: residence.occupiedBySpouseChild, reductionPercent: applies ? m.reductionPercent : 0, reduction };
    reduced = sub(listed, reduction);
  }
  let furniture: GrossEstate["furniture"] = null;
  if (d.furniture !== null) {
    const rate = ignore.has("furniture764") ? 0 : law.furnitureFlatRate;
    const minimum = mulRatio(reduced, rate, 100);
    if (d.furniture.valuation === "flat") furniture = { valuation: "flat", ratePercent: rate, value: minimum, declared: null, minimum };
    else if (d.furniture.valuation === "declared") {
      // Art. 764 I 3°: the parties' estimate, "sans pouvoir être inférieure à 5 %" of the other assets.
      const declared = d.furniture.value!;
      furniture = { valuation: "declared", ratePercent: rate, value: lt(declared, minimum) ? minimum : declared, declared, minimum };
    } else furniture = { valuation: d.furniture.valuation, ratePercent: null, value: d.furniture.value!, declared: null, minimum: null };
  }
  return { listed, mainResidence, furniture, gross: furniture === null ? reduced : add(reduced, furniture.value) };
}
