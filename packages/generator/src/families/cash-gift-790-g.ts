import { euros } from "@succ/engine";
import { RELATIONSHIP_FR, type Law, type Relationship } from "@succ/rules";
import { listFr, num } from "../french.js";
import { engineFamily, generatorFamily, ruleRef } from "./generator-family.js";
import { listOf } from "../draft.js";

/** Art. 790 G (cgi): the family gifts of cash exempt up to a ceiling renewed every few years, under conditions of age. */

function rule790G(law: Law): string {
  const ceiling = law.cashGift790G.ceiling;
  const donorBelow = law.cashGift790G.donorAgeBelow;
  const doneeMin = law.cashGift790G.doneeMinimumAge;
  const period = law.cashGift790G.renewalYears;
  const cash = 50_000;
  const prior = 10_000;
  const ex = Math.min(cash, ceiling - prior);
  // A grandmother young enough for the exemption under any law stated (72 under the real one).
  const grandmother = Math.min(72, donorBelow - 2);
  return [
    `Don familial de sommes d'argent (art. 790 G). Une somme d'argent donnée en pleine propriété par un donateur âgé de moins de ${donorBelow} ans à son enfant, petit-enfant ou arrière-petit-enfant âgé d'au moins ${doneeMin} ans au jour du don (âges de la règle ${ruleRef("age")}) est exonérée dans la limite de ${euros(ceiling)} par donateur et par donataire. Ce plafond se reconstitue tous les ${period} ans : exonération = la plus petite des deux valeurs entre la somme d'argent reçue et ${euros(ceiling)} − total des dons familiaux de sommes d'argent déjà exonérés du même donateur au même donataire dans les ${period} ans précédant la donation (même règle de date que le rappel). Seules les sommes d'argent en bénéficient, jamais les autres biens. Si l'une des conditions d'âge manque, la somme est taxée comme un bien ordinaire. L'exonération se déduit de la valeur reçue avant l'abattement restant.`,
    `   Exemple fictif : une grand-mère de ${grandmother} ans donne ${euros(cash)} à son petit-fils de 25 ans, à qui elle avait déjà fait un don familial exonéré de ${euros(prior)} six ans plus tôt : exonération = min(${num(cash)} ; ${num(ceiling)} − ${num(prior)}) = ${euros(ex)}. Si elle avait eu ${donorBelow} ans, ou lui ${doneeMin - 1} ans, au jour du don : aucune exonération.`,
  ].join("\n");
}

function art790G(law: Law): string {
  const g = law.cashGift790G;
  const rel = (list: readonly Relationship[]): string => listFr(listOf(list, (r) => RELATIONSHIP_FR[r]));
  return `- **Art. 790 G (dons familiaux de sommes d'argent).** Les dons de sommes d'argent consentis en pleine propriété à un ${rel(g.donees).replaceAll(" et ", " ou ")} ou, à défaut d'une telle descendance, à un ${rel(g.doneesWithoutDescendants)}, sont exonérés dans la limite de ${euros(g.ceiling)} tous les ${g.renewalYears} ans par donateur et par donataire (plafond diminué des dons ainsi exonérés du même donateur au même donataire dans les ${g.renewalYears} années précédant le don), à la double condition que le donateur ait moins de ${g.donorAgeBelow} ans au jour du don et que le donataire ait au moins ${g.doneeMinimumAge} ans (ou soit émancipé). Cette exonération se cumule avec les abattements ; les autres biens n'en bénéficient jamais.`;
}

export const CASH_GIFT_790G = generatorFamily({
  engine: engineFamily("exemption790G"),
  numbered: [{ rule: "790G", place: 60, appears: (level, kind) => level >= 3 && kind === "gift", text: (_level, _kind, law) => rule790G(law) }],
  articles: [{ place: 80, kinds: ["gift"], text: art790G }],
  stillRight: [
    { place: 10, key: "exemption790G", label: "790 G exemption ignored (cash taxed as ordinary assets)", rules: ["exemption790G"] },
    { place: 20, key: "gift790G", label: "790 G ignored entirely (also recalling prior 790 G gifts)", rules: ["gift790G"] },
    { place: 80, key: "ageConditions790G", label: "790 G applied despite age conditions", rules: ["ageConditions790G"] },
  ],
});
