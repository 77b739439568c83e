import { euros } from "@succ/engine";
import { lawDayFr } from "../french.js";
import { engineFamily, generatorFamily } from "./generator-family.js";

/**
 * Art. 757 B (cgi): the premiums paid after 70. They are drawn with the contracts of art. 990 I,
 * and their columns of the insurers' statements (the premiums after 70 and the sums due for them)
 * are in the one table, both in levy-990-i.ts.
 */
export const PREMIUMS_757B = generatorFamily({
  engine: engineFamily("premiums757B"),
  articles: [
    {
      place: 120,
      kinds: ["estate"],
      text(law) {
        const li = law.lifeInsurance;
        return `- **Art. 757 B (primes versées après ${li.insuredAgeLimit} ans).** Les sommes dues par un assureur à raison du décès de l'assuré, au titre des primes versées après son ${li.insuredAgeLimit}e anniversaire, sont soumises aux droits de mutation par décès suivant le lien de parenté entre le bénéficiaire et l'assuré, à concurrence de la fraction des primes qui excède ${euros(li.allowance757B)} ; cette limite s'apprécie sur l'ensemble des contrats et des bénéficiaires, et se répartit entre les bénéficiaires au prorata de la part leur revenant dans les primes taxables. Lorsque les sommes dues sont inférieures aux primes, l'assiette est limitée à ces sommes. La part taxable de chaque bénéficiaire s'ajoute à ce qu'il reçoit de la succession et supporte avec lui les abattements, le rappel et le barème. Les bénéficiaires exonérés de droits de mutation par décès (art. 796-0 bis et 796-0 ter) ne les supportent pas. Les contrats souscrits avant le ${lawDayFr(li.contractsFrom)} relèvent d'autres régimes.`;
      },
    },
  ],
  mistakes: [
    {
      place: 40,
      key: "allowance757BShared",
      label: "757 B allowance taken per beneficiary",
      rule: "allowance757BShared",
      feature: "premiums after 70 to two or more taxed beneficiaries",
      has: (r) => r.beneficiaries.filter((b) => b.lifeInsurance !== null && !b.lifeInsurance.exempt757B && b.lifeInsurance.premiums757B.n > 0n).length >= 2,
    },
  ],
});
