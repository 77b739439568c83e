import { ageOn, deName, eurosFromCents } from "@succ/engine";
import type { Law } from "@succ/rules";
import { LAW_DATE } from "./dates.js";
import { decisionFr, type Decision } from "./decisions.js";
import { isCgiDraft, nameOf, listOf, type Beneficiary, type CgiDraft, type CgiEstateDraft, type Civil, type Draft, type EstateDraft, type GiftDraft, type PriorGift } from "./draft.js";
import { GENERATOR_FAMILIES, type EstateSlot, type FileFragments } from "./families/index.js";
import { dateFr, gendered, listFr, promptRelationshipFr, shareFr, table } from "./french.js";
import type { PromptParts } from "./guards.js";
import { roundCents, scaleCents } from "./law.js";
import { LEVEL_SPEC, type Level } from "./levels.js";
import { lawSection } from "./presentation.js";

export { table } from "./french.js";

/**
 * The French prompt of a task, in three parts: what varies with the dossier (the introduction and
 * the file), the law (`presentation.ts`, the level's presentation a parameter: the numbered rules
 * of levels 1-4, the articles and the decisions of level 5, the one rule of level 6) and the
 * answer format. The file is the dossier of the seed rules at levels 1-4 (the beneficiary table,
 * prior gifts at levels 3-4), the notary's file at levels 5-6 (the civil status of each person,
 * the inventory and who lives in the main residence, the furniture, the insurers' statements, the
 * earlier deeds and the figures they applied: the rule families' fragments, families/).
 * Everything needed is here, and nothing that gives the answer away (no total, no net estate, no
 * taxable share, no levy).
 */

/** The relationship cell of a beneficiary table, with the representation of a predeceased child. */
export function relationCell(b: Beneficiary, subjectFemale: boolean): string {
  const rel = promptRelationshipFr(b.relationship, b.person.female);
  if (!b.represents) return rel;
  const dead = b.represents.person;
  return `${rel}, venant par représentation de ${gendered(dead.female, "son père", "sa mère")} ${nameOf(dead)}, ${gendered(dead.female, "fils prédécédé", "fille prédécédée")} ${gendered(subjectFemale, "du défunt", "de la défunte")}`;
}

/** The head of an estate's file: the deceased, the family situation, each predeceased child and who represents it. */
export function estateHead(d: Pick<EstateDraft, "subject" | "date" | "situation" | "predeceased" | "beneficiaries">): string[] {
  const f = d.subject.female;
  const name = nameOf(d.subject);
  const lines = [
    `## Dossier : succession ${deName(name)}`,
    "",
    `- ${gendered(f, "Défunt", "Défunte")} : ${name}, ${gendered(f, "né", "née")} le ${dateFr(d.subject.birth)}, ${gendered(f, "décédé", "décédée")} le ${dateFr(d.date)}.`,
    `- Situation familiale : ${d.situation}.`,
  ];
  for (const p of d.predeceased) {
    const heirs = listOf(d.beneficiaries.filter((b) => b.represents === p), (b) => b.id);
    lines.push(
      `- ${gendered(p.person.female, "Fils prédécédé", "Fille prédécédée")} : ${nameOf(p.person)}, ${gendered(p.person.female, "né", "née")} le ${dateFr(p.birth)}, ${gendered(p.person.female, "décédé", "décédée")} le ${dateFr(p.death)}, ${gendered(p.person.female, "représenté", "représentée")} par ${heirs.length === 1 ? "son enfant" : "ses enfants"} ${listFr(heirs)}.`,
    );
  }
  return lines;
}

// --- levels 1-4: the dossier of the seed rules ----------------------------------------------------

function seedBeneficiaryTable(d: Draft, kind: "estate" | "gift"): string {
  const f = d.subject.female;
  const link = kind === "estate" ? `Lien avec ${gendered(f, "le défunt", "la défunte")}` : `Lien avec ${gendered(f, "le donateur", "la donatrice")}`;
  const rows = listOf(d.beneficiaries, (b) => [b.id, nameOf(b.person), relationCell(b, f), dateFr(b.birth), b.disabled ? "oui" : "non"]);
  return table(["ID", "Nom", link, "Date de naissance", "Handicap"], rows);
}

function seedPriorGifts(d: Draft, kind: "estate" | "gift"): string {
  const f = d.subject.female;
  const who = kind === "estate" ? gendered(f, "le défunt", "la défunte") : gendered(f, "le donateur", "la donatrice");
  const title = `## Donations antérieures consenties par ${who}`;
  if (d.priorGifts.length === 0) return `${title}\n\nAucune donation antérieure.`;
  // The date that the recall and the 790 G ceiling count from; most of these gifts owed no tax.
  const nature = (g: PriorGift): string =>
    g.cash790G ? `don familial de sommes d'argent exonéré (art. 790 G), enregistré le ${dateFr(g.date)}` : `donation ordinaire, enregistrée le ${dateFr(g.date)}`;
  const rows = listOf(d.priorGifts, (g) => [g.beneficiary, nature(g), eurosFromCents(g.cents)]);
  return `${title}\n\n${table(["Bénéficiaire", "Nature et date", "Valeur"], rows)}`;
}

function seedEstateFile(d: EstateDraft, level: Level): string {
  const lines = estateHead(d);
  if (d.spouseUsufruct) {
    const sf = d.beneficiaries.find((b) => b.id === d.spouseUsufruct)!.person.female;
    lines.push(
      `- ${gendered(sf, "Le conjoint survivant", "La conjointe survivante")} ${d.spouseUsufruct} est ${gendered(sf, "usufruitier", "usufruitière")} de la totalité du surplus ; les héritiers du surplus n'en reçoivent que la nue-propriété, selon leurs quotes-parts.`,
    );
  }
  lines.push("", "### Actif de succession", "", table(["Bien", "Valeur"], listOf(d.assets, (a) => [a.label, eurosFromCents(a.cents)])));
  lines.push("", "### Passif", "", d.debts.length === 0 ? "Aucune dette." : table(["Dette", "Montant"], listOf(d.debts, (a) => [a.label, eurosFromCents(a.cents)])));
  lines.push("", "### Frais funéraires", "", `${d.funeral.label} : ${eurosFromCents(d.funeral.cents)}.`);
  if (level >= 2) {
    lines.push(
      "",
      "### Legs particuliers (sommes d'argent)",
      "",
      d.bequests.length === 0 ? "Aucun legs particulier." : table(["Légataire", "Montant"], listOf(d.bequests, (q) => [q.beneficiary, eurosFromCents(q.cents)])),
    );
  }
  if (level === 1) {
    // An only child and no will: the child takes the whole estate.
    const child = d.beneficiaries.find((b) => b.id === d.residue[0]!.beneficiary)!;
    lines.push("", "### Dévolution", "", `${child.id}, ${gendered(child.person.female, "son fils unique", "sa fille unique")}, recueille la totalité de la succession.`);
  } else {
    const shareHead = d.spouseUsufruct ? "Quote-part du surplus (en nue-propriété)" : "Quote-part du surplus";
    lines.push("", "### Dévolution du surplus (quotes-parts fixées par testament)", "", table(["Bénéficiaire", shareHead], listOf(d.residue, (s) => [s.beneficiary, shareFr(s.num, s.den)])));
  }
  lines.push("", "## Bénéficiaires", "", seedBeneficiaryTable(d, "estate"));
  if (level >= 3) lines.push("", seedPriorGifts(d, "estate"));
  return lines.join("\n");
}

// --- levels 5-6: the notary's file ----------------------------------------------------------------

const STATUS_FR: Record<NonNullable<Civil["maritalStatus"]>, [string, string]> = {
  single: ["célibataire", "célibataire"],
  married: ["marié", "mariée"],
  pacs: ["lié par un PACS", "liée par un PACS"],
  widowed: ["veuf", "veuve"],
  divorced: ["divorcé", "divorcée"],
  separated: ["séparé de corps", "séparée de corps"],
};

/** The civil-status cell of a beneficiary: marital status, minority, disability, protection, home. */
function civilCell(d: CgiDraft, b: Beneficiary, law: Law): string {
  const f = b.person.female;
  const c = d.cgi.civil.get(b.id);
  const subjectF = d.subject.female;
  const facts: string[] = [];
  const minor = ageOn(b.birth, d.date) < law.mainResidence.minorBelow;
  if (minor) facts.push(gendered(f, "mineur non émancipé", "mineure non émancipée"));
  else if (d.kind === "estate" && c?.maritalStatus) {
    if (b.relationship === "spouse") facts.push(`${gendered(f, "marié", "mariée")} ${gendered(subjectF, "au défunt", "à la défunte")}`);
    else if (b.relationship === "pacs") facts.push(`${gendered(f, "lié", "liée")} ${gendered(subjectF, "au défunt", "à la défunte")} par un PACS`);
    else facts.push(gendered(f, ...STATUS_FR[c.maritalStatus]));
  } else facts.push(gendered(f, "majeur", "majeure"));
  // Art. 779 II as annexe II au CGI, art. 294 words it: for a minor, the infirmity prevents him
  // "d'acquérir une instruction ou une formation professionnelle d'un niveau normal".
  if (b.disabled) {
    facts.push(
      ageOn(b.birth, d.date) < law.allowances.disabilityMinorBelow
        ? `${gendered(f, "atteint", "atteinte")} d'une infirmité qui ${gendered(f, "l'empêche", "l'empêche")} d'acquérir une instruction ou une formation professionnelle d'un niveau normal`
        : `${gendered(f, "atteint", "atteinte")} d'une infirmité qui ${gendered(f, "le", "la")} rend incapable de travailler dans des conditions normales de rentabilité`,
    );
  }
  if (c?.protectedAdult) facts.push(`${gendered(f, "majeur protégé", "majeure protégée")} (tutelle)`);
  for (const x of FILE) {
    const more = x.beneficiaryFacts?.(d, b);
    if (more != null) facts.push(more);
  }
  return facts.join(" ; ");
}

function notaryBeneficiaryTable(d: CgiDraft, law: Law): string {
  const f = d.subject.female;
  const link = d.kind === "estate" ? `Lien avec ${gendered(f, "le défunt", "la défunte")}` : `Lien avec ${gendered(f, "le donateur", "la donatrice")}`;
  const rows = listOf(d.beneficiaries, (b) => [b.id, nameOf(b.person), relationCell(b, f), dateFr(b.birth), civilCell(d, b, law)]);
  return table(["ID", "Nom", link, "Date de naissance", "État civil et situation"], rows);
}

function notaryPriorGifts(d: CgiDraft): string {
  const f = d.subject.female;
  const who = d.kind === "estate" ? gendered(f, "le défunt", "la défunte") : gendered(f, "le donateur", "la donatrice");
  const title = `## Donations antérieures consenties par ${who} (copies des actes)`;
  if (d.priorGifts.length === 0) return `${title}\n\nAucune donation antérieure.`;
  const nature = (g: PriorGift): string => (g.cash790G ? "don familial de sommes d'argent exonéré (art. 790 G)" : "donation (acte notarié)");
  const applied = (g: PriorGift): string => {
    const deed = d.cgi.deeds.get(g);
    if (!deed) return "aucun (don exonéré)";
    const parts = [`${eurosFromCents(deed.allowanceUsed)} (abattement personnel)`];
    if (deed.disabilityAllowanceUsed > 0) parts.push(`${eurosFromCents(deed.disabilityAllowanceUsed)} (abattement des personnes handicapées)`);
    return parts.join(" et ");
  };
  const rows = listOf(d.priorGifts, (g) => [g.beneficiary, dateFr(g.date), nature(g), eurosFromCents(g.cents), applied(g)]);
  return `${title}\n\n${table(["Bénéficiaire", "Date de l'acte", "Nature", "Valeur", "Abattements appliqués dans l'acte"], rows)}`;
}

/**
 * The matrimonial regime of a deceased who was married or in a PACS, and what the inventory
 * holds under it: the deceased's own assets, or his share after the regime's liquidation.
 */
function regimeLine(d: CgiEstateDraft): string | null {
  const f = d.subject.female;
  const own = gendered(f, "du défunt", "de la défunte");
  switch (d.cgi.regime) {
    case null:
      return null;
    case "community":
      return `- Régime matrimonial : communauté légale réduite aux acquêts, à défaut de contrat de mariage. L'inventaire ci-dessous est établi après la liquidation de la communauté : il comprend les biens propres ${own} et sa moitié des biens communs, pour la valeur de sa part.`;
    case "separation":
      return `- Régime matrimonial : séparation de biens (contrat de mariage reçu avant l'union). L'inventaire ci-dessous comprend les biens personnels ${own} ; un bien indivis avec le conjoint y figure pour sa seule quote-part.`;
    case "pacsSeparation":
      return `- Régime du PACS : séparation des patrimoines (régime légal). L'inventaire ci-dessous comprend les biens personnels ${own} ; un bien indivis avec le partenaire y figure pour sa seule quote-part.`;
  }
}

/** The rule families' fragments of the file, in the table's order. */
const FILE: readonly FileFragments[] = GENERATOR_FAMILIES.flatMap((f) => ("file" in f ? [f.file as FileFragments] : []));

/** Adds the sections the families write after a section of an estate's file. */
function sectionsAfter(slot: EstateSlot, d: CgiEstateDraft, law: Law, lines: string[]): void {
  for (const f of FILE) for (const s of f.estateSections ?? []) if (s.after === slot) lines.push(...s.lines(d, law));
}

function notaryEstateFile(d: CgiEstateDraft, law: Law): string {
  const lines = estateHead(d);
  const regime = regimeLine(d);
  if (regime !== null) lines.push(regime);
  lines.push("", "## Bénéficiaires et état civil", "", notaryBeneficiaryTable(d, law));
  const note = (i: number): string => {
    for (const f of FILE) {
      const n = f.assetNote?.(d, i);
      if (n != null) return n;
    }
    return "—";
  };
  lines.push("", "### Inventaire de l'actif", "", table(["Bien", "Valeur", "Observations"], listOf(d.assets, (a, i) => [a.label, eurosFromCents(a.cents), note(i)])));
  sectionsAfter("inventory", d, law, lines);
  lines.push("", "### Passif", "", d.debts.length === 0 ? "Aucune dette." : table(["Dette", "Montant"], listOf(d.debts, (a) => [a.label, eurosFromCents(a.cents)])));
  lines.push("", "### Frais funéraires", "", `${d.funeral.label} : ${eurosFromCents(d.funeral.cents)}.`);
  sectionsAfter("funeral", d, law, lines);
  lines.push(
    "",
    "### Legs particuliers (sommes d'argent)",
    "",
    d.bequests.length === 0 ? "Aucun legs particulier." : table(["Légataire", "Montant"], listOf(d.bequests, (q) => [q.beneficiary, eurosFromCents(q.cents)])),
    "",
    "### Dévolution du surplus (quotes-parts fixées par testament)",
    "",
    table(["Bénéficiaire", "Quote-part du surplus"], listOf(d.residue, (s) => [s.beneficiary, shareFr(s.num, s.den)])),
  );
  lines.push("", notaryPriorGifts(d));
  return lines.join("\n");
}

// --- both ------------------------------------------------------------------------------------------

/** The file of a gift: the donor, the deed, the given assets and the donees (with the notary's facts at levels 5-6). */
function giftFile(d: GiftDraft, level: Level, law: Law): string {
  const cgi = isCgiDraft(d) ? d : null;
  const f = d.subject.female;
  const name = nameOf(d.subject);
  const donor = gendered(f, "le donateur", "la donatrice");
  const natureOf = (g: GiftDraft["gifts"][number]): string => {
    if (cgi !== null) {
      for (const x of FILE) {
        const n = x.giftNature?.(cgi, g);
        if (n != null) return n;
      }
    }
    return g.cash
      ? "somme d'argent, en pleine propriété"
      : g.reservedUsufruct
        ? `nue-propriété, ${donor} se réservant l'usufruit`
        : "bien en pleine propriété";
  };
  const rows = listOf(d.gifts, (g) => [g.label, eurosFromCents(g.cents), natureOf(g), listOf(g.to, (t) => `${t.beneficiary} : ${shareFr(t.num, t.den)}`).join(" ; ")]);
  const lines = [
    `## Dossier : donation ${deName(name)}`,
    "",
    `- ${gendered(f, "Donateur", "Donatrice")} : ${name}, ${gendered(f, "né", "née")} le ${dateFr(d.subject.birth)}.`,
    `- Date de l'acte de donation : ${dateFr(d.date)}.`,
  ];
  if (cgi !== null) lines.push(`- Descendance : ${cgi.cgi.hasDescendants ? `${donor} a des descendants` : `${donor} n'a aucun descendant (ni enfant, ni petit-enfant)`}.`);
  lines.push("", "### Biens donnés", "", table(["Bien", "Valeur en pleine propriété", "Nature", "Attribution"], rows), "");
  if (cgi !== null) lines.push("## Donataires et état civil", "", notaryBeneficiaryTable(cgi, law), "", notaryPriorGifts(cgi));
  else {
    lines.push("## Donataires", "", seedBeneficiaryTable(d, "gift"));
    if (level >= 3) lines.push("", seedPriorGifts(d, "gift"));
  }
  return lines.join("\n");
}

/**
 * The answer format: the `<droits>` block, with a fictitious example computed by the scale of the
 * law the prompt states; at levels 5-6 the third key of the beneficiaries of art. 990 I sums.
 */
function formatSection(d: Draft, law: Law, levyIds: readonly string[]): string {
  const ids = listOf(d.beneficiaries, (b) => b.id);
  // The text depends on the law, the rule set (and the kind, under the real law's), the ids and
  // the beneficiaries of art. 990 I only: written once for each (the same for many tasks).
  let byLaw = formatTexts.get(law);
  if (byLaw === undefined) formatTexts.set(law, (byLaw = new Map()));
  const key = `${isCgiDraft(d) ? d.kind : "seed"}|${ids.join(",")}|${levyIds.join(",")}`;
  let text = byLaw.get(key);
  if (text === undefined) byLaw.set(key, (text = formatText(d, law, ids, levyIds)));
  return text;
}

/** The answer formats written so far, by law (a fictional law's go with it) and {@link formatSection}'s key. */
const formatTexts = new WeakMap<Law, Map<string, string>>();

function formatText(d: Draft, law: Law, ids: readonly string[], levyIds: readonly string[]): string {
  const exampleTaxable = 149_270;
  const exampleTax = roundCents(scaleCents(law.scales.directLine, exampleTaxable));
  const keys = isCgiDraft(d)
    ? `les clés "part_taxable" (la part taxable aux droits de ${d.kind === "estate" ? "succession" : "donation"}, arrondie à l'euro le plus proche) et "droits" (les droits calculés sur cette part arrondie, arrondis à l'euro le plus proche ; 0,50 € exactement s'arrondit à l'euro supérieur)${
        levyIds.length === 0
          ? ""
          : ` ; pour ${listFr(levyIds)}, ${levyIds.length === 1 ? "qui reçoit" : "qui reçoivent"} des capitaux d'assurance-vie relevant de l'art. 990 I, une troisième clé "prelevement_990I" : le prélèvement dû à ce titre (0 s'il n'en doit aucun)`
      } ; puis "total_droits", la somme des droits${levyIds.length === 0 ? "" : " (sans les prélèvements de l'art. 990 I)"}`
    : `exactement les clés "part_taxable" et "droits", en euros entiers arrondis ; puis "total_droits", la somme des droits`;
  const covered = isCgiDraft(d) ? "ses abattements" : "son abattement";
  const levy = levyIds.length === 0 ? "" : ', "prelevement_990I": 0';
  return [
    "## Format de la réponse",
    "",
    `Terminez votre réponse par un unique bloc <droits>…</droits> (la balise <droits> une seule fois dans toute la réponse, rien après le bloc) contenant un objet JSON : "beneficiaires" avec, pour ${ids.length === 1 ? "" : "chacun de "}${listFr(ids)} (ni plus ni moins), ${keys}. Nombres entiers, sans espace ni symbole. Un bénéficiaire exonéré, ou dont la part est entièrement couverte par ${covered}, figure avec 0 et 0. Exemple de forme (identifiants et montants fictifs) :`,
    `<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": ${exampleTaxable}, "droits": ${exampleTax}${levy}}}, "total_droits": ${exampleTax}}</droits>`,
  ].join("\n");
}

/**
 * What the introduction of a fictional task says of its law (levels 1-4): the amounts are not
 * those of any real year, and they prevail over what the reader knows of the real law.
 */
export const FICTIONAL_RULES_FR =
  "Appliquez uniquement les règles numérotées de cet énoncé : leurs montants, taux, âges et durées sont ceux d'une législation fictive propre à cet exercice, qui ne sont pas ceux du droit réellement en vigueur ; elles prévalent sur toute autre connaissance.";

/** What the introduction of a fictional level-5 task says of its law. */
export const FICTIONAL_ARTICLES_FR =
  "Appliquez les articles du Code général des impôts reproduits plus bas, avec leurs montants : ces montants, taux, âges et durées sont ceux d'une législation fictive propre à cet exercice, qui ne sont pas ceux du droit réellement en vigueur ; ils prévalent sur toute autre connaissance.";

/** The introduction: the task and how to apply the law, by the level's presentation. */
function intro(d: Draft, level: Level, fictional: boolean, levyIds: readonly string[]): string {
  const estate = d.kind === "estate";
  if (!isCgiDraft(d)) {
    const apply = !fictional ? `Appliquez uniquement les règles numérotées de cet énoncé (montants en vigueur en ${LAW_DATE.y}) : elles prévalent sur toute autre connaissance.` : FICTIONAL_RULES_FR;
    return estate
      ? `Vous êtes fiscaliste dans une étude notariale. Calculez, pour chaque bénéficiaire de la succession décrite ci-dessous, la part taxable et les droits de succession dus. ${apply}`
      : `Vous êtes fiscaliste dans une étude notariale. Calculez, pour chaque donataire de la donation décrite ci-dessous, la part taxable et les droits de donation dus. ${apply}`;
  }
  const task = estate
    ? `Calculez, pour chaque bénéficiaire de la succession, la part taxable et les droits de succession dus${levyIds.length > 0 ? ", et, pour chaque bénéficiaire de capitaux d'assurance-vie relevant de l'art. 990 I, le prélèvement dû" : ""}.`
    : "Calculez, pour chaque donataire, la part taxable et les droits de donation dus.";
  const how = fictional
    ? FICTIONAL_ARTICLES_FR
    : LEVEL_SPEC[level].presentation === "articles"
      ? "Appliquez les articles du Code général des impôts reproduits plus bas, avec leurs montants."
      : `Appliquez la législation fiscale française en vigueur à la date ${estate ? "du décès" : "de la donation"}.`;
  return `Vous êtes fiscaliste dans une étude notariale. Voici le dossier tel que l'étude l'a reçu : état civil des intéressés, ${estate ? "inventaire de l'actif, relevés des assureurs" : "biens donnés"}, copies des actes antérieurs. ${task} ${how}`;
}

/** What a prompt of levels 5-6 adds: the decisions the task depends on (level 5), the beneficiaries of art. 990 I sums. */
export interface NotaryFacts {
  decisions: readonly Decision[];
  levyIds: readonly string[];
}

const NO_FACTS: NotaryFacts = { decisions: [], levyIds: [] };

/**
 * The prompt in three parts: what varies with the dossier (the introduction and the file), the
 * law (the same text for every task of a level, kind and law) and the answer format. `law`: the
 * law the prompt states (levels 1-4: the law of the generator's law date, `promptLaw()`, or the
 * task's fictional law; levels 5-6: the law the gold is computed with); `fictional`: it is the
 * task's fictional law (`--fictional-law`), which the prompt says instead of naming the year.
 */
export function promptParts(d: Draft, level: Level, law: Law, fictional: boolean, facts: NotaryFacts = NO_FACTS, written: LawParts | null = null): PromptParts {
  const spec = LEVEL_SPEC[level];
  if (fictional && spec.noFictionalLaw !== null) throw new RangeError(`level ${level} has no fictional law (${spec.noFictionalLaw})`);
  const file = d.kind === "estate" ? (isCgiDraft(d) ? notaryEstateFile(d, law) : seedEstateFile(d, level)) : giftFile(d, level, law);
  const { section, format } = written ?? lawParts(d, level, law, fictional, facts.levyIds);
  const dossier = `${intro(d, level, fictional, facts.levyIds)}\n\n${file}`;
  if (spec.presentation === "articles" && facts.decisions.length > 0) {
    const decisions = ["## Décisions retenues par l'étude pour ce dossier", "", "Là où les textes ne tranchent pas, appliquez ces décisions :", "", ...listOf(facts.decisions, (x) => `- ${decisionFr(x, law, fictional)}`)].join("\n");
    return { dossier, rules: `${section}\n\n${decisions}`, format, law: section, decisions };
  }
  return { dossier, rules: section, format };
}

/**
 * The parts of {@link promptParts} that do not depend on the file: the law's text as the level
 * presents it (`law`, or `rules` when the task has no decisions) and the answer format, each the
 * same for many tasks (written once). Known before the file is written (the guards read them
 * first, then give them to promptParts, its last argument, with the same law and facts).
 */
export interface LawParts {
  section: string;
  format: string;
}

export function lawParts(d: Draft, level: Level, law: Law, fictional: boolean, levyIds: readonly string[]): LawParts {
  return { section: lawSection(LEVEL_SPEC[level].presentation, level, d.kind, law, fictional), format: formatSection(d, law, levyIds) };
}

export function joinPrompt(p: PromptParts): string {
  return `${p.dossier}\n\n${p.rules}\n\n${p.format}`;
}
