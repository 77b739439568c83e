import { ageOn, deName, eurosFromCents, parseDate } from "@succ/engine";
import type { Law } from "@succ/rules";
import { nameOf, type Beneficiary, type CgiDraft, type CgiEstateDraft, type CgiGiftDraft, type Civil, type PriorGift } from "./draft.js";
import { decisionFr, type Decision } from "./decisions.js";
import { dateFr, gendered, listFr, shareFr, table } from "./french.js";
import { roundCents, scaleCents } from "./law.js";
import { estateHead, relationCell } from "./prompt.js";
import { GENERATOR_FAMILIES, type EstateSlot, type FileFragments } from "./families/index.js";
import { lawSection } from "./presentation.js";
import { LEVEL_SPEC, type CgiLevel } from "./levels.js";

/**
 * The prompt of levels 5 and 6: the file as a notary receives it (the civil status of each
 * person, the inventory of the assets and who lives in the main residence, the furniture, the
 * insurers' statements, the earlier deeds and the figures they applied), then, at level 5, the
 * articles of the law with their amounts and the decisions the task depends on, at level 6 the
 * one rule "the law in force on the date", and the answer format. Nothing in it gives the answer
 * away (no net estate, no taxable share, no levy).
 */

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
  if (d.kind === "estate" && b.relationship === "sibling") {
    facts.push(c?.livesWithSince ? `${gendered(f, "domicilié", "domiciliée")} avec ${gendered(subjectF, "le défunt", "la défunte")} depuis le ${dateFr(c.livesWithSince)}` : `domicile distinct de celui ${gendered(subjectF, "du défunt", "de la défunte")}`);
  }
  return facts.join(" ; ");
}

function beneficiaryTable(d: CgiDraft, law: Law): string {
  const f = d.subject.female;
  const link = d.kind === "estate" ? `Lien avec ${gendered(f, "le défunt", "la défunte")}` : `Lien avec ${gendered(f, "le donateur", "la donatrice")}`;
  const rows = d.beneficiaries.map((b) => [b.id, nameOf(b.person), relationCell(b, f), dateFr(b.birth), civilCell(d, b, law)]);
  return table(["ID", "Nom", link, "Date de naissance", "État civil et situation"], rows);
}

function priorGiftsSection(d: CgiDraft): string {
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
  const rows = d.priorGifts.map((g) => [g.beneficiary, dateFr(g.date), nature(g), eurosFromCents(g.cents), applied(g)]);
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

function estateDossier(d: CgiEstateDraft, law: Law): string {
  const lines = estateHead(d);
  const regime = regimeLine(d);
  if (regime !== null) lines.push(regime);
  lines.push("", "## Bénéficiaires et état civil", "", beneficiaryTable(d, law));
  const note = (i: number): string => {
    for (const f of FILE) {
      const n = f.assetNote?.(d, i);
      if (n != null) return n;
    }
    return "—";
  };
  lines.push("", "### Inventaire de l'actif", "", table(["Bien", "Valeur", "Observations"], d.assets.map((a, i) => [a.label, eurosFromCents(a.cents), note(i)])));
  sectionsAfter("inventory", d, law, lines);
  lines.push("", "### Passif", "", d.debts.length === 0 ? "Aucune dette." : table(["Dette", "Montant"], d.debts.map((a) => [a.label, eurosFromCents(a.cents)])));
  lines.push("", "### Frais funéraires", "", `${d.funeral.label} : ${eurosFromCents(d.funeral.cents)}.`);
  sectionsAfter("funeral", d, law, lines);
  lines.push(
    "",
    "### Legs particuliers (sommes d'argent)",
    "",
    d.bequests.length === 0 ? "Aucun legs particulier." : table(["Légataire", "Montant"], d.bequests.map((q) => [q.beneficiary, eurosFromCents(q.cents)])),
    "",
    "### Dévolution du surplus (quotes-parts fixées par testament)",
    "",
    table(["Bénéficiaire", "Quote-part du surplus"], d.residue.map((s) => [s.beneficiary, shareFr(s.num, s.den)])),
  );
  lines.push("", priorGiftsSection(d));
  return lines.join("\n");
}

function giftDossier(d: CgiGiftDraft, law: Law): string {
  const f = d.subject.female;
  const name = nameOf(d.subject);
  const donor = gendered(f, "le donateur", "la donatrice");
  const natureOf = (g: CgiGiftDraft["gifts"][number]): string => {
    for (const x of FILE) {
      const n = x.giftNature?.(d, g);
      if (n != null) return n;
    }
    return g.cash
      ? "somme d'argent, en pleine propriété"
      : g.reservedUsufruct
        ? `nue-propriété, ${donor} se réservant l'usufruit`
        : "bien en pleine propriété";
  };
  const rows = d.gifts.map((g) => [g.label, eurosFromCents(g.cents), natureOf(g), g.to.map((t) => `${t.beneficiary} : ${shareFr(t.num, t.den)}`).join(" ; ")]);
  return [
    `## Dossier : donation ${deName(name)}`,
    "",
    `- ${gendered(f, "Donateur", "Donatrice")} : ${name}, ${gendered(f, "né", "née")} le ${dateFr(d.subject.birth)}.`,
    `- Date de l'acte de donation : ${dateFr(d.date)}.`,
    `- Descendance : ${d.cgi.hasDescendants ? `${donor} a des descendants` : `${donor} n'a aucun descendant (ni enfant, ni petit-enfant)`}.`,
    "",
    "### Biens donnés",
    "",
    table(["Bien", "Valeur en pleine propriété", "Nature", "Attribution"], rows),
    "",
    "## Donataires et état civil",
    "",
    beneficiaryTable(d, law),
    "",
    priorGiftsSection(d),
  ].join("\n");
}

/** The answer format of levels 5 and 6, with the third key for the beneficiaries of art. 990 I sums; the example's tax comes from the law. */
function formatSection(d: CgiDraft, law: Law, levyIds: readonly string[]): string {
  const ids = d.beneficiaries.map((b) => b.id);
  const exampleTaxable = 149_270;
  const exampleTax = roundCents(scaleCents(law.scales.directLine, exampleTaxable));
  const levy =
    levyIds.length === 0
      ? ""
      : ` ; pour ${listFr(levyIds)}, ${levyIds.length === 1 ? "qui reçoit" : "qui reçoivent"} des capitaux d'assurance-vie relevant de l'art. 990 I, une troisième clé "prelevement_990I" : le prélèvement dû à ce titre (0 s'il n'en doit aucun)`;
  const example = levyIds.length === 0
    ? `<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": ${exampleTaxable}, "droits": ${exampleTax}}}, "total_droits": ${exampleTax}}</droits>`
    : `<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": ${exampleTaxable}, "droits": ${exampleTax}, "prelevement_990I": 0}}, "total_droits": ${exampleTax}}</droits>`;
  return [
    "## Format de la réponse",
    "",
    `Terminez votre réponse par un unique bloc <droits>…</droits> (la balise <droits> une seule fois dans toute la réponse, rien après le bloc) contenant un objet JSON : "beneficiaires" avec, pour ${ids.length === 1 ? "" : "chacun de "}${listFr(ids)} (ni plus ni moins), les clés "part_taxable" (la part taxable aux droits de ${d.kind === "estate" ? "succession" : "donation"}, arrondie à l'euro le plus proche) et "droits" (les droits calculés sur cette part arrondie, arrondis à l'euro le plus proche ; 0,50 € exactement s'arrondit à l'euro supérieur)${levy} ; puis "total_droits", la somme des droits${levyIds.length === 0 ? "" : " (sans les prélèvements de l'art. 990 I)"}. Nombres entiers, sans espace ni symbole. Un bénéficiaire exonéré, ou dont la part est entièrement couverte par ses abattements, figure avec 0 et 0. Exemple de forme (identifiants et montants fictifs) :`,
    example,
  ].join("\n");
}

/** The rules part: the articles and the decisions (level 5), or the one rule of level 6. */
function rulesSection(d: CgiDraft, level: CgiLevel, law: Law, decisions: readonly Decision[], fictional: boolean): string {
  const presentation = LEVEL_SPEC[level].presentation;
  const parts = [lawSection(presentation, level, d.kind, law, fictional)];
  if (presentation === "articles" && decisions.length > 0) {
    parts.push(["## Décisions retenues par l'étude pour ce dossier", "", "Là où les textes ne tranchent pas, appliquez ces décisions :", "", ...decisions.map((x) => `- ${decisionFr(x, law, fictional)}`)].join("\n"));
  }
  return parts.join("\n\n");
}

/** What the introduction of a fictional level-5 task says of its law. */
export const FICTIONAL_ARTICLES_FR =
  "Appliquez les articles du Code général des impôts reproduits plus bas, avec leurs montants : ces montants, taux, âges et durées sont ceux d'une législation fictive propre à cet exercice, qui ne sont pas ceux du droit réellement en vigueur ; ils prévalent sur toute autre connaissance.";

/**
 * The prompt in three parts, as for levels 1-4: what varies with the dossier (the introduction and
 * the file), the law (the articles and the decisions at level 5, the one rule at level 6), and
 * the answer format. `fictional` (level 5 only): `law` is the task's fictional law.
 */
export function notaryPromptParts(
  d: CgiDraft,
  level: CgiLevel,
  law: Law,
  decisions: readonly Decision[],
  levyIds: readonly string[],
  fictional = false,
): { dossier: string; rules: string; format: string } {
  if (fictional && LEVEL_SPEC[level].noFictionalLaw !== null) throw new RangeError(`level ${level} has no fictional law (${LEVEL_SPEC[level].noFictionalLaw})`);
  const estate = d.kind === "estate";
  const task = estate
    ? `Calculez, pour chaque bénéficiaire de la succession, la part taxable et les droits de succession dus${levyIds.length > 0 ? ", et, pour chaque bénéficiaire de capitaux d'assurance-vie relevant de l'art. 990 I, le prélèvement dû" : ""}.`
    : "Calculez, pour chaque donataire, la part taxable et les droits de donation dus.";
  const how = fictional
    ? FICTIONAL_ARTICLES_FR
    : level === 5
      ? "Appliquez les articles du Code général des impôts reproduits plus bas, avec leurs montants."
      : `Appliquez la législation fiscale française en vigueur à la date ${estate ? "du décès" : "de la donation"}.`;
  const intro = `Vous êtes fiscaliste dans une étude notariale. Voici le dossier tel que l'étude l'a reçu : état civil des intéressés, ${estate ? "inventaire de l'actif, relevés des assureurs" : "biens donnés"}, copies des actes antérieurs. ${task} ${how}`;
  const dossier = estate ? estateDossier(d, law) : giftDossier(d, law);
  return { dossier: `${intro}\n\n${dossier}`, rules: rulesSection(d, level, law, decisions, fictional), format: formatSection(d, law, levyIds) };
}
