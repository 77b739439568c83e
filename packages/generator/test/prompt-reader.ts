/**
 * A test-only reader of the French prompt: it rebuilds the dossier (spec §1) from the prompt text
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

export interface ReadRelationship {
  relationship: BeneficiaryInput["relationship"];
  /** For a grandchild who comes in place of a predeceased child: that child's name. */
  represents?: string;
}

/**
 * The "Lien" cell of the beneficiary table: "fils", "petite-fille, venant en représentation de sa
 * mère Anne Roux, fille prédécédée du défunt", "épouse (conjointe survivante)", "partenaire de
 * PACS (lié par un PACS)", "neveu", "sœur", "ami, sans lien de parenté"…
 */
export function parseRelationship(cell: string): ReadRelationship {
  const text = cell.trim().replace(/\s+/g, " ");
  const lower = text.toLowerCase();
  const head = lower.split(/[,(]/)[0]!.trim();

  let relationship: BeneficiaryInput["relationship"];
  if (/sans lien de parenté/.test(lower) || /^(ami|amie|tiers)$/.test(head)) relationship = "unrelated";
  else if (/^(époux|épouse|conjoint|conjointe)( survivante?)?$/.test(head)) relationship = "spouse";
  else if (/^partenaire (de|d'un) pacs$/.test(head) || /^partenaire liée? par un pacs$/.test(head) || /^(pacsé|pacsée)$/.test(head)) relationship = "pacs";
  else if (/^arrière-petite?-(fils|fille|enfant)$/.test(head)) relationship = "greatgrandchild";
  else if (/^petite?-(fils|fille|enfant)$/.test(head)) relationship = "grandchild";
  else if (/^(fils|fille|enfant)$/.test(head)) relationship = "child";
  else if (/^(frère|sœur|soeur)$/.test(head)) relationship = "sibling";
  else if (/^(neveu|nièce)$/.test(head)) relationship = "nephew";
  else fail(`unknown relationship: ${JSON.stringify(cell)}`);

  if (!/représentation/.test(lower)) return { relationship };
  const m = /en représentation de (?:son père|sa mère|son parent|son fils|sa fille) (.+?), (?:fils|fille|enfant) prédécédée?(?=[\s,.]|$)/i.exec(
    text,
  );
  if (!m) fail(`representation without the represented child's name: ${JSON.stringify(cell)}`);
  if (relationship !== "grandchild") fail(`only a grandchild can represent a child here: ${JSON.stringify(cell)}`);
  return { relationship, represents: m[1]!.trim() };
}

// ---------------------------------------------------------------------------------------------
// The prompt's layout: headed sections, bullet lines, Markdown tables

interface Section {
  heading: string;
  lines: string[];
}

interface Table {
  header: string[];
  rows: string[][];
}

function cellsOf(line: string): string[] {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

function tablesOf(section: Section): Table[] {
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
function tableOf(section: Section, columns: Record<string, RegExp>): { rows: string[][]; col: Record<string, number> } {
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
function proseOf(section: Section): string[] {
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
  if (/reliquat/.test(h)) return "residue";
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
  /^(?:Fils|Fille|Enfant) prédécédée? : (.+?), née? le .*?représentée? par (?:ses enfants|son enfant|ses petits-enfants) (.+?)\.?$/;

function beneficiaryId(cell: string, where: string): string {
  const id = cell.trim();
  if (!ID.test(id)) fail(`${where}: not a beneficiary id: ${JSON.stringify(cell)}`);
  return id;
}

/** A section that is either one table or one sentence saying there is nothing ("Aucune dette."). */
function isEmptyStatement(section: Section): boolean {
  const prose = proseOf(section);
  return tablesOf(section).length === 0 && prose.length === 1 && /^aucun(e|s|es)?\b/i.test(prose[0]!);
}

// ---------------------------------------------------------------------------------------------
// The reader

/** The dossier (spec §1) that the prompt describes, read from its text alone. */
export function readPrompt(prompt: string): DossierInput {
  const sections = sectionsOf(prompt);
  const head = need(sections, "dossier");
  const bullets = proseOf(head)
    .filter((l) => l.startsWith("- "))
    .map((l) => l.slice(2).trim());

  const title = /^dossier\s*:\s*(succession|donation)\b/i.exec(head.heading);
  if (!title) fail(`dossier heading names neither a succession nor a donation: ${head.heading}`);
  const kind = title[1]!.toLowerCase() === "succession" ? "estate" : "gift";

  // The deceased or the donor, and the date of the act.
  const personRe = new RegExp(
    `^(Défunte?|Donat(?:eur|rice))\\s*:\\s*(.+?), née? le (${DATE_PATTERN})(?:, décédée? le (${DATE_PATTERN}))?`,
  );
  const personLines = bullets.map((b) => personRe.exec(b)).filter((m) => m !== null);
  if (personLines.length !== 1) fail(`expected one line naming the deceased or donor, found ${personLines.length}`);
  const pm = personLines[0]!;
  if ((kind === "estate") !== pm[1]!.startsWith("Défunt")) fail(`"${pm[1]}" in a dossier of ${title[1]}`);
  const person = { name: pm[2]!.trim(), birthDate: parseDate(pm[3]!) };

  let date: string;
  if (kind === "estate") {
    if (pm[4] === undefined) fail("the deceased's line gives no date of death");
    date = parseDate(pm[4]);
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
  const beneficiaries: BeneficiaryInput[] = bt.rows.map((r) => {
    const id = beneficiaryId(r[bt.col.id!]!, "beneficiary table");
    const rel = parseRelationship(r[bt.col.link!]!);
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

  // Predeceased children: "Fils prédécédé : Marc Roux, né le …, décédé le …, représenté par ses
  // enfants B4 et B5." must agree with the table's "venant en représentation de …".
  for (const b of bullets) {
    const m = PREDECEASED.exec(b);
    if (!m) {
      if (/prédécéd/i.test(b) && !/^Situation familiale/.test(b)) fail(`unread line about a predeceased child: ${b}`);
      continue;
    }
    const name = m[1]!.trim();
    const reps = m[2]!.split(/\s*(?:,|\bet\b)\s*/).filter((s) => s !== "");
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

  // Earlier gifts from the same person.
  const priorGifts: PriorGiftInput[] = [];
  const priorSection = sections.get("prior");
  if (priorSection && !isEmptyStatement(priorSection)) {
    const pt = tableOf(priorSection, {
      who: /^Bénéficiaire|^Donataire/i,
      date: /^Date/i,
      value: /^Valeur|^Montant/i,
      nature: /^Nature/i,
    });
    for (const r of pt.rows) {
      const nature = r[pt.col.nature!]!.toLowerCase();
      const is790G = /790 ?g/.test(nature) && !/\bnon exonér|sans exonération/.test(nature);
      if (!is790G && !/ordinaire|taxée|déclarée/.test(nature)) fail(`prior gift of unknown nature: ${nature}`);
      priorGifts.push({
        beneficiary: known(beneficiaryId(r[pt.col.who!]!, "prior gifts"), "prior gifts"),
        date: parseDate(r[pt.col.date!]!),
        value: parseAmount(r[pt.col.value!]!),
        cash790G: is790G,
      });
    }
  }

  const dossierBase = { kind, date, person, beneficiaries } as const;

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
      const to = r[gs.col.to!]!
        .split(";")
        .map((s) => s.trim())
        .filter((s) => s !== "")
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
    return { ...dossierBase, gifts, priorGifts };
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

  const residueSection = need(sections, "residue");
  const rt = tableOf(residueSection, { who: /^Bénéficiaire|^Héritier/i, share: /^Quote-part/i });
  const residue = rt.rows.map((r) => ({
    beneficiary: known(beneficiaryId(r[rt.col.who!]!, "residue"), "residue"),
    share: parseFraction(r[rt.col.share!]!),
  }));
  const shareHeader = tablesOf(residueSection)[0]!.header[rt.col.share!]!;
  const sharesInBareOwnership = /nue-propriété/i.test(shareHeader);

  const usufructLines = bullets
    .map((b) => /\b(B\d+) reçoit l'usufruit de (?:la totalité du|tout le) reliquat/.exec(b))
    .filter((m) => m !== null);
  if (usufructLines.length > 1) fail("more than one usufructuary of the residue");
  const unreadUsufruct = bullets.filter((b) => /usufruit/i.test(b) && !/reçoit l'usufruit de (?:la totalité du|tout le) reliquat/.test(b));
  if (unreadUsufruct.length > 0) fail(`unread line about a usufruct: ${unreadUsufruct[0]}`);
  let spouseUsufruct: string | null = null;
  if (usufructLines.length === 1) spouseUsufruct = known(usufructLines[0]![1]!, "usufruct of the residue");
  if (sharesInBareOwnership !== (spouseUsufruct !== null)) {
    fail(
      spouseUsufruct === null
        ? "the shares are said to be in bare ownership but no one is given the usufruct"
        : `${spouseUsufruct} has the usufruct but the shares are not said to be in bare ownership`,
    );
  }

  return {
    ...dossierBase,
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
