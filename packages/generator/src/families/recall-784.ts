import { euros, eurosFromCents, formatDate } from "@succ/engine";
import { LAW_COVERAGE, type Law, type TransferKind } from "@succ/rules";
import { LAW_DATE } from "../dates.js";
import { dateFr, num, twoDecimals } from "../french.js";
import { bandParts, promptLaw, roundCents, scaleCents } from "../law.js";
import { engineFamily, generatorFamily, ruleRef } from "./generator-family.js";
import { listOf } from "../draft.js";

/**
 * The recall of earlier gifts (cgi art. 784): the allowances they used and the lower bands of the
 * scale. A recalled gift made before the replay day (`LAW_COVERAGE.replayFrom`) states the
 * allowances its deed applied.
 */

/** The replay day of art. 784 (@succ/rules): a recalled gift before it states its figures. */
const REPLAY_FROM = LAW_COVERAGE.replayFrom.day;

function ruleRecall(kind: TransferKind, law: Law): string {
  const period = law.recallYears;
  const act = { y: LAW_DATE.y, m: 5, d: 14 };
  const exact = { y: act.y - period, m: act.m, d: act.d };
  const dayAfter = { y: act.y - period, m: act.m, d: act.d + 1 };
  const A = law.allowances.personal[kind].child;
  // Fictitious example: recalled gifts above the allowance, so the lower bands are used.
  const S = A + 9_000;
  const U = Math.min(A, S);
  const T = S - U;
  const received = 50_000;
  const taxable = Math.max(0, received - (A - U));
  const upper = bandParts(law.scales.directLine, T + taxable);
  const lower = bandParts(law.scales.directLine, T);
  const sumOf = (parts: typeof upper): number => parts.reduce((x, p) => x + p.cents, 0);
  const written = (parts: typeof upper): string => listOf(parts, (p) => twoDecimals(p.cents)).join(" + ");
  const tax = sumOf(upper) - sumOf(lower);
  // A second one below the allowance, recalled (ten years ago, or fewer when the period is shorter).
  const S2 = 40_000;
  const ago = Math.min(10, period - 1);
  const taxable2 = Math.max(0, 150_000 - (A - S2));
  const tax2 = scaleCents(law.scales.directLine, taxable2);
  const who = kind === "estate" ? "le défunt" : "le donateur";
  const event = kind === "estate" ? "le jour du décès" : "le jour de la donation";
  const example = kind === "estate" ? `pour un décès survenu le ${dateFr(act)}` : `pour une donation du ${dateFr(act)}`;
  return [
    `Rappel fiscal des donations antérieures (art. 784). Les donations antérieures consenties par ${who} au même bénéficiaire et enregistrées moins de ${period} ans avant le fait générateur (${event}) sont rappelées ; une donation enregistrée exactement ${period} ans avant (même jour, même mois) ne l'est pas, ni une plus ancienne. Exemple fictif : ${example}, une donation enregistrée le ${dateFr(exact)} n'est pas rappelée, une donation enregistrée le ${dateFr(dayAfter)} l'est. Les dons familiaux de sommes d'argent exonérés (art. 790 G) ne sont jamais rappelés. Les abattements et barèmes actuels s'appliquent, quelle que soit la date des donations.`,
    `   Avec S = total des donations rappelées et A = abattement total du bénéficiaire${kind === "estate" ? " (règle des abattements)" : ""} : abattement déjà utilisé U = min(A, S) ; abattement restant = A − U ; part déjà taxée T = S − U. Part taxable = valeur reçue${kind === "gift" ? ` − exonération de la règle ${ruleRef("790G")}` : ""} − abattement restant (au moins 0). Droits = barème(T + part taxable) − barème(T) : les tranches inférieures du barème déjà utilisées par les donations rappelées ne servent pas une seconde fois.`,
    `   Exemple fictif 1 : un enfant a reçu ${euros(S)} il y a six ans (rappelés) et reçoit ${euros(received)}. A = ${euros(A)}, S = ${euros(S)}, U = ${euros(U)}, abattement restant ${euros(A - U)}, T = ${euros(T)}. Part taxable = ${euros(taxable)}. barème(${num(T + taxable)}) = ${written(upper)} = ${eurosFromCents(sumOf(upper))} ; barème(${num(T)}) = ${written(lower)} = ${eurosFromCents(sumOf(lower))} ; droits = ${twoDecimals(sumOf(upper))} − ${twoDecimals(sumOf(lower))} = ${eurosFromCents(tax)}, soit ${euros(roundCents(tax))}.`,
    `   Exemple fictif 2 : un enfant a reçu ${euros(S2)} il y a ${YEARS_FR[ago] ?? String(ago)} ans et reçoit ${euros(150_000)} : abattement restant ${euros(A - S2)}, T = 0 €, part taxable ${euros(taxable2)}, droits = barème(${num(taxable2)}) = ${eurosFromCents(tax2)}, soit ${euros(roundCents(tax2))}.`,
  ].join("\n");
}

/** The numbers of years a worked example writes out. */
const YEARS_FR: Readonly<Record<number, string>> = { 6: "six", 7: "sept", 8: "huit", 9: "neuf", 10: "dix" };

function art784(law: Law, kind: TransferKind): string {
  const who = kind === "estate" ? "le défunt" : "le donateur";
  const to = kind === "estate" ? "au même héritier ou légataire" : "au même donataire";
  const what = kind === "estate" ? "la succession" : "la donation";
  return `- **Art. 784 (rappel fiscal des donations antérieures).** Les donations antérieures consenties par ${who} ${to} depuis moins de ${law.recallYears} ans (une donation passée exactement ${law.recallYears} ans avant, au même jour et au même mois, ne l'est plus) sont rappelées : les abattements des art. 779, 790 B, 790 D, 790 E et 790 F ne s'appliquent à ${what} que sous déduction des abattements effectivement utilisés par ces donations, tels que leurs actes les indiquent (l'abattement de l'art. 788 IV n'est jamais réduit) ; et, pour le barème, les biens transmis sont considérés comme compris dans les tranches les plus élevées, au-dessus de la part déjà taxée des donations rappelées (leur valeur diminuée des abattements qu'elles ont utilisés). Les dons familiaux de sommes d'argent exonérés au titre de l'art. 790 G ne sont pas rappelés (art. 790 G III).`;
}

export const RECALL = generatorFamily({
  engine: engineFamily("recall"),
  numbered: [{ rule: "recall", place: 70, appears: (level) => level >= 3, text: (_level, kind, law) => ruleRecall(kind, law) }],
  articles: [{ place: 100, kinds: ["estate", "gift"], text: art784 }],
  stillRight: [
    { place: 30, key: "recall", label: `${promptLaw().recallYears}-year recall ignored`, rules: ["recall"] },
    { place: 40, key: "lowerBands", label: "lower bands already used ignored", rules: ["lowerBands"] },
  ],
  mistakes: [
    {
      place: 30,
      key: "allowancesUsed",
      label: "today's allowance used for a gift of 2011-2012",
      rule: "allowancesUsed",
      feature: `a recalled gift made before ${REPLAY_FROM}`,
      has: (r) => r.beneficiaries.some((b) => b.recall.recalled.some((g) => formatDate(g.gift.date) < REPLAY_FROM)),
    },
  ],
});
