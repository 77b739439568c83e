import { compareDates, euros, eurosFromCents, parseDate, type CivilDate } from "@succ/engine";
import { RELATIONSHIP_FR } from "@succ/rules";
import { addDays, addYears, maxDate, minDate } from "../dates.js";
import { listOf, type Beneficiary, type ContractDraft } from "../draft.js";
import { reduce, roundEuros } from "../family.js";
import { dateIn } from "../law.js";
import { bandsFr, dateFr, gendered, lawDayFr, listFr, shareFr, table } from "../french.js";
import { engineFamily, generatorFamily } from "./generator-family.js";

/** The insurers and the products of the contracts drawn. */
const INSURERS = ["Prévoyance des Aulnes", "Mutuelle vie du Val d'Ornelle", "Assurances Rochebelle", "Caisse de prévoyance de la Lère", "Vie et Patrimoine de Brenne"] as const;
const PRODUCTS = ["Horizon", "Avenir", "Sérénité", "Patrimoine", "Transmission", "Épargne Plus"] as const;

/**
 * Art. 990 I (cgi): the levy on the sums due by insurers. In the file, the insurers' statements:
 * one table of the contracts, their sums split at the age of art. 757 B and 990 I and at the day
 * from which art. 990 I taxes the premiums (13/10/1998), with the columns of art. 757 B.
 */
export const LEVY_990I = generatorFamily({
  engine: engineFamily("levy990I"),
  draw: {
    /**
     * The life insurance (art. 990 I, and the premiums after 70 of art. 757 B): one to three
     * contracts on the deceased's life. Sums due for premiums paid before 70 go to one or two
     * beneficiaries, mostly above the 990 I allowance (a levy is due); at level 5 the spouse
     * or an exempt sibling is often named too (no levy: the trap is to apply it). Premiums paid after
     * 70 (art. 757 B) go, at level 5, to one to three beneficiaries, sometimes exempt ones among
     * them; at level 6, to a single beneficiary who is not exempt.
     */
    lifeInsurance(rng, level, law, e) {
      if (!rng.chance(level === 5 ? 88 : 90)) return [];
      const li = law.lifeInsurance;
      const named = (x: Beneficiary): boolean => x.represents === null;
      const exempt = e.beneficiaries.filter((x) => e.exempt.has(x.id));
      const taxed = e.beneficiaries.filter((x) => !e.exempt.has(x.id) && named(x));
      const out: ContractDraft[] = [];
      const used = new Set<string>();
      const product = (): string => {
        let p = `Contrat « ${rng.pick(PRODUCTS)} »`;
        while (used.has(p)) p = `Contrat « ${rng.pick(PRODUCTS)} ${rng.int(2, 9)} »`;
        used.add(p);
        return p;
      };
      const seventy = addYears(e.birth, li.insuredAgeLimit);
      const contractsFrom = parseDate(li.contractsFrom)!;
      const premiumsFrom = parseDate(li.premiumsFrom990I)!;
      const before70Day = (): CivilDate | null => dateIn(rng, maxDate(addYears(e.birth, 40), addDays(contractsFrom, 60)), minDate(addDays(seventy, -400), addDays(e.act, -200)));
      // Art. 990 I: one or two beneficiaries not exempt, and at level 5 an exempt one now and then.
      const levy: Beneficiary[] = taxed.length > 0 && rng.chance(level === 5 ? 80 : 90) ? rng.sample(taxed, Math.min(taxed.length, rng.weighted([[1, 65], [2, 35]] as const))) : [];
      if (level === 5 && exempt.length > 0 && rng.chance(50)) levy.push(rng.pick(exempt));
      for (const x of levy) {
        const day = before70Day();
        if (!day) continue;
        // Mostly above the allowance of 990 I; now and then within it (the levy is then 0), never for
        // an exempt beneficiary (whose exemption must show).
        const capital = rng.chance(85) || e.exempt.has(x.id) ? li.allowance990I * 100 + roundEuros(rng.spread(5_000, 700_000) * 100, 1) + rng.int(0, 99) : roundEuros(rng.spread(20_000, li.allowance990I - 5_000) * 100, 1);
        // A contract subscribed before art. 990 I's day: the insurer splits the sums due at that day;
        // those of the earlier premiums (mostly some) bear neither the levy nor the duties.
        const before1998 = compareDates(day, premiumsFrom) < 0 ? (rng.chance(85) ? roundEuros(rng.spread(3_000, 250_000) * 100, 1) + rng.int(0, 99) : 0) : null;
        out.push({ label: product(), insurer: rng.pick(INSURERS), subscribedOn: day, to: [{ beneficiary: x.id, num: 1, den: 1 }], before70: capital, before1998, premiumsAfter70: 0, capitalAfter70: 0 });
      }
      // Art. 757 B: premiums paid after 70, for a deceased who lived past 71.
      if (e.age >= 72 && rng.chance(level === 5 ? 65 : 75) && taxed.length > 0) {
        const pool = level === 6 ? [rng.pick(taxed)] : rng.sample(taxed, Math.min(taxed.length, rng.weighted([[1, 40], [2, 45], [3, 15]] as const)));
        if (level === 5 && exempt.length > 0 && rng.chance(25)) pool.push(rng.pick(exempt));
        const premiums = roundEuros(rng.spread(li.allowance757B + 8_000, 260_000) * 100, 100);
        const capital = roundEuros((premiums * rng.int(78, 135)) / 100, 1) + rng.int(0, 99);
        const day = dateIn(rng, addDays(seventy, 30), addDays(e.act, -200));
        const shares = pool.length === 1 ? [{ num: 1, den: 1 }] : pool.length === 2 && rng.chance(40) ? rng.sample([{ num: 2, den: 3 }, { num: 1, den: 3 }], 2) : listOf(pool, () => reduce(1, pool.length));
        if (day) {
          const to = listOf(pool, (x, i) => ({ beneficiary: x.id, ...shares[i]! }));
          // Now and then a contract opened before 70 goes on receiving premiums after 70.
          const mixed = out.find((k) => k.to.length === 1 && to.length === 1 && k.to[0]!.beneficiary === to[0]!.beneficiary);
          if (mixed && rng.chance(50)) {
            mixed.premiumsAfter70 = premiums;
            mixed.capitalAfter70 = capital;
          } else out.push({ label: product(), insurer: rng.pick(INSURERS), subscribedOn: day, to, before70: 0, before1998: compareDates(day, premiumsFrom) < 0 ? 0 : null, premiumsAfter70: premiums, capitalAfter70: capital });
        }
      }
      return out.slice(0, 3);
    },
  },
  articles: [
    {
      place: 130,
      kinds: ["estate"],
      text(law) {
        const li = law.lifeInsurance;
        const levyExempt = listFr(listOf(li.exempt990I, (r) => (r === "spouse" ? "le conjoint survivant" : r === "pacs" ? "le partenaire lié au défunt par un PACS" : RELATIONSHIP_FR[r])));
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
                  listOf(contracts, (c) => [
                    c.label,
                    c.insurer,
                    dateFr(c.subscribedOn),
                    listOf(c.to, (t) => `${t.beneficiary} : ${shareFr(t.num, t.den)}`).join(" ; "),
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
