import { euros } from "@succ/engine";
import { familyName } from "../names.js";
import { engineFamily, generatorFamily } from "./generator-family.js";

/**
 * Art. 775 (cgi): the flat funeral deduction. The seed rules' cap on the invoice is part of the
 * numbered rule of the net estate (presentation.ts), with the rest of the estate's value.
 */
export const FUNERAL = generatorFamily({
  engine: engineFamily("funeralFlat"),
  draw: {
    /** The funeral invoice: below the flat deduction about half the time (the trap of art. 775), above it otherwise. */
    funeral(rng, level, law) {
      const flat = law.funeralDeduction * 100;
      const cents = rng.chance(level === 5 ? 55 : 70) ? rng.int(Math.floor(flat * 0.35), flat - 300_00) : rng.int(flat + 700_00, flat * 5);
      return { label: `Facture des pompes funèbres ${familyName(rng)}`, cents };
    },
  },
  articles: [
    {
      place: 10,
      kinds: ["estate"],
      text: (law) =>
        `- **Art. 775 (frais funéraires).** Les frais funéraires sont déduits de l'actif de la succession pour un montant forfaitaire de ${euros(law.funeralDeduction)}, sans justification, et pour la totalité de l'actif si celui-ci est inférieur à ce montant.`,
    },
  ],
  mistakes: [
    {
      place: 10,
      key: "funeralFlat",
      label: "flat funeral deduction taken as a cap on the invoice",
      rule: "funeralFlat",
      feature: "a funeral invoice below the flat deduction",
      has: (r) => r.kind === "estate" && r.dossier.funeralCosts.compare(r.law.funeralDeduction) < 0,
    },
  ],
});
