import { eurosFromCents } from "@succ/engine";
import { roundEuros } from "../family.js";
import { rateFr } from "../french.js";
import { engineFamily, generatorFamily } from "./generator-family.js";

/** Art. 764 I (cgi): the furniture, never below a percent of the other assets without an inventory or a sale. */
export const FURNITURE = generatorFamily({
  engine: engineFamily("furniture764"),
  draw: {
    /**
     * The furniture (art. 764 I 3°): no value above the legal minimum (level 5 only), the heirs'
     * estimate (counted at the minimum when below it), an inventory, a public sale, or (level 5
     * only, its decision then stated) none. Level 6 always states its furniture, and an estimate
     * there clears the minimum whether it is taken before or after the main residence's reduction.
     */
    furniture(rng, level, law, listed) {
      const f = level === 5 ? rng.weighted([["flat", 45], ["declared", 20], ["inventory", 15], ["sale", 5], ["none", 15]] as const) : rng.weighted([["declared", 45], ["inventory", 42], ["sale", 13]] as const);
      const minimum = Math.ceil((listed * law.furnitureFlatRate) / 100);
      if (f === "flat") return { valuation: "flat" };
      if (f === "declared") {
        const above = level === 6 || rng.chance(45);
        const cents = above ? roundEuros(minimum + rng.spread(500, 30_000) * 100, 10) : roundEuros(Math.floor((minimum * rng.int(20, 85)) / 100), 10);
        return { valuation: "declared", cents: Math.max(100_00, cents) };
      }
      if (f === "none") return null;
      return { valuation: f, cents: roundEuros(Math.min(Math.floor(listed * rng.int(2, 8) / 100), rng.int(1_500, 40_000) * 100), 10) };
    },
  },
  articles: [
    {
      place: 20,
      kinds: ["estate"],
      text: (law) =>
        `- **Art. 764 I (meubles meublants).** La valeur des meubles meublants est celle du prix de leur vente publique dans les deux années du décès ; à défaut, celle de l'estimation de l'inventaire dressé dans les cinq années du décès ; à défaut, celle de la déclaration estimative des parties ; toutefois, sans que l'administration ait à en justifier l'existence, leur valeur imposable ne peut être inférieure à ${rateFr(law.furnitureFlatRate)} de l'ensemble des autres biens de la succession, la preuve contraire étant réservée.`,
    },
  ],
  file: {
    estateSections: [
      {
        after: "inventory",
        lines(d) {
          const fu = d.cgi.furniture;
          const furniture =
            fu === null
              ? "Aucun meuble meublant dans la succession : les héritiers en apportent la preuve."
              : fu.valuation === "flat"
                ? "Ni vente publique ni inventaire du mobilier ; les héritiers n'en déclarent pas une valeur supérieure au minimum légal."
                : fu.valuation === "declared"
                  ? `Ni vente publique ni inventaire du mobilier ; dans la déclaration, les héritiers estiment les meubles meublants à ${eurosFromCents(fu.cents)}.`
                  : fu.valuation === "inventory"
                  ? `Inventaire notarié du mobilier dressé dans les semaines qui ont suivi le décès : ${eurosFromCents(fu.cents)}.`
                  : `Mobilier vendu aux enchères publiques dans l'année du décès, pour ${eurosFromCents(fu.cents)}.`;
          return ["", "### Meubles meublants", "", furniture];
        },
      },
    ],
  },
  mistakes: [
    {
      place: 60,
      key: "furniture764",
      label: "the 5 % furniture forgotten",
      rule: "furniture764",
      feature: "furniture with neither inventory nor sale, at the minimum of 5 %",
      // Flat, or an estimate below the minimum of art. 764 I 3° (above it, the minimum changes nothing).
      has: (r) => r.kind === "estate" && (r.estate.grossEstate.furniture?.valuation === "flat" || (r.estate.grossEstate.furniture?.valuation === "declared" && r.estate.grossEstate.furniture.declared!.lt(r.estate.grossEstate.furniture.minimum!))),
    },
  ],
});
