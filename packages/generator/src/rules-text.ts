import { RELATIONSHIP_FR, usufructPercent, type Band, type Law, type Relationship, type TransferKind } from "@succ/rules";
import { amountFromCents, euros, eurosFromCents } from "@succ/engine";
import { dateFr, percent } from "./french.js";
import { LAW_DATE } from "./dates.js";
import { allowanceEuros, bandParts, promptLaw, roundCents, scaleCents } from "./law.js";
import type { Level } from "./levels.js";

/**
 * The numbered rules written in every prompt (the seed's "Rules written in every prompt"), as
 * they apply to a level and a kind of transfer. Every amount, rate and age is read from the law
 * of the generator's law date (`promptLaw`, from @succ/rules), and every worked example is
 * computed here from it, so a change of the law flows into the prompts. The text depends only on
 * (level, kind, law): it never hints at which rule matters in a given dossier.
 */

/** A whole number of euros as the worked examples write it: `12 109`. */
function num(value: number): string {
  return amountFromCents(value * 100);
}

/** A whole number of cents as the worked examples write a band's tax: `403,60`, `1 380,75`, `800,00`. */
function twoDecimals(cents: number): string {
  return amountFromCents(cents, true);
}

/** `8 072 × 5 % = 403,60 ; (12 109 − 8 072) × 10 % = 403,70 ; …` and the exact total in cents. */
function bandsWorking(bands: readonly Band[], amountEuros: number, start = 0): { text: string; cents: number } {
  const parts = bandParts(bands, amountEuros, start);
  const text = parts
    .map((b) => {
      const base = b.from === 0 ? num(b.to) : `(${num(b.to)} − ${num(b.from)})`;
      return `${base} × ${percent(b.ratePercent)} = ${twoDecimals(b.cents)}`;
    })
    .join(" ; ");
  return { text, cents: parts.reduce((s, b) => s + b.cents, 0) };
}

/**
 * A whole-euro amount near `from` whose tax on the scale ends in exactly 50 cents (`from` when
 * none of the next 1,000 does). The tax of x + 1 is that of x plus the rate of the band that
 * euro falls in, in cents: a whole number of cents for a whole-percent rate; otherwise the
 * scale is walked again.
 */
function halfCentAmount(bands: readonly Band[], from: number): number {
  let cents = scaleCents(bands, from);
  for (let x = from; x < from + 1000; x++) {
    if (cents % 100 === 50) return x;
    const rate = bands.find((b) => b.upTo === null || b.upTo >= x + 1)!.ratePercent;
    cents = Number.isInteger(rate) ? cents + rate : scaleCents(bands, x + 1);
  }
  return from;
}

function ruleRounding(law: Law): string {
  const exact = 4_567_850; // 45 678,50 € in cents: a fictitious taxable share
  const taxable = roundCents(exact);
  const direct = law.scales.directLine;
  const ex1 = bandsWorking(direct, taxable);
  const x2 = halfCentAmount(direct, direct[0]!.upTo! + 1);
  const ex2 = bandsWorking(direct, x2);
  return [
    "Arrondis. Tout se calcule exactement, sans arrondi intermédiaire, sauf deux arrondis à l'euro le plus proche (0,50 € exactement s'arrondit à l'euro supérieur) : (a) la part taxable de chaque bénéficiaire, calculée en une seule fois ; (b) ses droits, somme des tranches du barème appliqué à la part taxable arrondie, sans arrondir chaque tranche. Le total des droits est la somme des droits arrondis.",
    `   Exemple fictif 1 : part taxable exacte ${eurosFromCents(exact)}, arrondie à ${euros(taxable)} ; en ligne directe : ${ex1.text} ; total ${eurosFromCents(ex1.cents)}, droits ${euros(roundCents(ex1.cents))}.`,
    `   Exemple fictif 2 : part taxable ${euros(x2)} : ${ex2.text} ; total ${eurosFromCents(ex2.cents)}, droits ${euros(roundCents(ex2.cents))}.`,
  ].join("\n");
}

function ruleValueEstate(level: Level, law: Law): string {
  const cap = law.funeralDeduction;
  // Fictitious example: assets, debts, funeral invoice above the cap, one bequest, a quarter share.
  const assets = 310_000;
  const debts = 22_400;
  const funeral = 4_180;
  const deducted = Math.min(funeral, cap);
  const net = assets - debts - deducted;
  const bequest = 12_000;
  const residue = net - bequest;
  if (level === 1) {
    return [
      `Actif net. Actif net de succession = total de l'actif − total du passif − frais funéraires, ceux-ci n'étant déductibles que dans la limite de ${euros(cap)} (l'excédent n'est pas déduit). L'enfant unique recueille la totalité de la succession : la valeur qu'il reçoit est l'actif net.`,
      `   Exemple fictif : actif ${euros(assets)}, passif ${euros(debts)}, frais funéraires ${euros(funeral)} (déduits pour ${euros(deducted)}) : actif net ${euros(net)}.`,
    ].join("\n");
  }
  const lines = [
    `Actif net et valeur reçue. Actif net de succession = total de l'actif − total du passif − frais funéraires, ceux-ci n'étant déductibles que dans la limite de ${euros(cap)} (l'excédent n'est pas déduit). Les legs particuliers (sommes d'argent) sont prélevés d'abord sur l'actif net ; le surplus (actif net − total des legs particuliers) est dévolu selon les quotes-parts fixées par testament. Valeur reçue par un bénéficiaire = ses legs particuliers + sa quote-part × surplus.`,
    `   Exemple fictif : actif ${euros(assets)}, passif ${euros(debts)}, frais funéraires ${euros(funeral)} (déduits pour ${euros(deducted)}) : actif net ${euros(net)} ; legs particulier de ${euros(bequest)} : surplus ${euros(residue)} ; quote-part 1/4 : ${eurosFromCents(residue * 25)}.`,
  ];
  if (level === 4) {
    const age = 76;
    const bare = 100 - usufructPercent(law.usufruct669, age);
    lines.push(
      `   Usufruit du conjoint : lorsque le conjoint survivant est usufruitier de la totalité du surplus, les héritiers du surplus n'en reçoivent que la nue-propriété. Leur valeur reçue = legs particuliers + quote-part × surplus × pourcentage de nue-propriété (règle @669@, selon l'âge du conjoint au jour du décès). Les legs particuliers sont reçus en pleine propriété. L'usufruit du conjoint est exonéré comme le reste de sa part.`,
      `   Exemple fictif : surplus ${euros(residue)}, conjoint usufruitier de ${age} ans (nue-propriété ${percent(bare)}), quote-part 1/2 : ${euros(residue)} × 1/2 × ${percent(bare)} = ${eurosFromCents(residue * bare / 2)}.`,
    );
  }
  return lines.join("\n");
}

function ruleValueGift(level: Level, law: Law): string {
  const value = 250_000;
  const third = Math.floor((value * 100) / 3);
  const lines = [
    `Valeur reçue. Valeur reçue par un donataire = somme, pour chaque bien donné qui lui est attribué, de la valeur du bien × la fraction qui lui est attribuée (« totalité » = le bien entier).`,
    `   Exemple fictif : un appartement de ${euros(value)} attribué pour 1/3 : ${num(value)} / 3 = ${eurosFromCents(third).replace(" €", "…")} € (valeur exacte, qui ne s'arrondit qu'au stade de la part taxable).`,
  ];
  if (level === 4) {
    const age = 67;
    const bare = 100 - usufructPercent(law.usufruct669, age);
    lines.push(
      `   Réserve d'usufruit : pour un bien donné en nue-propriété, le donateur s'en réservant l'usufruit, la valeur reçue est la valeur en pleine propriété × fraction attribuée × pourcentage de nue-propriété (règle @669@, selon l'âge du donateur au jour de la donation). Les sommes d'argent sont toujours données en pleine propriété.`,
      `   Exemple fictif : maison de ${euros(300_000)} en nue-propriété, donateur de ${age} ans (nue-propriété ${percent(bare)}), attribuée pour 1/2 : ${euros(300_000)} × 1/2 × ${percent(bare)} = ${euros(300_000 / 2 * bare / 100)}.`,
    );
  }
  return lines.join("\n");
}

function ruleAge(law: Law): string {
  const age = law.cashGift790G.donorAgeBelow;
  const birth = { y: LAW_DATE.y - age, m: 6, d: 10 };
  const dayBefore = { y: LAW_DATE.y, m: 6, d: 9 };
  const day = { y: LAW_DATE.y, m: 6, d: 10 };
  return `Âges. Les âges s'entendent en années révolues au jour du fait générateur (jour du décès, ou jour de la donation), en comparant le jour et le mois de naissance à ceux de ce jour. Exemple fictif : une personne née le ${dateFr(birth)} a ${age - 1} ans le ${dateFr(dayBefore)} et ${age} ans à partir du ${dateFr(day)}.`;
}

function rule669(law: Law): string {
  const rows: string[] = [];
  let lower = 0;
  for (const row of law.usufruct669) {
    const label = row.maxAge === null ? `${lower} ans et plus` : lower === 0 ? `jusqu'à ${row.maxAge} ans` : `de ${lower} à ${row.maxAge} ans`;
    rows.push(`   | ${label} | ${percent(row.usufructPercent)} | ${percent(100 - row.usufructPercent)} |`);
    if (row.maxAge !== null) lower = row.maxAge + 1;
  }
  const age = 64;
  const bare = 100 - usufructPercent(law.usufruct669, age);
  return [
    `Usufruit et nue-propriété (art. 669). La valeur de l'usufruit dépend de l'âge de l'usufruitier au jour du fait générateur (règle @AGE@) ; la nue-propriété vaut le complément à 100 % :`,
    "   | Âge de l'usufruitier | Usufruit | Nue-propriété |",
    "   | --- | --- | --- |",
    ...rows,
    `   Exemple fictif : usufruitier de ${age} ans : usufruit ${percent(100 - bare)}, nue-propriété ${percent(bare)} ; la nue-propriété d'un bien de ${euros(200_000)} vaut ${euros(200_000 * bare / 100)}.`,
  ].join("\n");
}

function allowanceList(law: Law, kind: TransferKind, rels: readonly Relationship[]): string {
  return rels.map((r) => `${RELATIONSHIP_FR[r]} ${euros(allowanceEuros(law, kind, r))}`).join(" ; ");
}

function ruleAllowances(level: Level, kind: TransferKind, law: Law): string {
  const disability = `Un bénéficiaire handicapé (colonne « Handicap » à oui) bénéficie en plus d'un abattement de ${euros(law.allowances.disability)}, qui s'ajoute à son abattement personnel.`;
  if (kind === "estate") {
    if (level === 1) {
      return `Abattement. L'enfant bénéficie d'un abattement de ${euros(law.allowances.personal.estate.child)} sur la valeur qu'il reçoit. Part taxable = valeur reçue − abattement (au moins 0).`;
    }
    const lines = [
      `Abattements et exonération (succession). Abattement personnel sur la valeur reçue par chaque bénéficiaire : ${allowanceList(law, "estate", ["child", "grandchild", "sibling", "nephew", "unrelated"])}. ${disability} Le conjoint survivant et le partenaire de PACS sont exonérés : part taxable 0 €, droits 0 €. Part taxable = valeur reçue − abattement (au moins 0).`,
    ];
    if (level >= 3) {
      // Art. 779 I: the representatives share the allowance of the child they represent.
      const share = law.allowances.personal.estate.child;
      lines.push(
        `   Représentation : les petits-enfants qui viennent à la succession par représentation d'un enfant prédécédé se partagent à parts égales l'abattement de ${euros(share)} de cet enfant, au lieu de l'abattement de petit-enfant. Exemple fictif : deux représentants, ${euros(share / 2)} chacun ; trois représentants, ${euros(share)} / 3 chacun (valeur exacte, non arrondie). Un petit-enfant qui reçoit seulement un legs, sans représenter personne, garde l'abattement de petit-enfant.`,
      );
    }
    return lines.join("\n");
  }
  if (level === 1) {
    return `Abattement. L'enfant donataire bénéficie d'un abattement de ${euros(law.allowances.personal.gift.child)} sur la valeur qu'il reçoit. Part taxable = valeur reçue − abattement (au moins 0).`;
  }
  return `Abattements (donation). Abattement personnel sur la valeur reçue par chaque donataire : ${allowanceList(law, "gift", ["child", "grandchild", "greatgrandchild"])}. ${disability} Part taxable = valeur reçue − exonération de la règle ${RULE_NUMBER_790G} − abattement restant (règle ${RULE_NUMBER_RECALL}), au moins 0.`;
}

// Placeholders replaced once the rules of a prompt are numbered.
const RULE_NUMBER_790G = "@790G@";
const RULE_NUMBER_RECALL = "@RECALL@";
const RULE_NUMBER_669 = "@669@";
const RULE_NUMBER_AGE = "@AGE@";

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
    `Don familial de sommes d'argent (art. 790 G). Une somme d'argent donnée en pleine propriété par un donateur âgé de moins de ${donorBelow} ans à son enfant, petit-enfant ou arrière-petit-enfant âgé d'au moins ${doneeMin} ans au jour du don (âges de la règle ${RULE_NUMBER_AGE}) est exonérée dans la limite de ${euros(ceiling)} par donateur et par donataire. Ce plafond se reconstitue tous les ${period} ans : exonération = la plus petite des deux valeurs entre la somme d'argent reçue et ${euros(ceiling)} − total des dons familiaux de sommes d'argent déjà exonérés du même donateur au même donataire dans les ${period} ans précédant la donation (même règle de date que le rappel). Seules les sommes d'argent en bénéficient, jamais les autres biens. Si l'une des conditions d'âge manque, la somme est taxée comme un bien ordinaire. L'exonération se déduit de la valeur reçue avant l'abattement restant.`,
    `   Exemple fictif : une grand-mère de ${grandmother} ans donne ${euros(cash)} à son petit-fils de 25 ans, à qui elle avait déjà fait un don familial exonéré de ${euros(prior)} six ans plus tôt : exonération = min(${num(cash)} ; ${num(ceiling)} − ${num(prior)}) = ${euros(ex)}. Si elle avait eu ${donorBelow} ans, ou lui ${doneeMin - 1} ans, au jour du don : aucune exonération.`,
  ].join("\n");
}

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
  const written = (parts: typeof upper): string => parts.map((p) => twoDecimals(p.cents)).join(" + ");
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
    `   Avec S = total des donations rappelées et A = abattement total du bénéficiaire${kind === "estate" ? " (règle des abattements)" : ""} : abattement déjà utilisé U = min(A, S) ; abattement restant = A − U ; part déjà taxée T = S − U. Part taxable = valeur reçue${kind === "gift" ? ` − exonération de la règle ${RULE_NUMBER_790G}` : ""} − abattement restant (au moins 0). Droits = barème(T + part taxable) − barème(T) : les tranches inférieures du barème déjà utilisées par les donations rappelées ne servent pas une seconde fois.`,
    `   Exemple fictif 1 : un enfant a reçu ${euros(S)} il y a six ans (rappelés) et reçoit ${euros(received)}. A = ${euros(A)}, S = ${euros(S)}, U = ${euros(U)}, abattement restant ${euros(A - U)}, T = ${euros(T)}. Part taxable = ${euros(taxable)}. barème(${num(T + taxable)}) = ${written(upper)} = ${eurosFromCents(sumOf(upper))} ; barème(${num(T)}) = ${written(lower)} = ${eurosFromCents(sumOf(lower))} ; droits = ${twoDecimals(sumOf(upper))} − ${twoDecimals(sumOf(lower))} = ${eurosFromCents(tax)}, soit ${euros(roundCents(tax))}.`,
    `   Exemple fictif 2 : un enfant a reçu ${euros(S2)} il y a ${YEARS_FR[ago] ?? String(ago)} ans et reçoit ${euros(150_000)} : abattement restant ${euros(A - S2)}, T = 0 €, part taxable ${euros(taxable2)}, droits = barème(${num(taxable2)}) = ${eurosFromCents(tax2)}, soit ${euros(roundCents(tax2))}.`,
  ].join("\n");
}

/** The numbers of years a worked example writes out. */
const YEARS_FR: Readonly<Record<number, string>> = { 6: "six", 7: "sept", 8: "huit", 9: "neuf", 10: "dix" };

function scaleRows(bands: readonly Band[]): string[] {
  const rows: string[] = [];
  let lower = 0;
  for (const b of bands) {
    const label = b.upTo === null ? (lower === 0 ? "toute la part taxable" : `au-delà de ${euros(lower)}`) : lower === 0 ? `jusqu'à ${euros(b.upTo)}` : `de ${euros(lower)} à ${euros(b.upTo)}`;
    rows.push(`   | ${label} | ${percent(b.ratePercent)} |`);
    if (b.upTo !== null) lower = b.upTo;
  }
  return rows;
}

function ruleScales(level: Level, kind: TransferKind, law: Law): string {
  const lines = [
    `Barèmes (art. 777). Chaque tranche est taxée à son taux sur la partie de la part taxable comprise dans la tranche, et les montants des tranches s'additionnent.`,
    `   Ligne directe (enfants, petits-enfants${kind === "gift" ? ", arrière-petits-enfants" : ""}) :`,
    "   | Part taxable | Taux |",
    "   | --- | --- |",
    ...scaleRows(law.scales.directLine),
  ];
  if (kind === "estate" && level >= 2) {
    const sib = 30_000;
    const w = bandsWorking(law.scales.sibling, sib);
    lines.push(
      "   Frères et sœurs :",
      "   | Part taxable | Taux |",
      "   | --- | --- |",
      ...scaleRows(law.scales.sibling),
      `   Neveux et nièces : ${percent(law.scales.nephew[0]!.ratePercent)} sur toute la part taxable. Personnes sans lien de parenté : ${percent(law.scales.unrelated[0]!.ratePercent)} sur toute la part taxable.`,
      `   Exemple fictif : part taxable de ${euros(sib)} pour une sœur : ${w.text} ; total ${eurosFromCents(w.cents)}, droits ${euros(roundCents(w.cents))}.`,
    );
  }
  return lines.join("\n");
}

/**
 * The line of simplifications, at every level: where this exercise departs from the law or
 * leaves something out, so that a reader who knows the law does not apply it.
 */
function simplifications(level: Level, kind: TransferKind, law: Law, fictional: boolean): string {
  const prior = level >= 3 ? "pas d'autre donation antérieure que celles listées" : "pas de donation antérieure";
  if (kind === "gift") {
    return `Simplifications propres à cet exercice : les biens sont retenus pour la valeur indiquée ; la répartition entre donataires est donnée et ne se recalcule pas ; pas de don exonéré au titre de l'art. 790 A bis (dons affectés à un logement) ; ${prior}.`;
  }
  const cap = euros(law.funeralDeduction);
  const parts = [
    level === 1 ? "la dévolution est donnée et ne se recalcule pas" : "la dévolution (legs et quotes-parts) est donnée et ne se recalcule pas ; les legs particuliers sont des sommes d'argent prises sur l'actif net",
    // A fictional law has no "real" art. 775 to compare with.
    fictional
      ? `les frais funéraires sont déduits pour le montant de leur facture, dans la limite de ${cap}`
      : `les frais funéraires sont déduits pour le montant de leur facture, dans la limite de ${cap} (l'art. 775 accorde en réalité une déduction forfaitaire de ${cap}, sans justificatif)`,
    "pas d'assurance-vie, pas de forfait mobilier, pas d'abattement sur la résidence principale",
    "pas de don exonéré au titre de l'art. 790 A bis (dons affectés à un logement)",
    "les neveux et nièces héritent de leur chef",
    prior,
    `l'abattement par défaut de ${euros(law.allowances.default)} se cumule avec l'abattement en faveur des personnes handicapées`,
  ];
  return `Simplifications propres à cet exercice : ${parts.join(" ; ")}.`;
}

type RuleId = "rounding" | "value" | "age" | "669" | "allowances" | "790G" | "recall" | "scales";

function ruleIds(level: Level, kind: TransferKind): RuleId[] {
  const ids: RuleId[] = ["rounding", "value"];
  if (level === 4 || (level === 3 && kind === "gift")) ids.push("age");
  if (level === 4) ids.push("669");
  ids.push("allowances");
  if (level >= 3 && kind === "gift") ids.push("790G");
  if (level >= 3) ids.push("recall");
  ids.push("scales");
  return ids;
}

/** The texts written so far, by law (the law of a stretch of days is one object) and by level and kind. */
const cache = new WeakMap<Law, Map<string, string>>();

/**
 * The "Règles à appliquer" section of a prompt of this level and kind (the same for all its
 * tasks), stating `law`: by default the law of the generator's law date. `fictional`: `law` is a
 * task's fictional law (`--fictional-law`), and the text does not compare it with the real law.
 */
export function rulesSection(level: Level, kind: TransferKind, law: Law = promptLaw(), fictional = false): string {
  let byKey = cache.get(law);
  if (byKey === undefined) cache.set(law, (byKey = new Map()));
  const key = `${level}-${kind}-${fictional}`;
  const hit = byKey.get(key);
  if (hit !== undefined) return hit;
  const ids = ruleIds(level, kind);
  const text = (id: RuleId): string => {
    switch (id) {
      case "rounding":
        return ruleRounding(law);
      case "value":
        return kind === "estate" ? ruleValueEstate(level, law) : ruleValueGift(level, law);
      case "age":
        return ruleAge(law);
      case "669":
        return rule669(law);
      case "allowances":
        return ruleAllowances(level, kind, law);
      case "790G":
        return rule790G(law);
      case "recall":
        return ruleRecall(kind, law);
      case "scales":
        return ruleScales(level, kind, law);
    }
  };
  const numberOf = (id: RuleId): string => String(ids.indexOf(id) + 1);
  let body = ids.map((id, i) => `${i + 1}. ${text(id)}`).join("\n\n");
  body = body
    .replaceAll(RULE_NUMBER_790G, numberOf("790G"))
    .replaceAll(RULE_NUMBER_RECALL, numberOf("recall"))
    .replaceAll(RULE_NUMBER_669, numberOf("669"))
    .replaceAll(RULE_NUMBER_AGE, numberOf("age"));
  const section = `## Règles à appliquer (elles prévalent sur toute autre connaissance)\n\n${simplifications(level, kind, law, fictional)}\n\n${body}`;
  byKey.set(key, section);
  return section;
}
