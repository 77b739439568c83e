import { gendered, listFr, rateFr } from "../french.js";
import { engineFamily, generatorFamily } from "./generator-family.js";

/** Art. 764 bis (cgi): the reduction of the main residence still occupied by the spouse, a partner or a child. */
export const MAIN_RESIDENCE = generatorFamily({
  engine: engineFamily("mainResidence764bis"),
  articles: [
    {
      place: 30,
      kinds: ["estate"],
      text(law) {
        const m = law.mainResidence;
        return `- **Art. 764 bis (résidence principale).** La valeur vénale de l'immeuble qui constitue au jour du décès la résidence principale du défunt est réduite de ${rateFr(m.reductionPercent)} lorsque, à la même date, cet immeuble est également occupé à titre de résidence principale par le conjoint survivant, par le partenaire lié au défunt par un PACS, ou par un ou plusieurs enfants mineurs (moins de ${m.minorBelow} ans) ou majeurs protégés du défunt, de son conjoint ou de son partenaire, ou par un de leurs enfants majeurs incapables de travailler dans des conditions normales de rentabilité en raison d'une infirmité (au sens de l'art. 779 II).`;
      },
    },
  ],
  file: {
    assetNote(d, i) {
      const residence = d.cgi.mainResidence;
      if (residence?.asset !== i) return null;
      return `résidence principale ${gendered(d.subject.female, "du défunt", "de la défunte")} ; au jour du décès, également résidence principale de ${listFr(residence.occupants)}`;
    },
  },
  mistakes: [
    {
      place: 70,
      key: "mainResidence764bis",
      label: "the 20 % main-residence reduction forgotten",
      rule: "mainResidence764bis",
      feature: "a main residence",
      has: (r) => r.kind === "estate" && r.dossier.assets.some((a) => a.mainResidence),
    },
  ],
});
