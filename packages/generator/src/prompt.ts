import { deName, eurosFromCents } from "@succ/engine";
import { dateFr, gendered, listFr, promptRelationshipFr, shareFr, table } from "./french.js";
import type { Beneficiary, Draft, EstateDraft, GiftDraft, PriorGift } from "./draft.js";
import { nameOf } from "./draft.js";
import { LAW_DATE } from "./dates.js";
import type { Law } from "@succ/rules";
import { promptLaw, roundCents, scaleCents } from "./law.js";
import type { PromptParts } from "./guards.js";
import { LEVEL_SPEC, type Level } from "./levels.js";
import { lawSection } from "./presentation.js";

export { table } from "./french.js";

/**
 * The French prompt of a task: the dossier, the beneficiary table, prior gifts (levels 3-4), the
 * numbered rules of the level and the answer format. Everything needed is here, and nothing that
 * gives the answer away (no total, no net estate, no taxable share).
 */


/** The relationship cell of a beneficiary table, with the representation of a predeceased child. */
export function relationCell(b: Beneficiary, subjectFemale: boolean): string {
  const rel = promptRelationshipFr(b.relationship, b.person.female);
  if (!b.represents) return rel;
  const dead = b.represents.person;
  return `${rel}, venant par représentation de ${gendered(dead.female, "son père", "sa mère")} ${nameOf(dead)}, ${gendered(dead.female, "fils prédécédé", "fille prédécédée")} ${gendered(subjectFemale, "du défunt", "de la défunte")}`;
}

function beneficiaryTable(d: Draft, kind: "estate" | "gift"): string {
  const f = d.subject.female;
  const link = kind === "estate" ? `Lien avec ${gendered(f, "le défunt", "la défunte")}` : `Lien avec ${gendered(f, "le donateur", "la donatrice")}`;
  const rows = d.beneficiaries.map((b) => [b.id, nameOf(b.person), relationCell(b, f), dateFr(b.birth), b.disabled ? "oui" : "non"]);
  return table(["ID", "Nom", link, "Date de naissance", "Handicap"], rows);
}

function priorGiftsSection(d: Draft, kind: "estate" | "gift"): string {
  const f = d.subject.female;
  const who = kind === "estate" ? gendered(f, "le défunt", "la défunte") : gendered(f, "le donateur", "la donatrice");
  const title = `## Donations antérieures consenties par ${who}`;
  if (d.priorGifts.length === 0) return `${title}\n\nAucune donation antérieure.`;
  // The date that the recall and the 790 G ceiling count from; most of these gifts owed no tax.
  const nature = (g: PriorGift): string =>
    g.cash790G ? `don familial de sommes d'argent exonéré (art. 790 G), enregistré le ${dateFr(g.date)}` : `donation ordinaire, enregistrée le ${dateFr(g.date)}`;
  const rows = d.priorGifts.map((g) => [g.beneficiary, nature(g), eurosFromCents(g.cents)]);
  return `${title}\n\n${table(["Bénéficiaire", "Nature et date", "Valeur"], rows)}`;
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
    const heirs = d.beneficiaries.filter((b) => b.represents === p).map((b) => b.id);
    lines.push(
      `- ${gendered(p.person.female, "Fils prédécédé", "Fille prédécédée")} : ${nameOf(p.person)}, ${gendered(p.person.female, "né", "née")} le ${dateFr(p.birth)}, ${gendered(p.person.female, "décédé", "décédée")} le ${dateFr(p.death)}, ${gendered(p.person.female, "représenté", "représentée")} par ${heirs.length === 1 ? "son enfant" : "ses enfants"} ${listFr(heirs)}.`,
    );
  }
  return lines;
}

function estateDossier(d: EstateDraft, level: Level): string {
  const lines = estateHead(d);
  if (d.spouseUsufruct) {
    const sf = d.beneficiaries.find((b) => b.id === d.spouseUsufruct)!.person.female;
    lines.push(
      `- ${gendered(sf, "Le conjoint survivant", "La conjointe survivante")} ${d.spouseUsufruct} est ${gendered(sf, "usufruitier", "usufruitière")} de la totalité du surplus ; les héritiers du surplus n'en reçoivent que la nue-propriété, selon leurs quotes-parts.`,
    );
  }
  lines.push("", "### Actif de succession", "", table(["Bien", "Valeur"], d.assets.map((a) => [a.label, eurosFromCents(a.cents)])));
  lines.push("", "### Passif", "", d.debts.length === 0 ? "Aucune dette." : table(["Dette", "Montant"], d.debts.map((a) => [a.label, eurosFromCents(a.cents)])));
  lines.push("", "### Frais funéraires", "", `${d.funeral.label} : ${eurosFromCents(d.funeral.cents)}.`);
  if (level >= 2) {
    lines.push(
      "",
      "### Legs particuliers (sommes d'argent)",
      "",
      d.bequests.length === 0 ? "Aucun legs particulier." : table(["Légataire", "Montant"], d.bequests.map((q) => [q.beneficiary, eurosFromCents(q.cents)])),
    );
  }
  if (level === 1) {
    // An only child and no will: the child takes the whole estate.
    const child = d.beneficiaries.find((b) => b.id === d.residue[0]!.beneficiary)!;
    lines.push("", "### Dévolution", "", `${child.id}, ${gendered(child.person.female, "son fils unique", "sa fille unique")}, recueille la totalité de la succession.`);
  } else {
    const shareHead = d.spouseUsufruct ? "Quote-part du surplus (en nue-propriété)" : "Quote-part du surplus";
    lines.push("", "### Dévolution du surplus (quotes-parts fixées par testament)", "", table(["Bénéficiaire", shareHead], d.residue.map((s) => [s.beneficiary, shareFr(s.num, s.den)])));
  }
  lines.push("", "## Bénéficiaires", "", beneficiaryTable(d, "estate"));
  if (level >= 3) lines.push("", priorGiftsSection(d, "estate"));
  return lines.join("\n");
}

function giftDossier(d: GiftDraft, level: Level): string {
  const f = d.subject.female;
  const name = nameOf(d.subject);
  const natureOf = (g: GiftDraft["gifts"][number]): string =>
    g.cash
      ? "somme d'argent, en pleine propriété"
      : g.reservedUsufruct
        ? `nue-propriété, ${gendered(f, "le donateur", "la donatrice")} se réservant l'usufruit`
        : "bien en pleine propriété";
  const rows = d.gifts.map((g) => [g.label, eurosFromCents(g.cents), natureOf(g), g.to.map((t) => `${t.beneficiary} : ${shareFr(t.num, t.den)}`).join(" ; ")]);
  const lines = [
    `## Dossier : donation ${deName(name)}`,
    "",
    `- ${gendered(f, "Donateur", "Donatrice")} : ${name}, ${gendered(f, "né", "née")} le ${dateFr(d.subject.birth)}.`,
    `- Date de l'acte de donation : ${dateFr(d.date)}.`,
    "",
    "### Biens donnés",
    "",
    table(["Bien", "Valeur en pleine propriété", "Nature", "Attribution"], rows),
    "",
    "## Donataires",
    "",
    beneficiaryTable(d, "gift"),
  ];
  if (level >= 3) lines.push("", priorGiftsSection(d, "gift"));
  return lines.join("\n");
}

/** The answer-format section: the `<droits>` block, with a fictitious example computed by the scale of the law the prompt states. */
function formatSection(ids: readonly string[], law: Law): string {
  const exampleTaxable = 149_270;
  const exampleTax = roundCents(scaleCents(law.scales.directLine, exampleTaxable));
  return [
    "## Format de la réponse",
    "",
    `Terminez votre réponse par un unique bloc <droits>…</droits> (la balise <droits> une seule fois dans toute la réponse, rien après le bloc) contenant un objet JSON : "beneficiaires" avec, pour ${ids.length === 1 ? "" : "chacun de "}${listFr(ids)} (ni plus ni moins), exactement les clés "part_taxable" et "droits", en euros entiers arrondis ; puis "total_droits", la somme des droits. Nombres entiers, sans espace ni symbole. Un bénéficiaire exonéré, ou dont la part est entièrement couverte par son abattement, figure avec 0 et 0. Exemple de forme (identifiants et montants fictifs) :`,
    `<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": ${exampleTaxable}, "droits": ${exampleTax}}}, "total_droits": ${exampleTax}}</droits>`,
  ].join("\n");
}

/**
 * What the introduction of a fictional task says of its law (levels 1-4): the amounts are not
 * those of any real year, and they prevail over what the reader knows of the real law.
 */
export const FICTIONAL_RULES_FR =
  "Appliquez uniquement les règles numérotées de cet énoncé : leurs montants, taux, âges et durées sont ceux d'une législation fictive propre à cet exercice, qui ne sont pas ceux du droit réellement en vigueur ; elles prévalent sur toute autre connaissance.";

/**
 * The prompt in three parts: what varies with the dossier (introduction and dossier), the rules of
 * the level (the same text for every task of a level and kind, under the real law), and the answer
 * format. With `fictional`, a task's own fictional law: the rules state it, and the introduction
 * says so instead of naming the year of the law.
 */
export function promptParts(d: Draft, level: Level, fictional: Law | null = null): PromptParts {
  const year = LAW_DATE.y;
  const apply = fictional === null ? `Appliquez uniquement les règles numérotées de cet énoncé (montants en vigueur en ${year}) : elles prévalent sur toute autre connaissance.` : FICTIONAL_RULES_FR;
  const intro =
    d.kind === "estate"
      ? `Vous êtes fiscaliste dans une étude notariale. Calculez, pour chaque bénéficiaire de la succession décrite ci-dessous, la part taxable et les droits de succession dus. ${apply}`
      : `Vous êtes fiscaliste dans une étude notariale. Calculez, pour chaque donataire de la donation décrite ci-dessous, la part taxable et les droits de donation dus. ${apply}`;
  const dossier = d.kind === "estate" ? estateDossier(d, level) : giftDossier(d, level);
  const law = fictional ?? promptLaw();
  const rules = fictional === null ? lawSection(LEVEL_SPEC[level].presentation, level, d.kind) : lawSection(LEVEL_SPEC[level].presentation, level, d.kind, fictional, true);
  return { dossier: `${intro}\n\n${dossier}`, rules, format: formatSection(d.beneficiaries.map((b) => b.id), law) };
}

export function joinPrompt(p: PromptParts): string {
  return `${p.dossier}\n\n${p.rules}\n\n${p.format}`;
}
