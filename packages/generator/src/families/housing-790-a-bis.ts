import { euros } from "@succ/engine";
import { LAW_SERIES, RELATIONSHIP_FR, type Law, type Relationship } from "@succ/rules";
import { dateFr, listFr } from "../french.js";
import { engineFamily, generatorFamily } from "./generator-family.js";

/** Art. 790 A bis (cgi): the cash given for a new home or its energy renovation, within the article's window. */

function art790ABis(law: Law): string {
  const h = law.housingGift790ABis;
  const window = LAW_SERIES.housingGift790ABis.ceiling.periods[0]!;
  const day = (d: string): string => {
    const [y, m, dd] = d.split("-").map(Number) as [number, number, number];
    return dateFr({ y, m, d: dd });
  };
  if (h.ceiling === null) return `- **Art. 790 A bis (dons pour le logement).** Ce régime ne s'applique pas aux dons consentis à la date de l'acte.`;
  const rel = (list: readonly Relationship[]): string => listFr(list.map((r) => RELATIONSHIP_FR[r])).replaceAll(" et ", " ou ");
  return `- **Art. 790 A bis (dons pour le logement).** Les dons de sommes d'argent consentis en pleine propriété du ${day(window.from)} au ${day(window.to!)} à un ${rel(h.donees!)} ou, à défaut d'une telle descendance, à un ${rel(h.doneesWithoutDescendants!)}, sont exonérés dans la limite de ${euros(h.ceiling)} par donateur et par donataire (et de ${euros(h.ceilingPerDonee!)} par donataire, tous donateurs confondus), lorsque le donataire les affecte, au plus tard le dernier jour du sixième mois suivant le versement, à l'acquisition d'un logement neuf ou en l'état futur d'achèvement, ou à des travaux de rénovation énergétique de sa résidence principale. Aucune condition d'âge ne s'applique. Cette exonération se cumule avec les abattements et avec l'art. 790 G.`;
}

export const HOUSING_790A_BIS = generatorFamily({
  engine: engineFamily("housing790ABis"),
  articles: [{ place: 90, kinds: ["gift"], text: art790ABis }],
  file: {
    giftNature: (d, g) =>
      d.cgi.housing.has(g)
        ? "somme d'argent, en pleine propriété, que le donataire s'engage à affecter dans les six mois à l'acquisition d'un logement neuf ou à la rénovation énergétique de sa résidence principale (art. 790 A bis)"
        : null,
  },
});
