import { usufructPercent, type Band, type Law, type TransferKind } from "@succ/rules";
import { euros, eurosFromCents } from "@succ/engine";
import { bandsFr, bandsWorking, dateFr, num, percent } from "./french.js";
import { LAW_DATE } from "./dates.js";
import { byPlace, GENERATOR_FAMILIES, ruleRef, type ArticleText, type GeneratorFamily, type NumberedRulePart } from "./families/index.js";
import { promptLaw, roundCents, scaleCents } from "./law.js";
import type { Level, Presentation } from "./levels.js";

/**
 * How a prompt states the law, the presentation a parameter (`LEVEL_SPEC[level].presentation`):
 * the numbered rules of levels 1-4 ("steps", the seed's "Rules written in every prompt"), the
 * articles of the Code général des impôts of level 5 ("articles", reformulated in French with
 * their amounts, no worked example), or the one rule "the law in force on the date" of level 6
 * ("none"). The texts of the rule families are their modules' (families/), written in the
 * order of their `place`; the rules every prompt has (rounding, the value received, ages,
 * scales) and the simplifications are here. Every amount, rate, age and period is read from the
 * `Law` passed in (by default the law of the generator's law date, `promptLaw`), every worked
 * example computed from it, so a change of the law flows into the prompts. The text depends only
 * on (presentation, level, kind, law): it never hints at which rule matters in a given dossier.
 */

/**
 * A whole-euro amount near `from` whose tax on the scale ends in exactly 50 cents (`from` when
 * none of the next 1,000 does). The tax of x + 1 is that of x plus the rate of the band that
 * euro falls in, in cents: a whole number of cents for a whole-percent rate, so over the euros of
 * one band the tax's cents repeat every 100 euros and at most 100 of them are tried; otherwise
 * the scale is walked again for each euro.
 */
export function halfCentAmount(bands: readonly Band[], from: number): number {
  const last = from + 999;
  let cents = scaleCents(bands, from);
  // The band of euro x + 1 (the bands' limits increase): followed as x grows, not searched again.
  let band = 0;
  let x = from;
  for (;;) {
    if (cents % 100 === 50) return x;
    if (x >= last) return from;
    while (bands[band]!.upTo !== null && bands[band]!.upTo! < x + 1) band++;
    const rate = bands[band]!.ratePercent;
    if (!Number.isInteger(rate)) {
      cents = scaleCents(bands, x + 1);
      x++;
      continue;
    }
    // Euros x + 1 … to all fall in this band: the tax of x + k is cents + rate × k.
    const to = Math.min(bands[band]!.upTo ?? last, last);
    const steps = to - x;
    for (let k = 1; k <= steps && k <= 100; k++) if ((cents + rate * k) % 100 === 50) return x + k;
    cents += rate * steps;
    x = to;
  }
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
      `   Usufruit du conjoint : lorsque le conjoint survivant est usufruitier de la totalité du surplus, les héritiers du surplus n'en reçoivent que la nue-propriété. Leur valeur reçue = legs particuliers + quote-part × surplus × pourcentage de nue-propriété (règle ${ruleRef("669")}, selon l'âge du conjoint au jour du décès). Les legs particuliers sont reçus en pleine propriété. L'usufruit du conjoint est exonéré comme le reste de sa part.`,
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
      `   Réserve d'usufruit : pour un bien donné en nue-propriété, le donateur s'en réservant l'usufruit, la valeur reçue est la valeur en pleine propriété × fraction attribuée × pourcentage de nue-propriété (règle ${ruleRef("669")}, selon l'âge du donateur au jour de la donation). Les sommes d'argent sont toujours données en pleine propriété.`,
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

function art777(law: Law, kind: TransferKind): string {
  const s = law.scales;
  const lines = [
    `- **Art. 777 (barèmes).** Chaque tranche du barème est taxée à son taux sur la partie de la part taxable qui s'y trouve ; les montants des tranches s'additionnent.`,
    `  - Tableau I, ligne directe (enfants, petits-enfants, arrière-petits-enfants) : ${bandsFr(s.directLine)}.`,
  ];
  if (kind === "gift") lines.push(`  - Tableau II, entre époux et entre partenaires liés par un PACS : ${bandsFr(s.spouse)}.`);
  lines.push(
    `  - Tableau III : entre frères et sœurs, ${bandsFr(s.sibling)} ; entre parents jusqu'au 4e degré inclusivement (neveux et nièces), ${bandsFr(s.nephew)} ; entre parents au-delà du 4e degré et entre personnes non parentes, ${bandsFr(s.unrelated)}.`,
  );
  return lines.join("\n");
}

/** The parts of the numbered rules every prompt has, at their places among the families' parts. */
const COMMON_PARTS: readonly NumberedRulePart[] = [
  { rule: "rounding", place: 10, appears: () => true, text: (_level, _kind, law) => ruleRounding(law) },
  { rule: "value", place: 20, appears: () => true, text: (level, kind, law) => (kind === "estate" ? ruleValueEstate(level, law) : ruleValueGift(level, law)) },
  { rule: "age", place: 30, appears: (level, kind) => level === 4 || (level === 3 && kind === "gift"), text: (_level, _kind, law) => ruleAge(law) },
  { rule: "scales", place: 80, appears: () => true, text: (level, kind, law) => ruleScales(level, kind, law) },
];

/** The scales close the articles. */
const COMMON_ARTICLES: readonly ArticleText[] = [{ place: 1000, kinds: ["estate", "gift"], text: art777 }];

/** A table's numbered-rule parts and articles in the order of their places, and the texts written so far by law. */
interface Written {
  parts: NumberedRulePart[];
  articles: ArticleText[];
  texts: WeakMap<Law, Map<string, string>>;
  /** The outline of the numbered rules by level and kind (`${level}-${kind}`). */
  outlines: Map<string, Outline>;
}

/**
 * The numbered rules of a level and kind, the same under every law: the parts that appear, those
 * of one rule together in the order of their places (a rule's parts are consecutive), and the
 * number each placeholder of a rule (ruleRef) becomes: its rule's, or 0 for a rule of the table
 * that does not appear (a placeholder of no rule of the table stays).
 */
interface Outline {
  rules: { rule: string; parts: NumberedRulePart[] }[];
  numbers: Map<string, string>;
}

const written = new WeakMap<readonly GeneratorFamily[], Written>();

function writtenFor(families: readonly GeneratorFamily[]): Written {
  let w = written.get(families);
  if (w === undefined) {
    w = {
      parts: [...byPlace(families, (f) => f.numbered), ...COMMON_PARTS].sort((a, b) => a.place - b.place),
      articles: [...byPlace(families, (f) => f.articles), ...COMMON_ARTICLES].sort((a, b) => a.place - b.place),
      texts: new WeakMap(),
      outlines: new Map(),
    };
    written.set(families, w);
  }
  return w;
}

function outlineOf(w: Written, level: Level, kind: TransferKind): Outline {
  const key = `${level}-${kind}`;
  let o = w.outlines.get(key);
  if (o === undefined) {
    const rules: Outline["rules"] = [];
    for (const p of w.parts) {
      if (!p.appears(level, kind)) continue;
      const last = rules[rules.length - 1];
      if (last?.rule === p.rule) last.parts.push(p);
      else rules.push({ rule: p.rule, parts: [p] });
    }
    const numbers = new Map<string, string>();
    for (const p of w.parts) numbers.set(ruleRef(p.rule), String(rules.findIndex((r) => r.rule === p.rule) + 1));
    w.outlines.set(key, (o = { rules, numbers }));
  }
  return o;
}

/** A placeholder of ruleRef: a rule's name in capitals between two `@`. */
const RULE_REF = /@[A-Z0-9_]+@/g;

/**
 * The numbered rules: the parts that appear, those of one rule together, numbered from 1, each
 * reference to a rule replaced by its number (in the texts that hold one: a placeholder never
 * runs over a line break, so this is the replacement over the whole text).
 */
function numberedRules(w: Written, level: Level, kind: TransferKind, law: Law, fictional: boolean): string {
  const { rules, numbers } = outlineOf(w, level, kind);
  const numbered = (ref: string): string => numbers.get(ref) ?? ref;
  let body = "";
  for (let i = 0; i < rules.length; i++) {
    const parts = rules[i]!.parts;
    body += `${i === 0 ? "" : "\n\n"}${i + 1}. `;
    for (let j = 0; j < parts.length; j++) {
      const t = parts[j]!.text(level, kind, law);
      body += `${j === 0 ? "" : "\n"}${t.includes("@") ? t.replace(RULE_REF, numbered) : t}`;
    }
  }
  return `## Règles à appliquer (elles prévalent sur toute autre connaissance)\n\n${simplifications(level, kind, law, fictional)}\n\n${body}`;
}

/** The "Droit applicable" of level 5: the articles written for the kind under this law. */
function articles(list: readonly ArticleText[], kind: TransferKind, law: Law, fictional: boolean): string {
  const event = kind === "estate" ? "du décès" : "de la donation";
  const head = fictional
    ? [
        "## Droit applicable (Code général des impôts, articles reformulés, montants d'une législation fictive propre à cet exercice)",
        "",
        `Appliquez ces articles ; leurs montants, taux, âges et durées, fictifs, prévalent sur toute autre connaissance, notamment sur ceux du droit réellement en vigueur. Cette législation fictive s'applique à toutes les dates, y compris à celles des donations antérieures, à une exception près : les abattements qu'un acte antérieur indique avoir appliqués sont ceux de cet acte. Les âges s'entendent en années révolues au jour ${event}.`,
      ]
    : [
        `## Droit applicable (Code général des impôts, articles reformulés, montants en vigueur au jour ${event})`,
        "",
        `Appliquez ces articles ; ils prévalent sur toute autre connaissance. Les âges s'entendent en années révolues au jour ${event}.`,
      ];
  const texts: string[] = [];
  for (const a of list) {
    if (!a.kinds.includes(kind)) continue;
    const text = a.text(law, kind);
    if (text !== null) texts.push(text);
  }
  return [...head, "", ...texts].join("\n");
}

/** The one rule of a level that states no law (level 6). */
function lawOfTheDate(kind: TransferKind): string {
  return ["## Règle à appliquer", "", `Appliquez la législation fiscale française en vigueur à la date ${kind === "estate" ? "du décès" : "de la donation"}.`].join("\n");
}

/**
 * The section of a prompt that states the law, for a presentation, a level and a kind of
 * transfer (the same for every task of them under one law). `law`: by default the law of the
 * generator's law date; `fictional`: `law` is a task's fictional law (`--fictional-law`), which the
 * articles' heading says and the numbered rules do not compare with the real law. `families`:
 * the table of rule families (a test adds one).
 */
export function lawSection(
  presentation: Exclude<Presentation, "fictional">,
  level: Level,
  kind: TransferKind,
  law: Law = promptLaw(),
  fictional = false,
  families: readonly GeneratorFamily[] = GENERATOR_FAMILIES,
): string {
  if (presentation === "none") return lawOfTheDate(kind);
  const w = writtenFor(families);
  let byKey = w.texts.get(law);
  if (byKey === undefined) w.texts.set(law, (byKey = new Map()));
  // The articles do not depend on the level.
  const key = presentation === "articles" ? `articles-${kind}-${fictional}` : `${level}-${kind}-${fictional}`;
  const hit = byKey.get(key);
  if (hit !== undefined) return hit;
  const text = presentation === "articles" ? articles(w.articles, kind, law, fictional) : numberedRules(w, level, kind, law, fictional);
  byKey.set(key, text);
  return text;
}
