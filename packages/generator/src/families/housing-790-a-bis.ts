import { euros } from "@succ/engine";
import { LAW_SERIES, RELATIONSHIP_FR, type Law, type Relationship } from "@succ/rules";
import { listOf, type Beneficiary, type GiftItem } from "../draft.js";
import { roundish } from "../family.js";
import { dateFr, listFr } from "../french.js";
import { engineFamily, generatorFamily } from "./generator-family.js";

/** Art. 790 A bis (cgi): the cash given for a new home or its energy renovation, within the article's window. */

function art790ABis(law: Law): string {
  const h = law.housingGift790ABis;
  const window = LAW_SERIES.housingGift790ABis.ceiling.periods[0]!;
  const day = (d: string): string => {
    const [y, m, dd] = listOf(d.split("-"), Number) as [number, number, number];
    return dateFr({ y, m, d: dd });
  };
  if (h.ceiling === null) return `- **Art. 790 A bis (dons pour le logement).** Ce régime ne s'applique pas aux dons consentis à la date de l'acte.`;
  const rel = (list: readonly Relationship[]): string => listFr(listOf(list, (r) => RELATIONSHIP_FR[r])).replaceAll(" et ", " ou ");
  return `- **Art. 790 A bis (dons pour le logement).** Les dons de sommes d'argent consentis en pleine propriété du ${day(window.from)} au ${day(window.to!)} à un ${rel(h.donees!)} ou, à défaut d'une telle descendance, à un ${rel(h.doneesWithoutDescendants!)}, sont exonérés dans la limite de ${euros(h.ceiling)} par donateur et par donataire (et de ${euros(h.ceilingPerDonee!)} par donataire, tous donateurs confondus), lorsque le donataire les affecte, au plus tard le dernier jour du sixième mois suivant le versement, à l'acquisition d'un logement neuf ou en l'état futur d'achèvement, ou à des travaux de rénovation énergétique de sa résidence principale. Aucune condition d'âge ne s'applique. Cette exonération se cumule avec les abattements et avec l'art. 790 G.`;
}

export const HOUSING_790A_BIS = generatorFamily({
  engine: engineFamily("housing790ABis"),
  draw: {
    /** Level 5: cash for a home to one or two donees the article names, within the ceiling per donor and donee. */
    housing(rng, level, law, childless, donees) {
      const items: GiftItem[] = [];
      const h = law.housingGift790ABis;
      // (Level-5 gifts are dated no later than the last day an official text confirms the article's
      // wording: cgiActDate.)
      if (level === 5 && h.ceiling !== null && rng.chance(90)) {
        const named = (x: Beneficiary): boolean => (childless ? [...h.donees!, ...h.doneesWithoutDescendants!] : h.donees!).includes(x.relationship);
        const pool = donees.filter((d) => named(d.b));
        for (const d of rng.sample(pool, Math.min(pool.length, rng.weighted([[1, 70], [2, 30]] as const)))) {
          // Above what art. 790 G alone would exempt, so that the housing exemption matters.
          const cents = Math.min(h.ceiling * 100, roundish(rng, rng.int(Math.min(h.ceiling, law.cashGift790G.ceiling + 8_000), h.ceiling) * 100));
          items.push({ label: `Somme d'argent remise à ${d.b.id} pour ${rng.pick(["l'acquisition d'un logement neuf", "l'achat d'un appartement en l'état futur d'achèvement", "des travaux de rénovation énergétique de sa résidence principale"])}`, cents, cash: true, reservedUsufruct: false, to: [{ beneficiary: d.b.id, num: 1, den: 1 }] });
          d.cash += cents;
          d.exempt += cents;
        }
      }
      return items;
    },
  },
  articles: [{ place: 90, kinds: ["gift"], text: art790ABis }],
  file: {
    giftNature: (d, g) =>
      d.cgi.housing.has(g)
        ? "somme d'argent, en pleine propriété, que le donataire s'engage à affecter dans les six mois à l'acquisition d'un logement neuf ou à la rénovation énergétique de sa résidence principale (art. 790 A bis)"
        : null,
  },
});
