import { engineFamily, generatorFamily } from "./generator-family.js";

/** Art. 796-0 ter (cgi): the brother or sister who lived with the deceased exempt. */
export const SIBLING_EXEMPTION = generatorFamily({
  engine: engineFamily("siblingExemption"),
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
