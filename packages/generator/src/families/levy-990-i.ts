import { euros, eurosFromCents, parseDate } from "@succ/engine";
import { RELATIONSHIP_FR } from "@succ/rules";
import { bandsFr, dateFr, gendered, lawDayFr, listFr, shareFr, table } from "../french.js";
import { engineFamily, generatorFamily } from "./generator-family.js";

/**
 * Art. 990 I (cgi): the levy on the sums due by insurers. In the file, the insurers' statements:
 * one table of the contracts, their sums split at the age of art. 757 B and 990 I and at the day
 * from which art. 990 I taxes the premiums (13/10/1998), with the columns of art. 757 B.
 */
export const LEVY_990I = generatorFamily({
  engine: engineFamily("levy990I"),
  articles: [
    {
      place: 130,
      kinds: ["estate"],
      text(law) {
        const li = law.lifeInsurance;
        const levyExempt = listFr(li.exempt990I.map((r) => (r === "spouse" ? "le conjoint survivant" : r === "pacs" ? "le partenaire lié au défunt par un PACS" : RELATIONSHIP_FR[r])));
        return `- **Art. 990 I (prélèvement sur les capitaux décès).** Les sommes dues par un assureur à raison du décès de l'assuré, au titre des primes versées avant son ${li.insuredAgeLimit}e anniversaire et à compter du ${lawDayFr(li.premiumsFrom990I)}, sont soumises, pour chaque bénéficiaire et tous contrats confondus, à un prélèvement sur leur montant diminué d'un abattement de ${euros(li.allowance990I)} : ${bandsFr(li.scale990I, " de part taxable")}. En sont exonérés ${levyExempt}, ainsi que le frère ou la sœur exonéré au titre de l'art. 796-0 ter. Ces sommes n'entrent pas dans la succession et ne supportent pas les droits de succession ; le prélèvement est arrondi une seule fois à l'euro le plus proche. Les sommes dues au titre des primes versées avant le ${lawDayFr(li.premiumsFrom990I)} ne supportent ni le prélèvement ni les droits de succession.`;
      },
    },
  ],
  file: {
    estateSections: [
      {
        after: "funeral",
        lines(d, law) {
          const f = d.subject.female;
          const contracts = d.cgi.contracts;
          // The insurers split the sums at the age of art. 757 B and 990 I of the law the task states,
          // and at the day from which art. 990 I taxes the premiums (13/10/1998).
          const age = law.lifeInsurance.insuredAgeLimit;
          const split = dateFr(parseDate(law.lifeInsurance.premiumsFrom990I)!);
          return [
            "",
            `### Assurance-vie (relevés des assureurs, sur la tête ${gendered(f, "du défunt", "de la défunte")})`,
            "",
            contracts.length === 0
              ? "Aucun contrat d'assurance-vie."
              : table(
                  ["Contrat", "Assureur", "Souscrit le", "Bénéficiaires désignés", `Capitaux dus au titre des primes versées avant ${age} ans et avant le ${split}`, `Capitaux dus au titre des primes versées avant ${age} ans à compter du ${split}`, `Primes versées après ${age} ans`, "Capitaux dus au titre de ces primes"],
                  contracts.map((c) => [
                    c.label,
                    c.insurer,
                    dateFr(c.subscribedOn),
                    c.to.map((t) => `${t.beneficiary} : ${shareFr(t.num, t.den)}`).join(" ; "),
                    c.before1998 === null ? "sans objet (contrat souscrit depuis)" : c.before1998 > 0 ? eurosFromCents(c.before1998) : "néant",
                    c.before70 > 0 ? eurosFromCents(c.before70) : "néant",
                    c.premiumsAfter70 > 0 ? eurosFromCents(c.premiumsAfter70) : "néant",
                    c.premiumsAfter70 > 0 ? eurosFromCents(c.capitalAfter70) : "néant",
                  ]),
                ),
          ];
        },
      },
    ],
  },
  mistakes: [
    {
      place: 50,
      key: "levyExemption990I",
      label: "990 I applied to the spouse (or partner, exempt sibling)",
      rule: "levyExemption990I",
      feature: "an exempt beneficiary of 990 I sums",
      has: (r) => r.beneficiaries.some((b) => b.lifeInsurance !== null && b.lifeInsurance.exempt990I && b.lifeInsurance.capital990I.n > 0n),
    },
  ],
});
