import { dateFr, gendered } from "../french.js";
import { engineFamily, generatorFamily } from "./generator-family.js";

/** Art. 796-0 ter (cgi): the brother or sister who lived with the deceased exempt. */
export const SIBLING_EXEMPTION = generatorFamily({
  engine: engineFamily("siblingExemption"),
  file: {
    /** A brother or sister of an estate: whether, and since when, he lived with the deceased. */
    beneficiaryFacts(d, b) {
      if (d.kind !== "estate" || b.relationship !== "sibling") return null;
      const f = b.person.female;
      const subjectF = d.subject.female;
      const c = d.cgi.civil.get(b.id);
      return c?.livesWithSince ? `${gendered(f, "domicilié", "domiciliée")} avec ${gendered(subjectF, "le défunt", "la défunte")} depuis le ${dateFr(c.livesWithSince)}` : `domicile distinct de celui ${gendered(subjectF, "du défunt", "de la défunte")}`;
    },
  },
  articles: [
    {
      place: 60,
      kinds: ["estate"],
      text(law) {
        const ex = law.exemptions;
        return `- **Art. 796-0 ter.** Est exonérée de droits de mutation par décès la part de chaque frère ou sœur, célibataire, veuf, divorcé ou séparé de corps, à la double condition qu'il soit, au décès, âgé de plus de ${ex.sibling.olderThan} ans ou atteint d'une infirmité le mettant dans l'impossibilité de subvenir par son travail aux nécessités de l'existence, et qu'il ait été constamment domicilié avec le défunt pendant les ${ex.sibling.cohabitationYears} années ayant précédé le décès.`;
      },
    },
  ],
  mistakes: [
    {
      place: 80,
      key: "siblingExemption",
      label: "796-0 ter forgotten",
      rule: "siblingExemption",
      feature: "a brother or sister who meets art. 796-0 ter",
      has: (r) => r.beneficiaries.some((b) => b.exemption?.reason === "sibling"),
    },
  ],
});
