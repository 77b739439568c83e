/**
 * A test-only reader of the French prompt: it rebuilds the dossier (`info.dossier`, docs/dossier.md) from the prompt text
 * alone, the way a reader of the prompt would, without any code or data of the generator. Only
 * the dossier part of the prompt is read (everything before "## Règles"); the rules, their worked
 * examples and the answer format are left alone, since they hold no fact of the case.
 *
 * The reader is strict: a line, cell or heading it does not understand, a missing section, or two
 * statements of the prompt that disagree, throw a `PromptReadError` naming what is wrong, so a
 * prompt that lacks information (a generator bug) shows up as an error, never as a silent guess.
 */
import type { BeneficiaryInput, DossierInput, GiftInput, PriorGiftInput } from "@succ/engine";

export class PromptReadError extends Error {
  override name = "PromptReadError";
}

function fail(message: string): never {
  throw new PromptReadError(message);
}

// ---------------------------------------------------------------------------------------------
// French numbers, dates, fractions

/** Any space a French amount may use as thousands separator: space, no-break, narrow no-break. */
const SPACES = /[\s\u00a0\u202f\u2009]/g;

/**
 * A French amount in euros as an exact decimal string: "420 000 €" → "420000",
 * "61 067,08 €" → "61067.08", "1 234,5" → "1234.5". Thousands separated by a normal, no-break
 * or narrow no-break space (or not at all); decimal comma.
 */
export function parseAmount(text: string): string {
  const compact = text.replace(SPACES, "").replace(/€$/, "").replace(/euros?$/, "");
  const m = /^(\d+)(?:,(\d{1,2}))?$/.exec(compact);
  if (!m) fail(`not a French amount: ${JSON.stringify(text)}`);
  const whole = m[1]!.replace(/^0+(?=\d)/, "");
  return m[2] === undefined ? whole : `${whole}.${m[2]}`;
}

/** Every amount "… €" written in a piece of text, in order. */
export function amountsIn(text: string): string[] {
  const re = /(\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3})+|\d+)(?:,\d{1,2})?[ \u00a0\u202f\u2009]?€/g;
  return [...text.matchAll(re)].map((m) => parseAmount(m[0]));
}

const MONTHS: Record<string, number> = {
  janvier: 1,
  février: 2,
  fevrier: 2,
  mars: 3,
  avril: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  août: 8,
  aout: 8,
  septembre: 9,
  octobre: 10,
  novembre: 11,
  décembre: 12,
  decembre: 12,
};

/** A date inside a sentence, in either of the forms `parseDate` reads. */
const DATE_PATTERN = `(?:\\d{1,2}/\\d{1,2}/\\d{4}|\\d{1,2}(?:er)?[ \\u00a0](?:${Object.keys(MONTHS).join("|")})[ \\u00a0]\\d{4})`;

function isoDate(year: number, month: number, day: number, text: string): string {
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    fail(`impossible date: ${JSON.stringify(text)}`);
  }
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A French date as `YYYY-MM-DD`: "14/05/2026", "14 mai 2026", "1er août 2026". */
export function parseDate(text: string): string {
  const t = text.trim();
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]), text);
  m = /^(\d{1,2})(?:er)?[ \u00a0]([a-zéû]+)[ \u00a0](\d{4})$/i.exec(t);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    if (month === undefined) fail(`unknown month in ${JSON.stringify(text)}`);
    return isoDate(Number(m[3]), month, Number(m[1]), text);
  }
  fail(`not a date: ${JSON.stringify(text)}`);
}

/** A share or fraction as the dossier writes it: "1/4" → "1/4", "totalité" → "1". */
export function parseFraction(text: string): string {
  const t = text.trim().toLowerCase();
  if (t === "totalité" || t === "la totalité" || t === "100 %") return "1";
  if (t === "moitié" || t === "la moitié") return "1/2";
  const m = /^(\d+)\s*\/\s*(\d+)$/.exec(t);
  if (m) return m[1] === m[2] ? "1" : `${m[1]}/${m[2]}`;
  fail(`not a fraction: ${JSON.stringify(text)}`);
}

// ---------------------------------------------------------------------------------------------
// Relationships

export type Sex = "F" | "M";

export interface ReadRelationship {
  relationship: BeneficiaryInput["relationship"];
  /** The beneficiary's sex, as the word of the relationship says it ("fille", "neveu"…). */
  sex?: Sex;
  /** For a grandchild who comes in place of a predeceased child: that child's name… */
  represents?: string;
  /** … and sex ("son père … fils prédécédé"). */
  representedSex?: Sex;
  /** The deceased's sex, when the cell names the deceased ("fille prédécédée de la défunte"). */
  subjectSex?: Sex;
}

/** The sex a word gives, from its masculine and feminine forms; `undefined` for another word. */
export function sexOfWord(word: string, masculine: readonly string[], feminine: readonly string[]): Sex | undefined {
  if (masculine.includes(word)) return "M";
  if (feminine.includes(word)) return "F";
  return undefined;
}

/** Two words about one person that must agree: the sex they give, or an error naming both. */
export function agree(a: Sex | undefined, b: Sex | undefined, where: string): Sex | undefined {
  if (a !== undefined && b !== undefined && a !== b) fail(`the words of ${where} disagree on the person's sex`);
  return a ?? b;
}

/**
 * The "Lien" cell of the beneficiary table: "fils", "petite-fille, venant par représentation de sa
 * mère Anne Roux, fille prédécédée du défunt", "épouse (conjointe survivante)", "partenaire liée
 * par un PACS", "neveu", "sœur", "ami, sans lien de parenté"…
 */
export function parseRelationship(cell: string): ReadRelationship {
  const text = cell.trim().replace(/\s+/g, " ");
  const lower = text.toLowerCase();
  const head = lower.split(/[,(]/)[0]!.trim();
  const where = JSON.stringify(cell);

  let relationship: BeneficiaryInput["relationship"];
  let sex: Sex | undefined;
  let m: RegExpExecArray | null;
  if (/sans lien de parenté/.test(lower) || /^(ami|amie|tiers)$/.test(head)) {
    relationship = "unrelated";
    sex = sexOfWord(head, ["ami"], ["amie"]);
  } else if ((m = /^(époux|épouse|conjoint|conjointe)( survivante?)?$/.exec(head))) {
    relationship = "spouse";
    sex = agree(sexOfWord(m[1]!, ["époux", "conjoint"], ["épouse", "conjointe"]), m[2] ? sexOfWord(m[2].trim(), ["survivant"], ["survivante"]) : undefined, where);
    const inner = /\((conjointe?) (survivante?)\)/.exec(lower);
    if (inner) sex = agree(agree(sex, sexOfWord(inner[1]!, ["conjoint"], ["conjointe"]), where), sexOfWord(inner[2]!, ["survivant"], ["survivante"]), where);
  } else if (/^partenaire (de|d'un) pacs$/.test(head) || (m = /^partenaire (liée?) par un pacs$/.exec(head)) || (m = /^(pacsée?)$/.exec(head))) {
    relationship = "pacs";
    if (m) sex = sexOfWord(m[1]!, ["lié", "pacsé"], ["liée", "pacsée"]);
  } else if ((m = /^arrière-(petit-fils|petite-fille|petit-enfant)$/.exec(head))) {
    relationship = "greatgrandchild";
    sex = sexOfWord(m[1]!, ["petit-fils"], ["petite-fille"]);
  } else if ((m = /^(petit-fils|petite-fille|petit-enfant)$/.exec(head))) {
    relationship = "grandchild";
    sex = sexOfWord(m[1]!, ["petit-fils"], ["petite-fille"]);
  } else if (/^(fils|fille|enfant)$/.test(head)) {
    relationship = "child";
    sex = sexOfWord(head, ["fils"], ["fille"]);
  } else if (/^(frère|sœur|soeur)$/.test(head)) {
    relationship = "sibling";
    sex = sexOfWord(head, ["frère"], ["sœur", "soeur"]);
  } else if (/^(neveu|nièce)$/.test(head)) {
    relationship = "nephew";
    sex = sexOfWord(head, ["neveu"], ["nièce"]);
  } else fail(`unknown relationship: ${where}`);

  const out: ReadRelationship = { relationship };
  if (sex !== undefined) out.sex = sex;
  if (!/représentation/.test(lower)) return out;
  const r = /venant (?:à la succession )?par représentation de (son père|sa mère) (.+?), (fils prédécédé|fille prédécédée)(?: (du défunt|de la défunte))?$/i.exec(text);
  if (!r) fail(`representation without the represented child's name: ${where}`);
  if (relationship !== "grandchild") fail(`only a grandchild can represent a child here: ${where}`);
  out.represents = r[2]!.trim();
  const represented = agree(sexOfWord(r[1]!, ["son père"], ["sa mère"]), sexOfWord(r[3]!, ["fils prédécédé"], ["fille prédécédée"]), where);
  if (represented !== undefined) out.representedSex = represented;
  const subject = r[4] === undefined ? undefined : sexOfWord(r[4], ["du défunt"], ["de la défunte"]);
  if (subject !== undefined) out.subjectSex = subject;
  return out;
}

// ---------------------------------------------------------------------------------------------
// The prompt's layout: headed sections, bullet lines, Markdown tables

export interface Section {
  heading: string;
  lines: string[];
}

export interface Table {
  header: string[];
  rows: string[][];
}

export function cellsOf(line: string): string[] {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

export function tablesOf(section: Section): Table[] {
  const tables: Table[] = [];
  let current: Table | null = null;
  for (const line of section.lines) {
    if (!line.trim().startsWith("|")) {
      current = null;
      continue;
    }
    const cells = cellsOf(line);
    if (current === null) {
      current = { header: cells, rows: [] };
      tables.push(current);
    } else if (cells.every((c) => /^:?-{3,}:?$/.test(c))) {
      continue;
    } else {
      if (cells.length !== current.header.length) {
        fail(`table row of ${cells.length} cells under a header of ${current.header.length}: ${line}`);
      }
      current.rows.push(cells);
    }
  }
  return tables;
}

/** The one table of a section, with the index of each wanted column (found by its header). */
export function tableOf(section: Section, columns: Record<string, RegExp>): { rows: string[][]; col: Record<string, number> } {
  const tables = tablesOf(section);
  if (tables.length !== 1) fail(`section "${section.heading}": expected one table, found ${tables.length}`);
  const table = tables[0]!;
  const col: Record<string, number> = {};
  for (const [key, re] of Object.entries(columns)) {
    const found = table.header.map((h, i) => (re.test(h) ? i : -1)).filter((i) => i >= 0);
    if (found.length !== 1) {
      fail(`section "${section.heading}": column ${key} (${re}) found ${found.length} times in ${table.header.join(" | ")}`);
    }
    col[key] = found[0]!;
  }
  return { rows: table.rows, col };
}

/** The text of a section outside its tables, trimmed lines, empty ones dropped. */
export function proseOf(section: Section): string[] {
  return section.lines.map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("|"));
}

type SectionKind =
  | "dossier"
  | "assets"
  | "debts"
  | "funeral"
  | "bequests"
  | "residue"
  | "gifts"
  | "beneficiaries"
  | "prior";

function kindOfHeading(heading: string): SectionKind | "end" {
  const h = heading.toLowerCase();
  if (/^dossier\b/.test(h)) return "dossier";
  if (/^actif\b/.test(h)) return "assets";
  if (/^passif\b/.test(h)) return "debts";
  if (/frais funéraires/.test(h)) return "funeral";
  if (/^legs\b/.test(h)) return "bequests";
  if (/reliquat|surplus|^dévolution\b/.test(h)) return "residue";
  if (/^biens donnés/.test(h)) return "gifts";
  if (/^(bénéficiaires|donataires|héritiers)\b/.test(h)) return "beneficiaries";
  if (/^donations antérieures/.test(h)) return "prior";
  if (/^(règles|format)\b/.test(h)) return "end";
  fail(`unknown section heading: ${JSON.stringify(heading)}`);
}

function sectionsOf(prompt: string): Map<SectionKind, Section> {
  const sections = new Map<SectionKind, Section>();
  let current: Section | null = null;
  for (const line of prompt.split(/\r?\n/)) {
    const heading = /^#{2,3}\s+(.+?)\s*$/.exec(line);
    if (heading) {
      const kind = kindOfHeading(heading[1]!);
      if (kind === "end") break;
      if (sections.has(kind)) fail(`section "${heading[1]}" appears twice`);
      current = { heading: heading[1]!, lines: [] };
      sections.set(kind, current);
    } else if (current) {
      current.lines.push(line);
    }
  }
  return sections;
}

function need(sections: Map<SectionKind, Section>, kind: SectionKind): Section {
  const s = sections.get(kind);
  if (!s) fail(`the prompt has no ${kind} section`);
  return s;
}

const ID = /^B\d+$/;

/** "Fils prédécédé : Marc Roux, né le …, décédé le …, représenté par ses enfants B4 et B5." */
const PREDECEASED =
  /^(Fils prédécédé|Fille prédécédée|Enfant prédécédé) : (.+?), (née?) le .*?, (décédée?) le .*?, (représentée?) par (?:ses enfants|son enfant|ses petits-enfants) (.+?)\.?$/;

function beneficiaryId(cell: string, where: string): string {
  const id = cell.trim();
  if (!ID.test(id)) fail(`${where}: not a beneficiary id: ${JSON.stringify(cell)}`);
  return id;
}

/** A section that is either one table or one sentence saying there is nothing ("Aucune dette."). */
export function isEmptyStatement(section: Section): boolean {
  const prose = proseOf(section);
  return tablesOf(section).length === 0 && prose.length === 1 && /^aucun(e|s|es)?\b/i.test(prose[0]!);
}

/**
 * What the gendered words of the prompt say of each person's sex ("Défunte", "née", "fille",
 * "usufruitière"…), by person; two words that disagree about one person are an error.
 */
class SexOf {
  private readonly known = new Map<string, Sex>();

  claim(who: string, sex: Sex | undefined, where: string): void {
    if (sex === undefined) return;
    const had = this.known.get(who);
    if (had !== undefined && had !== sex) fail(`${where} makes ${who} ${sex === "F" ? "a woman" : "a man"}, other words of the prompt do not`);
    this.known.set(who, sex);
  }

  get(who: string): Sex | undefined {
    return this.known.get(who);
  }
}

const PERSON = "the deceased or donor";

// ---------------------------------------------------------------------------------------------
// The reader

/** The dossier (`info.dossier`, docs/dossier.md) that the prompt describes, read from its text alone. */
export function readPrompt(prompt: string): DossierInput {
  const sections = sectionsOf(prompt);
  const head = need(sections, "dossier");
  const sexes = new SexOf();
  const bullets = proseOf(head)
    .filter((l) => l.startsWith("- "))
    .map((l) => l.slice(2).trim());

  const title = /^dossier\s*:\s*(succession|donation)\b/i.exec(head.heading);
  if (!title) fail(`dossier heading names neither a succession nor a donation: ${head.heading}`);
  const kind = title[1]!.toLowerCase() === "succession" ? "estate" : "gift";

  // The deceased or the donor, and the date of the act.
  const personRe = new RegExp(
    `^(Défunte?|Donat(?:eur|rice))\\s*:\\s*(.+?), (née?) le (${DATE_PATTERN})(?:, (décédée?) le (${DATE_PATTERN}))?`,
  );
  const personLines = bullets.map((b) => personRe.exec(b)).filter((m) => m !== null);
  if (personLines.length !== 1) fail(`expected one line naming the deceased or donor, found ${personLines.length}`);
  const pm = personLines[0]!;
  if ((kind === "estate") !== pm[1]!.startsWith("Défunt")) fail(`"${pm[1]}" in a dossier of ${title[1]}`);
  const personWhere = "the line of the deceased or donor";
  sexes.claim(PERSON, sexOfWord(pm[1]!, ["Défunt", "Donateur"], ["Défunte", "Donatrice"]), personWhere);
  sexes.claim(PERSON, sexOfWord(pm[3]!, ["né"], ["née"]), personWhere);
  if (pm[5] !== undefined) sexes.claim(PERSON, sexOfWord(pm[5], ["décédé"], ["décédée"]), personWhere);

  let date: string;
  if (kind === "estate") {
    if (pm[6] === undefined) fail("the deceased's line gives no date of death");
    date = parseDate(pm[6]);
  } else {
    const acts = bullets
      .map((b) => new RegExp(`^Date de l'acte(?: de donation)?\\s*:\\s*(${DATE_PATTERN})`).exec(b))
      .filter((m) => m !== null);
    if (acts.length !== 1) fail(`expected one date of the deed, found ${acts.length}`);
    date = parseDate(acts[0]![1]!);
  }

  // Beneficiaries.
  const benSection = need(sections, "beneficiaries");
  const bt = tableOf(benSection, {
    id: /^ID$/i,
    name: /^Nom$/i,
    link: /^Lien\b/i,
    birth: /naissance/i,
    disabled: /^Handicap/i,
  });
  const linkHeader = tablesOf(benSection)[0]!.header[bt.col.link!]!;
  const linkOf = /^Lien avec (le défunt|la défunte|le donateur|la donatrice)$/i.exec(linkHeader);
  if (linkOf) sexes.claim(PERSON, sexOfWord(linkOf[1]!.toLowerCase(), ["le défunt", "le donateur"], ["la défunte", "la donatrice"]), "the header of the beneficiary table");
  const representedSex = new Map<string, Sex>();
  const beneficiaries: BeneficiaryInput[] = bt.rows.map((r) => {
    const id = beneficiaryId(r[bt.col.id!]!, "beneficiary table");
    const rel = parseRelationship(r[bt.col.link!]!);
    sexes.claim(id, rel.sex, `${id}'s relationship`);
    sexes.claim(PERSON, rel.subjectSex, `${id}'s relationship`);
    if (rel.represents !== undefined && rel.representedSex !== undefined) {
      const had = representedSex.get(rel.represents);
      if (had !== undefined && had !== rel.representedSex) fail(`the table disagrees on the sex of ${rel.represents}`);
      representedSex.set(rel.represents, rel.representedSex);
    }
    const disabledCell = r[bt.col.disabled!]!.toLowerCase();
    if (disabledCell !== "oui" && disabledCell !== "non") fail(`${id}: disability "${disabledCell}" is neither oui nor non`);
    const b: BeneficiaryInput = {
      id,
      name: r[bt.col.name!]!,
      relationship: rel.relationship,
      birthDate: parseDate(r[bt.col.birth!]!),
      disabled: disabledCell === "oui",
    };
    if (rel.represents !== undefined) b.represents = rel.represents;
    return b;
  });
  if (beneficiaries.length === 0) fail("no beneficiary");
  const ids = new Set(beneficiaries.map((b) => b.id));
  if (ids.size !== beneficiaries.length) fail("a beneficiary id appears twice");
  const known = (id: string, where: string): string => {
    if (!ids.has(id)) fail(`${where}: ${id} is not in the beneficiary table`);
    return id;
  };

  // The family situation: "veuve, un seul enfant", "marié à B1, trois enfants dont une prédécédée".
  const predeceasedSexes: Sex[] = [];
  for (const b of bullets) {
    const m = /^Situation familiale : (.+?)\.?$/.exec(b);
    if (!m) continue;
    const where = "the family situation";
    const status = /^(mariée?|liée? par un PACS|veuf|veuve|divorcée?|célibataire)(?=[ ,.]|$)/.exec(m[1]!);
    if (!status) fail(`family situation not understood: ${b}`);
    const word = status[1]!.split(" ")[0]!;
    sexes.claim(PERSON, sexOfWord(word, ["marié", "lié", "veuf", "divorcé"], ["mariée", "liée", "veuve", "divorcée"]), where);
    const dead = /dont (un prédécédé|une prédécédée)$/.exec(m[1]!);
    if (dead) predeceasedSexes.push(dead[1] === "une prédécédée" ? "F" : "M");
  }

  // Predeceased children: "Fils prédécédé : Marc Roux, né le …, décédé le …, représenté par ses
  // enfants B4 et B5." must agree with the table's "venant par représentation de …".
  const predeceased: string[] = [];
  for (const b of bullets) {
    const m = PREDECEASED.exec(b);
    if (!m) {
      if (/prédécéd/i.test(b) && !/^Situation familiale/.test(b)) fail(`unread line about a predeceased child: ${b}`);
      continue;
    }
    const name = m[2]!.trim();
    predeceased.push(name);
    const where = `the line of ${name}`;
    let sex = sexOfWord(m[1]!, ["Fils prédécédé"], ["Fille prédécédée"]);
    for (const [i, masc, fem] of [[3, "né", "née"], [4, "décédé", "décédée"], [5, "représenté", "représentée"]] as const) sex = agree(sex, sexOfWord(m[i]!, [masc], [fem]), where);
    sex = agree(sex, representedSex.get(name), `${where} and the beneficiary table`);
    if (predeceasedSexes.length > 0 && sex !== undefined && !predeceasedSexes.includes(sex)) fail(`the family situation and ${where} disagree on the sex of ${name}`);
    const reps = m[6]!.split(/\s*(?:,|\bet\b)\s*/).filter((x) => x !== "");
    for (const rep of reps) {
      const id = known(beneficiaryId(rep, "predeceased child's line"), "predeceased child's line");
      const ben = beneficiaries.find((x) => x.id === id)!;
      if (ben.represents !== undefined && ben.represents !== name) {
        fail(`${id} represents ${ben.represents} in the table but ${name} in the dossier's lines`);
      }
      if (ben.relationship !== "grandchild") fail(`${id} represents ${name} but is not a grandchild`);
      ben.represents = name;
    }
    const claimed = beneficiaries.filter((x) => x.represents === name).map((x) => x.id);
    if (claimed.length !== reps.length) {
      fail(`the representatives of ${name} differ between the dossier's lines (${reps.join(", ")}) and the table (${claimed.join(", ")})`);
    }
  }
  if (predeceasedSexes.length !== predeceased.length) fail(`the family situation counts ${predeceasedSexes.length} predeceased children, the dossier describes ${predeceased.length}`);

  // Earlier gifts from the same person: "donation ordinaire, enregistrée le 22/02/2010".
  const priorGifts: PriorGiftInput[] = [];
  const priorSection = sections.get("prior");
  if (priorSection) {
    const by = /consenties par (le défunt|la défunte|le donateur|la donatrice)$/i.exec(priorSection.heading);
    if (by) sexes.claim(PERSON, sexOfWord(by[1]!.toLowerCase(), ["le défunt", "le donateur"], ["la défunte", "la donatrice"]), "the heading of the earlier gifts");
  }
  if (priorSection && !isEmptyStatement(priorSection)) {
    const columns: Record<string, RegExp> = { who: /^Bénéficiaire|^Donataire/i, value: /^Valeur|^Montant/i, nature: /^Nature|^Donation/i };
    const dated = tablesOf(priorSection)[0]?.header.some((h) => /^Date\b/i.test(h)) ?? false;
    if (dated) columns.date = /^Date\b/i;
    const pt = tableOf(priorSection, columns);
    for (const r of pt.rows) {
      const cell = r[pt.col.nature!]!;
      const nature = cell.toLowerCase();
      const is790G = /790 ?g/.test(nature) && !/\bnon exonér|sans exonération/.test(nature);
      if (!is790G && !/ordinaire/.test(nature)) fail(`prior gift of unknown nature: ${nature}`);
      const registered = new RegExp(`enregistrée? le (${DATE_PATTERN})`).exec(cell);
      if (!dated && !registered) fail(`prior gift without a date: ${cell}`);
      const giftDate = dated ? parseDate(r[pt.col.date!]!) : parseDate(registered![1]!);
      if (dated && registered && parseDate(registered[1]!) !== giftDate) fail(`prior gift with two dates: ${cell}`);
      priorGifts.push({
        beneficiary: known(beneficiaryId(r[pt.col.who!]!, "prior gifts"), "prior gifts"),
        date: giftDate,
        value: parseAmount(r[pt.col.value!]!),
        cash790G: is790G,
      });
    }
  }

  /** The dossier's person and beneficiaries, each with the sex its words give. */
  const withSexes = () => {
    const sex = sexes.get(PERSON);
    const person = sex === undefined ? { name: pm[2]!.trim(), birthDate: parseDate(pm[4]!) } : { name: pm[2]!.trim(), birthDate: parseDate(pm[4]!), sex };
    const people = beneficiaries.map((b) => {
      const s = sexes.get(b.id);
      const { id, name, relationship, birthDate, disabled, represents } = b;
      return { id, name, relationship, birthDate, ...(s === undefined ? {} : { sex: s }), disabled, ...(represents === undefined ? {} : { represents }) };
    });
    return { kind, date, person, beneficiaries: people } as const;
  };

  if (kind === "gift") {
    const gs = tableOf(need(sections, "gifts"), {
      label: /^Bien/i,
      value: /^Valeur/i,
      nature: /^Nature/i,
      to: /^Attribution/i,
    });
    const gifts: GiftInput[] = gs.rows.map((r) => {
      const label = r[gs.col.label!]!;
      const nature = r[gs.col.nature!]!.toLowerCase();
      const cash = /somme d'argent|sommes d'argent|don manuel d'argent/.test(nature);
      const bare = /nue-propriété/.test(nature);
      if (bare && !/réserv\w* l'usufruit/.test(nature)) fail(`${label}: bare ownership without a reserved usufruct: ${nature}`);
      if (!bare && !/pleine propriété/.test(nature)) fail(`${label}: nature not understood: ${nature}`);
      const reserving = /(le donateur|la donatrice) se réservant/.exec(nature);
      if (reserving) sexes.claim(PERSON, sexOfWord(reserving[1]!, ["le donateur"], ["la donatrice"]), `the nature of ${label}`);
      const to = r[gs.col.to!]!
        .split(";")
        .map((x) => x.trim())
        .filter((x) => x !== "")
        .map((part) => {
          const m = /^(B\d+)\s*:\s*(.+)$/.exec(part);
          if (!m) fail(`${label}: attribution not understood: ${part}`);
          return { beneficiary: known(m[1]!, `${label}'s attribution`), fraction: parseFraction(m[2]!) };
        });
      if (to.length === 0) fail(`${label}: attributed to no one`);
      return { label, value: parseAmount(r[gs.col.value!]!), cash, reservedUsufruct: bare, to };
    });
    if (gifts.length === 0) fail("no donated asset");
    for (const k of ["assets", "debts", "funeral", "bequests", "residue"] as const) {
      if (sections.has(k)) fail(`a donation with a ${k} section`);
    }
    return { ...withSexes(), gifts, priorGifts };
  }

  // Estate: assets, debts, funeral costs, bequests, shares of the residue, spouse's usufruct.
  const at = tableOf(need(sections, "assets"), { label: /^Bien/i, value: /^Valeur/i });
  const assets = at.rows.map((r) => ({ label: r[at.col.label!]!, value: parseAmount(r[at.col.value!]!) }));

  const debtSection = need(sections, "debts");
  let debts: { label: string; value: string }[] = [];
  if (!isEmptyStatement(debtSection)) {
    const dt = tableOf(debtSection, { label: /^Dette|^Libellé/i, value: /^Montant|^Valeur/i });
    debts = dt.rows.map((r) => ({ label: r[dt.col.label!]!, value: parseAmount(r[dt.col.value!]!) }));
  }

  const funeralSection = need(sections, "funeral");
  let funeralCents = 0n;
  if (!isEmptyStatement(funeralSection)) {
    const prose = proseOf(funeralSection);
    if (tablesOf(funeralSection).length > 0) fail("funeral costs in a table: not expected");
    for (const line of prose) {
      const amounts = amountsIn(line);
      if (amounts.length !== 1) fail(`funeral costs: expected one amount in ${JSON.stringify(line)}, found ${amounts.length}`);
      funeralCents += toCents(amounts[0]!);
    }
    if (prose.length === 0) fail("funeral costs section without an amount");
  }

  // Level 1 prompts have no bequest section at all: no bequest.
  const bequestSection = sections.get("bequests");
  let bequests: { beneficiary: string; amount: string }[] = [];
  if (bequestSection && !isEmptyStatement(bequestSection)) {
    const lt = tableOf(bequestSection, { who: /^Légataire|^Bénéficiaire/i, amount: /^Montant/i });
    bequests = lt.rows.map((r) => ({
      beneficiary: known(beneficiaryId(r[lt.col.who!]!, "bequests"), "bequests"),
      amount: parseAmount(r[lt.col.amount!]!),
    }));
  }

  // The devolution: a table of shares of the surplus, or one heir who takes the whole estate
  // ("B1, son fils unique, recueille la totalité de la succession.").
  const residueSection = need(sections, "residue");
  let residue: { beneficiary: string; share: string }[];
  let sharesInBareOwnership = false;
  if (tablesOf(residueSection).length === 0) {
    const prose = proseOf(residueSection);
    const m = prose.length === 1 ? /^(B\d+), (?:(son fils|sa fille) unique, )?recueille la totalité de la succession\.$/.exec(prose[0]!) : null;
    if (!m) fail(`devolution not understood: ${prose.join(" ")}`);
    const heir = known(m[1]!, "devolution");
    if (m[2] !== undefined) sexes.claim(heir, m[2] === "sa fille" ? "F" : "M", "the devolution");
    residue = [{ beneficiary: heir, share: "1" }];
  } else {
    const rt = tableOf(residueSection, { who: /^Bénéficiaire|^Héritier/i, share: /^Quote-part/i });
    residue = rt.rows.map((r) => ({
      beneficiary: known(beneficiaryId(r[rt.col.who!]!, "residue"), "residue"),
      share: parseFraction(r[rt.col.share!]!),
    }));
    const shareHeader = tablesOf(residueSection)[0]!.header[rt.col.share!]!;
    sharesInBareOwnership = /nue-propriété/i.test(shareHeader);
  }

  // "La conjointe survivante B1 est usufruitière de la totalité du surplus ; …"
  const USUFRUCT = /^(Le conjoint survivant|La conjointe survivante) (B\d+) est (usufruitier|usufruitière) de la totalité du (?:surplus|reliquat)\b/;
  const usufructLines = bullets.map((b) => USUFRUCT.exec(b)).filter((m) => m !== null);
  if (usufructLines.length > 1) fail("more than one usufructuary of the residue");
  const unreadUsufruct = bullets.filter((b) => /usufruit/i.test(b) && !USUFRUCT.test(b));
  if (unreadUsufruct.length > 0) fail(`unread line about a usufruct: ${unreadUsufruct[0]}`);
  let spouseUsufruct: string | null = null;
  if (usufructLines.length === 1) {
    const u = usufructLines[0]!;
    spouseUsufruct = known(u[2]!, "usufruct of the residue");
    const where = "the line of the usufruct";
    sexes.claim(spouseUsufruct, agree(sexOfWord(u[1]!, ["Le conjoint survivant"], ["La conjointe survivante"]), sexOfWord(u[3]!, ["usufruitier"], ["usufruitière"]), where), where);
  }
  if (sharesInBareOwnership !== (spouseUsufruct !== null)) {
    fail(
      spouseUsufruct === null
        ? "the shares are said to be in bare ownership but no one is given the usufruct"
        : `${spouseUsufruct} has the usufruct but the shares are not said to be in bare ownership`,
    );
  }

  return {
    ...withSexes(),
    assets,
    debts,
    funeralCosts: fromCents(funeralCents),
    bequests,
    residue,
    spouseUsufruct,
    priorGifts,
  };
}

function toCents(amount: string): bigint {
  const [whole, frac = ""] = amount.split(".");
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, "0"));
}

function fromCents(cents: bigint): string {
  const frac = cents % 100n;
  return frac === 0n ? String(cents / 100n) : `${cents / 100n}.${String(frac).padStart(2, "0")}`;
}
