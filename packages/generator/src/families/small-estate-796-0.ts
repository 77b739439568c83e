import { euros } from "@succ/engine";
import { engineFamily, generatorFamily } from "./generator-family.js";

/** Art. 796-0 and 800 I (cgi): the small estates exempt of declaration. */
export const SMALL_ESTATE = generatorFamily({
  engine: engineFamily("smallEstate"),
  articles: [
    {
      place: 70,
      kinds: ["estate"],
      text(law) {
        const small = law.exemptions.smallEstate;
        return `- **Art. 796-0 et 800 I (petites successions).** Sont dispensés de déclaration, et dès lors exonérés de droits de mutation par décès : les héritiers en ligne directe, le conjoint survivant et le partenaire de PACS lorsque l'actif brut successoral est inférieur à ${euros(small.directLineBelow)}, pourvu qu'ils n'aient pas reçu du défunt une donation ou un don manuel non enregistré ou non déclaré ; lorsqu'il est inférieur à ${euros(small.everyoneBelow)}, les personnes autres que celles-ci (un héritier en ligne directe, le conjoint ou le partenaire qui a reçu un don non enregistré n'en fait donc pas partie). L'actif brut successoral est la valeur des biens de la succession retenue pour l'impôt (résidence principale après l'abattement de l'art. 764 bis, meubles meublants compris), avant déduction des dettes et des frais funéraires ; les capitaux d'assurance-vie n'en font pas partie.`;
      },
    },
  ],
});
