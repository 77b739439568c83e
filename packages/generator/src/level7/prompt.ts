import { deName, eurosFromCents } from "@succ/engine";
import { nameOf, listOf, type Beneficiary } from "../draft.js";
import { dateFr, gendered, listFr, shareFr } from "../french.js";
import { table } from "../prompt.js";
import type { Law } from "@succ/rules";
import { civilDecisionFr, type CivilDecision } from "./decisions.js";
import type { Level7Draft, Member, SpouseOption } from "./model.js";

/**
 * The prompt of level 7: the notary's whole file of an estate, in French (the civil status of the
 * family with the predeceased and the renouncing, the marriage and its contract, the donation au
 * dernier vivant and the spouse's written option, the will in its own words, the inventory with
 * what is propre and what is commun, the earlier deeds, the insurers' statements), then "the law
 * in force on the date" and the decisions of the project the task depends on, then the answer
 * format. Nothing states who inherits what, nor any amount of the answer.
 */

const f = (x: { female: boolean }, m: string, w: string): string => gendered(x.female, m, w);

function born(m: { person: { female: boolean }; birth: Member["birth"] }): string {
  return `${f(m.person, "né", "née")} le ${dateFr(m.birth)}`;
}

/** Who a member is: the id and name of a beneficiary, or the name alone. */
function who(m: Member): string {
  return m.status === "alive" ? `${m.id} (${nameOf(m.person)})` : nameOf(m.person);
}

function fate(d: Level7Draft, m: Member): string {
  if (m.status === "predeceased") return `${f(m.person, "décédé", "décédée")} le ${dateFr(m.on!)}, avant ${f(d.subject, "le défunt", "la défunte")}`;
  if (m.status === "renounced")
    return `${f(m.person, "vivant", "vivante")}, a renoncé à la succession par déclaration au greffe du tribunal judiciaire de ${d.town} le ${dateFr(m.on!)}`;
  return f(m.person, "vivant", "vivante");
}

const CHILD_WORD: Record<number, [string, string]> = { 0: ["fils", "fille"], 1: ["fils", "fille"] };

/** A member and, indented below, its descendants ("a pour enfants …", "n'a pas d'enfant"), added to `lines`. */
function memberLines(d: Level7Draft, m: Member, depth: number, what: string, lines: string[]): void {
  const pad = "  ".repeat(depth);
  lines.push(`${pad}- ${what} : ${who(m)}, ${born(m)}, ${fate(d, m)}.`);
  if (m.status !== "alive") {
    if (m.descendants.length === 0) lines.push(`${pad}  - ${f(m.person, "Il", "Elle")} n'a laissé aucun descendant.`);
    else {
      lines.push(`${pad}  - ${f(m.person, "Ses", "Ses")} enfants (${m.descendants.length === 1 ? "un seul" : `${m.descendants.length} en tout`}) :`);
      for (const x of m.descendants) memberLines(d, x, depth + 2, f(x.person, ...(CHILD_WORD[0] as [string, string])), lines);
    }
  }
}

function childWhat(d: Level7Draft, m: Member): string {
  const base = f(m.person, "fils", "fille");
  if (!d.spouse) return base;
  if (m.common) return `${base} ${f(d.subject, "du défunt", "de la défunte")} et de ${d.spouse.id}`;
  return `${base} ${f(d.subject, "du défunt", "de la défunte")}, ${f(m.person, "issu", "issue")} de sa précédente union avec ${m.otherParent} (${f(m.person, "il", "elle")} n'est pas ${f(m.person, "l'enfant", "l'enfant")} de ${d.spouse.id})`;
}

const BLOOD_FR = {
  germain: ["frère germain (même père et même mère)", "sœur germaine (même père et même mère)"],
  consanguin: ["demi-frère consanguin (même père, mère différente)", "demi-sœur consanguine (même père, mère différente)"],
  uterin: ["demi-frère utérin (même mère, père différent)", "demi-sœur utérine (même mère, père différent)"],
} as const;

function parentLine(d: Level7Draft, m: Member, father: boolean): string {
  const word = father ? "Père" : "Mère";
  if (m.status === "alive") return `- ${word} : ${who(m)}, ${born(m)}, ${f(m.person, "vivant", "vivante")}.`;
  return `- ${word} : ${nameOf(m.person)}, ${born(m)}, ${f(m.person, "décédé", "décédée")} le ${dateFr(m.on!)}.`;
}

/** The deceased's marital situation without a surviving spouse, gendered. */
function situationFr(situation: Level7Draft["situation"], s: { female: boolean }): string {
  switch (situation) {
    case "married":
      return "";
    case "widowed":
      return f(s, "veuf", "veuve");
    case "divorced":
      return f(s, "divorcé", "divorcée");
    case "single":
    case "pacs":
      return "célibataire";
  }
}

function familySection(d: Level7Draft): string {
  const s = d.subject;
  const lines = ["### État civil de la famille (actes de l'état civil et acte de notoriété)", ""];
  if (d.spouse) {
    const m = d.marriage!;
    lines.push(`- Conjoint survivant : ${d.spouse.id} (${nameOf(d.spouse.person)}), ${born(d.spouse)}, ${f(d.spouse.person, "marié", "mariée")} ${f(s, "au défunt", "à la défunte")} le ${dateFr(m.date)} à ${m.town} ; les époux n'étaient ni divorcés ni séparés de corps.`);
  } else {
    const sit = situationFr(d.situation, s);
    lines.push(`- Situation matrimoniale : ${sit}, sans conjoint survivant.`);
    if (d.partner) lines.push(`- ${f(s, "Il", "Elle")} était ${f(s, "lié", "liée")} par un pacte civil de solidarité à ${d.partner.id} (${nameOf(d.partner.person)}), ${born(d.partner)}.`);
  }
  if (d.children.length === 0) lines.push(`- Descendants : ${f(s, "le défunt", "la défunte")} n'a jamais eu d'enfant.`);
  else {
    lines.push(`- Enfants ${f(s, "du défunt", "de la défunte")} (${d.children.length === 1 ? "un seul enfant" : `${d.children.length} en tout`}) :`);
    for (const m of d.children) memberLines(d, m, 1, childWhat(d, m), lines);
  }
  lines.push(parentLine(d, d.father, true), parentLine(d, d.mother, false));
  if (d.siblings.length === 0) lines.push(`- Frères et sœurs : ${f(s, "le défunt", "la défunte")} n'avait ni frère ni sœur, ni demi-frère ni demi-sœur.`);
  else {
    lines.push(`- Frères et sœurs (${d.siblings.length === 1 ? "un seul" : `${d.siblings.length} en tout`}) :`);
    for (const m of d.siblings) memberLines(d, m, 1, BLOOD_FR[m.blood!][m.person.female ? 1 : 0], lines);
  }
  if (d.variant === "branches") {
    const rel = [...d.ascendants, ...d.collaterals];
    lines.push("- Autres parents (recherches généalogiques) :");
    for (const m of rel) lines.push(`  - ${d.outsiders.get(m.id)} : ${who(m)}, ${born(m)}, ${f(m.person, "vivant", "vivante")}.`);
    lines.push(
      `- Les recherches n'ont révélé aucun autre parent au degré successible : ${d.ascendants.length === 0 ? "aucun ascendant vivant (les grands-parents et leurs ascendants sont tous décédés)" : "aucun autre ascendant vivant"}${d.collaterals.length === 0 ? "" : ", et aucun autre oncle, tante ou cousin que ceux nommés ci-dessus"}.`,
    );
  }
  lines.push("- Chaque personne vivante citée ci-dessus a accepté la succession, sauf renonciation indiquée.");
  return lines.join("\n");
}

const REGIME_FR = {
  communaute_legale: "communauté réduite aux acquêts",
  separation_de_biens: "séparation de biens",
  communaute_universelle: "communauté universelle",
} as const;

const OPTION_FR: Record<SpouseOption, string> = {
  legal_usufruct: "l'usufruit de la totalité des biens existants (art. 757 du Code civil)",
  legal_quarter: "la propriété du quart des biens (art. 757 du Code civil)",
  ddv_disposable: "en vertu de la donation entre époux, la pleine propriété de la quotité disponible ordinaire",
  ddv_quarter_usufruct: "en vertu de la donation entre époux, un quart en pleine propriété et les trois quarts en usufruit",
  ddv_usufruct: "en vertu de la donation entre époux, l'usufruit de la totalité des biens",
};

function marriageSection(d: Level7Draft): string | null {
  const m = d.marriage;
  if (!m || !d.spouse) return null;
  const sp = d.spouse;
  const lines = ["### Régime matrimonial, donation entre époux et option du conjoint", ""];
  if (m.contract === null) lines.push(`- Mariage célébré sans contrat préalable : régime légal de la communauté réduite aux acquêts.`);
  else {
    const clause = m.attributionIntegrale ? ", avec une clause d'attribution intégrale de la communauté à l'époux survivant" : "";
    lines.push(`- Contrat de mariage reçu le ${dateFr(m.contract.date)} par ${m.contract.notary} : régime de la ${REGIME_FR[m.regime]}${m.regime === "communaute_universelle" ? " (tous les biens meubles et immeubles, présents et à venir, sauf ceux que l'article 1404 du Code civil déclare propres par leur nature)" : ""}${clause}. Aucun changement de régime depuis.`);
  }
  if (m.recompense) {
    const to = m.recompense.to === "deceased" ? `à la succession (récompense due ${f(d.subject, "au défunt", "à la défunte")})` : `à ${sp.id} (récompense due à l'époux survivant)`;
    lines.push(`- Compte de récompenses établi par l'étude : solde net de ${eurosFromCents(m.recompense.cents)} dû par la communauté ${to} ; cause : ${m.recompense.why}.`);
  } else if (m.regime !== "separation_de_biens" && !m.attributionIntegrale) lines.push("- Compte de récompenses : aucune récompense n'est due, ni à la communauté ni par elle.");
  if (m.ddv) lines.push(`- Donation entre époux (« au dernier vivant ») reçue le ${dateFr(m.ddv.date)} par ${m.ddv.notary} : ${f(d.subject, "le défunt", "la défunte")} a donné à ${sp.id}, pour le cas où ${f(sp.person, "il", "elle")} lui survivrait, la plus forte quotité disponible entre époux permise par l'article 1094-1 du Code civil, au choix du donataire.`);
  else lines.push("- Aucune donation entre époux.");
  if (m.option) lines.push(`- Option du conjoint : par déclaration écrite du ${dateFr(m.optionOn!)} remise à l'étude, ${sp.id} a opté pour ${OPTION_FR[m.option]}.`);
  return lines.join("\n");
}

function willSection(d: Level7Draft): string {
  const w = d.will;
  const lines = ["### Dispositions de dernières volontés", ""];
  if (!w) {
    lines.push("Aucun testament : l'interrogation du fichier central des dispositions de dernières volontés est revenue négative.");
    return lines.join("\n");
  }
  const s = d.subject;
  const name = (id: string): string => {
    const b = d.beneficiaries.find((x) => x.id === id)!;
    return `${nameOf(b.person)} (${id})`;
  };
  const clauses: string[] = [];
  if (w.universalLegatee) clauses.push(`J'institue pour légataire universel${d.beneficiaries.find((x) => x.id === w.universalLegatee)!.person.female ? "le" : ""} ${name(w.universalLegatee)}.`);
  for (const x of w.fractional) clauses.push(`Je lègue à ${name(x.beneficiary)} ${fractionWords(x.num, x.den)} de tous mes biens.`);
  if (w.disposableShareTo) clauses.push(`Je lègue à ${name(w.disposableShareTo)} la quotité disponible de ma succession.`);
  if (w.spouseLargestDisposable) clauses.push(`Je lègue à ${name(d.spouse!.id)} la plus forte quotité disponible entre époux.`);
  for (const q of w.bequests) clauses.push(`Je lègue à ${name(q.beneficiary)} la somme de ${eurosFromCents(q.cents)}.`);
  lines.push(
    `Testament olographe du ${dateFr(w.deed.date)}, déposé au rang des minutes de ${w.deed.notary} ; il n'a été ni révoqué ni modifié. Texte :`,
    "",
    `> « Ceci est mon testament. Je ${f(s, "soussigné", "soussignée")}, ${nameOf(s)}, ${born({ person: s, birth: s.birth })}, dispose ainsi de mes biens pour le temps où je ne serai plus. ${clauses.join(" ")} Telles sont mes dernières volontés. »`,
  );
  return lines.join("\n");
}

const FRACTION_WORDS: Record<string, string> = {
  "1/2": "la moitié",
  "1/3": "le tiers",
  "2/3": "les deux tiers",
  "1/4": "le quart",
  "3/4": "les trois quarts",
  "1/5": "le cinquième",
  "1/10": "le dixième",
  "3/10": "les trois dixièmes",
  "9/10": "les neuf dixièmes",
};

function fractionWords(num: number, den: number): string {
  return FRACTION_WORDS[`${num}/${den}`] ?? `${num}/${den}`;
}

function ownershipCell(d: Level7Draft, o: "own" | "common", receivedNote = false): string {
  if (!d.marriage) return "bien personnel";
  if (d.marriage.regime === "separation_de_biens") return receivedNote ? "bien personnel (reçu de sa famille)" : "bien personnel";
  return o === "common" ? "bien commun" : receivedNote ? "bien propre (reçu de sa famille)" : "bien propre";
}

function inventorySection(d: Level7Draft): string {
  const s = d.subject;
  const lines = [`### Inventaire ${f(s, "du défunt", "de la défunte")} (valeurs au jour du décès, biens entiers)`, ""];
  lines.push(table(["Bien", "Valeur", "Qualification"], listOf(d.assets, (a) => [a.label, eurosFromCents(a.cents), ownershipCell(d, a.ownership, a.receivedFrom !== undefined)])));
  lines.push("", "Passif :", "", d.debts.length === 0 ? "Aucune dette." : table(["Dette", "Montant", "Qualification"], listOf(d.debts, (x) => [x.label, eurosFromCents(x.cents), x.ownership === "common" && d.marriage?.regime !== "separation_de_biens" ? "dette commune" : "dette personnelle"])));
  lines.push("", `Frais funéraires (facture des pompes funèbres) : ${eurosFromCents(d.funeralCents)}. Aucun meuble meublant à déclarer.`);
  return lines.join("\n");
}

function giftsSection(d: Level7Draft): string {
  const s = d.subject;
  const title = `### Donations consenties par ${f(s, "le défunt", "la défunte")} (copies des actes)`;
  if (d.gifts.length === 0) return `${title}\n\n${f(s, "Le défunt", "La défunte")} n'a consenti aucune donation de son vivant.`;
  const rows = listOf(d.gifts, (g) => [
    g.beneficiary,
    `${dateFr(g.date)}, ${g.notary}`,
    g.label,
    eurosFromCents(g.cents),
    g.atDeathCents === g.cents ? "même valeur" : eurosFromCents(g.atDeathCents),
    "hors part successorale (dispense de rapport)",
    eurosFromCents(g.allowanceUsed),
  ]);
  return [
    title,
    "",
    table(["Donataire", "Acte", "Bien donné", "Valeur à la donation", "Valeur au décès (état au jour de la donation)", "Clause", "Abattement personnel appliqué dans l'acte"], rows),
    "",
    `Aucune autre donation, à qui que ce soit.`,
  ].join("\n");
}

function insuranceSection(d: Level7Draft, law: Law): string {
  const age = law.lifeInsurance.insuredAgeLimit;
  const s = d.subject;
  const title = `### Assurance-vie (relevés des assureurs, sur la tête ${f(s, "du défunt", "de la défunte")})`;
  if (d.contracts.length === 0) return `${title}\n\nAucun contrat d'assurance-vie.`;
  return [
    title,
    "",
    table(
      ["Contrat", "Assureur", "Souscrit le", "Bénéficiaires désignés", `Capitaux dus au titre des primes versées avant ${age} ans`, `Primes versées après ${age} ans`],
      listOf(d.contracts, (c) => [c.label, c.insurer, dateFr(c.subscribedOn), listOf(c.to, (t) => `${t.beneficiary} : ${shareFr(t.num, t.den)}`).join(" ; "), eurosFromCents(c.before70), "néant"]),
    ),
  ].join("\n");
}

/** The relationship cell of a beneficiary: where the person stands in the family. */
function linkCell(d: Level7Draft, b: Beneficiary): string {
  const out = d.outsiders.get(b.id);
  if (out) return b.person.female ? feminine(out) : out;
  const s = d.subject;
  switch (b.relationship as string) {
    case "spouse":
      return f(b.person, "époux (conjoint survivant)", "épouse (conjointe survivante)");
    case "pacs":
      return f(b.person, "partenaire de PACS", "partenaire de PACS");
    case "child":
      return f(b.person, "fils", "fille");
    case "grandchild":
      return f(b.person, "petit-fils", "petite-fille");
    case "greatgrandchild":
      return f(b.person, "arrière-petit-fils", "arrière-petite-fille");
    case "parent":
      return f(b.person, "père", "mère");
    case "sibling":
      return f(b.person, "frère", "sœur");
    case "nephew":
      return f(b.person, "neveu", "nièce");
    default:
      return `${b.relationship} ${f(s, "", "")}`.trim();
  }
}

function feminine(word: string): string {
  return word.replace(/^ami\b/, "amie").replace(/^filleul\b/, "filleule");
}

function beneficiarySection(d: Level7Draft): string {
  const s = d.subject;
  return [
    "### Personnes intéressées (identifiants à utiliser dans la réponse)",
    "",
    table(["ID", "Nom", `Lien avec ${f(s, "le défunt", "la défunte")}`, "Date de naissance"], listOf(d.beneficiaries, (b) => [b.id, nameOf(b.person), linkCell(d, b), dateFr(b.birth)])),
  ].join("\n");
}

/**
 * The answer format by the beneficiaries' ids and those of art. 990 I: a few lists (B1, B2, …)
 * make most tasks' formats, kept as the same strings, whose numbers the leak guard then finds in
 * its cache without hashing a new text.
 */
const formats = new Map<string, string>();

function formatSection(d: Level7Draft, levyIds: readonly string[]): string {
  const key = `${listOf(d.beneficiaries, (b) => b.id).join(",")};${levyIds.join(",")}`;
  let text = formats.get(key);
  if (text === undefined) {
    if (formats.size >= 256) formats.clear();
    formats.set(key, (text = formatText(d, levyIds)));
  }
  return text;
}

function formatText(d: Level7Draft, levyIds: readonly string[]): string {
  const ids = listOf(d.beneficiaries, (b) => b.id);
  const levy =
    levyIds.length === 0
      ? ""
      : ` ; pour ${listFr(levyIds)}, ${levyIds.length === 1 ? "qui reçoit" : "qui reçoivent"} des capitaux d'assurance-vie relevant de l'art. 990 I du CGI, une troisième clé "prelevement_990I" : le prélèvement dû à ce titre (0 s'il n'en doit aucun)`;
  return [
    "## Format de la réponse",
    "",
    `Terminez votre réponse par un unique bloc <droits>…</droits> (la balise <droits> une seule fois dans toute la réponse, rien après le bloc) contenant un objet JSON : "beneficiaires" avec, pour chacun de ${listFr(ids)} (ni plus ni moins, y compris ceux que la loi écarte de la succession), les clés "part_taxable" (la part taxable aux droits de succession, arrondie à l'euro le plus proche) et "droits" (les droits calculés sur cette part arrondie, arrondis à l'euro le plus proche ; 0,50 € exactement s'arrondit à l'euro supérieur)${levy} ; puis "total_droits", la somme des droits${levyIds.length === 0 ? "" : " (sans les prélèvements de l'art. 990 I)"}. Nombres entiers, sans espace ni symbole. Un bénéficiaire exonéré, écarté par la loi, ou dont la part est entièrement couverte par ses abattements, figure avec 0 et 0. Exemple de forme (identifiants et montants fictifs) :`,
    `<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": 84000, "droits": 15000}}, "total_droits": 15000}</droits>`,
  ].join("\n");
}

/** The law as every level-7 prompt states it (no number: the leak guard reads it once). */
const LAW_STATED = ["## Règle à appliquer", "", "Appliquez le droit civil et la législation fiscale française en vigueur à la date du décès."].join("\n");

/** The file's text: the notary's whole file, from the deceased to the persons concerned. */
function fileText(d: Level7Draft, law: Law): string {
  const s = d.subject;
  const intro = [
    "Vous êtes notaire. Voici le dossier complet d'une succession tel que l'étude l'a réuni : état civil de la famille, régime matrimonial et option du conjoint, testament, inventaire des biens propres et communs, donations antérieures, relevés des assureurs.",
    "Liquidez d'abord le régime matrimonial s'il y a lieu, déterminez la dévolution (héritiers, réserve et quotité disponible, droits du conjoint, legs), puis calculez, pour chaque personne intéressée, la part taxable et les droits de succession dus.",
  ].join(" ");
  const head = [
    `## Dossier : succession ${deName(nameOf(s))}`,
    "",
    `- ${f(s, "Défunt", "Défunte")} : ${nameOf(s)}, ${born({ person: s, birth: s.birth })}, ${f(s, "décédé", "décédée")} le ${dateFr(d.date)}, ${f(s, "domicilié", "domiciliée")} à ${d.town}.`,
  ].join("\n");
  const parts = [intro, head, familySection(d), marriageSection(d), willSection(d), inventorySection(d), giftsSection(d), insuranceSection(d, law), beneficiarySection(d)].filter((x): x is string => x !== null);
  return parts.join("\n\n");
}

/**
 * The prompt's parts, the file's text (`dossier`) written when first read: the leak guard reads
 * it only when the file may show an expected amount ({@link fileMayShow}), and the gold rebuild
 * of a task (taskGold) never joins the prompt, so that most rebuilds never write it. One class:
 * one hidden class, with decisions or without.
 */
class Level7Parts {
  private file: { d: Level7Draft; law: Law } | null;
  private text = "";
  constructor(
    d: Level7Draft,
    lifeLaw: Law,
    readonly rules: string,
    readonly format: string,
    readonly law: string,
    readonly decisions: string | undefined,
  ) {
    this.file = { d, law: lifeLaw };
  }

  get dossier(): string {
    const file = this.file;
    if (file !== null) {
      this.text = fileText(file.d, file.law);
      // The draft is no longer needed (a task keeps its parts).
      this.file = null;
    }
    return this.text;
  }
}

/**
 * The prompt in three parts: the file, the law and the decisions (`rules`; also apart, as `law`
 * and `decisions`, so that the leak guard reads the law's text once), the answer format. The
 * file's text is written when first read.
 */
export function level7PromptParts(d: Level7Draft, law: Law, decisions: readonly CivilDecision[], levyIds: readonly string[]): { readonly dossier: string; rules: string; format: string; law: string; decisions?: string } {
  const format = formatSection(d, levyIds);
  if (decisions.length === 0) return new Level7Parts(d, law, LAW_STATED, format, LAW_STATED, undefined);
  const stated = ["Là où les textes ne tranchent pas, l'étude retient pour ce dossier :", "", ...listOf(decisions, (x) => `- ${civilDecisionFr(x, law)}`)].join("\n");
  return new Level7Parts(d, law, `${LAW_STATED}\n\n${stated}`, format, LAW_STATED, stated);
}

/** The articles of the Code civil the file's text cites (757, 1094-1, 1404): its only numbers besides the file's own. */
const FILE_ARTICLES: ReadonlySet<number> = new Set([757, 1094, 1404]);

/**
 * Whether the file's text may show one of `targets` (whole numbers) as the leak guard reads
 * numbers (numbersIn of guards.ts), decided without writing it: every number of the text is
 * below 100 (a day, a month, an id, a count, an age, a fraction, the cents of an amount), a year
 * from 1800 to 2200 (the dates, the years in the inventory's labels), an article it cites, or
 * one that an amount shows in euros (each written between non-digits, so its digit groups join
 * only among themselves). A superset: true may be wrong, false never is (a test checks it on
 * drawn files); the guard writes and reads the text when true.
 */
export function fileMayShow(d: Level7Draft, targets: ReadonlySet<number>): boolean {
  for (const x of targets) if (x < 100 || (x >= 1800 && x <= 2200) || FILE_ARTICLES.has(x)) return true;
  for (const a of d.assets) if (amountShows(a.cents, targets)) return true;
  for (const x of d.debts) if (amountShows(x.cents, targets)) return true;
  if (amountShows(d.funeralCents, targets)) return true;
  for (const g of d.gifts) if (amountShows(g.cents, targets) || amountShows(g.atDeathCents, targets) || amountShows(g.allowanceUsed, targets)) return true;
  for (const c of d.contracts) if (amountShows(c.before70, targets)) return true;
  const r = d.marriage?.recompense;
  if (r != null && amountShows(r.cents, targets)) return true;
  if (d.will !== null) for (const q of d.will.bequests) if (amountShows(q.cents, targets)) return true;
  return false;
}

/** 10^k for the digit counts of a group (1 to 3). */
const GROUP_SCALE = [1, 10, 100, 1000] as const;

/**
 * Whether `eurosFromCents(cents)` shows one of `targets`: its digit groups (the euros by
 * thousands, then the cents unless zero), each alone and joined with those after it, as
 * numbersIn reads `12 345,60` (12, 345, 60, 12345, 34560, 1234560).
 */
function amountShows(cents: number, targets: ReadonlySet<number>): boolean {
  const rest = cents % 100;
  let euros = (cents - rest) / 100;
  // The groups from the last: [value, digits], at most 6 for a safe whole number of cents.
  const values: number[] = [];
  const digits: number[] = [];
  if (rest !== 0) {
    values.push(rest);
    digits.push(2);
  }
  while (euros >= 1000) {
    values.push(euros % 1000);
    digits.push(3);
    euros = Math.floor(euros / 1000);
  }
  values.push(euros);
  digits.push(euros >= 100 ? 3 : euros >= 10 ? 2 : 1);
  for (let a = values.length - 1; a >= 0; a--) {
    let joined = 0;
    for (let b = a; b >= 0; b--) {
      joined = joined * GROUP_SCALE[digits[b]!]! + values[b]!;
      if (targets.has(joined)) return true;
    }
  }
  return false;
}
