import { euros } from "@succ/engine";
import { engineFamily, generatorFamily } from "./generator-family.js";

/** Representation (cgi art. 779 I): the representatives of a predeceased child share its allowance. Its part of the allowances' numbered rule. */
export const REPRESENTATION = generatorFamily({
  engine: engineFamily("representation"),
  numbered: [
    {
      rule: "allowances",
      place: 51,
      appears: (level, kind) => kind === "estate" && level >= 3,
      text(_level, _kind, law) {
        // Art. 779 I: the representatives share the allowance of the child they represent.
        const share = law.allowances.personal.estate.child;
        return (
        `   Représentation : les petits-enfants qui viennent à la succession par représentation d'un enfant prédécédé se partagent à parts égales l'abattement de ${euros(share)} de cet enfant, au lieu de l'abattement de petit-enfant. Exemple fictif : deux représentants, ${euros(share / 2)} chacun ; trois représentants, ${euros(share)} / 3 chacun (valeur exacte, non arrondie). Un petit-enfant qui reçoit seulement un legs, sans représenter personne, garde l'abattement de petit-enfant.`
        );
      },
    },
  ],
  stillRight: [{ place: 50, key: "representation", label: "representation ignored (grandchild allowance)", rules: ["representation"] }],
});
