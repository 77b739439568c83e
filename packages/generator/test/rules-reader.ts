/**
 * A test-only reader of the numbered rules of the prompts of levels 1-4 ("## Règles à
 * appliquer"), sharing no code with the generator: it reads every amount, rate, age and period
 * the rules state (the funeral cap, the allowances, the disability allowance, the spouse's
 * exemption, art. 790 G, the recall period, the art. 669 table and the scales) into a `Law` for
 * the engine (`constantLaw`). Every number of the law that the rules do not state is NaN, so a
 * computation that needs one fails or gives another answer than the gold: the reader cannot be
 * right by falling back on the tables. Only the shape of the law and what is not an amount (which
 * scale a relationship pays, the statuses of art. 796-0 ter) come from the tables of @succ/rules.
 *
 * Strict, like prompt-reader.ts: a numbered rule it does not know, a value it cannot find, or two
 * statements of one value that disagree throw a `PromptReadError`.
 */
import { lawOn, type Band, type Law, type UsufructRow } from "@succ/rules";
import { cellsOf, parseAmount, PromptReadError } from "./prompt-reader.js";

function fail(message: string): never {
  throw new PromptReadError(message);
}

const EUROS = "(\\d{1,3}(?: \\d{3})*(?:,\\d{1,2})? €)";

function euros(text: string): number {
  const v = parseAmount(text);
  if (v.includes(".")) fail(`the rules state whole euros, not ${text}`);
  return Number(v);
}

function percent(text: string): number {
  const m = /^(\d+(?:,\d+)?) %$/.exec(text.trim());
  if (!m) fail(`not a rate: ${text}`);
  return Number(m[1]!.replace(",", "."));
}

/** The one match of `re` in `text` (none, or two, is an error naming `what`). */
function one(text: string, re: RegExp, what: string): RegExpExecArray {
  const all = [...text.matchAll(new RegExp(re.source, `${re.flags.replace("g", "")}g`))];
  if (all.length !== 1) fail(`rules: ${what} found ${all.length} times`);
  return all[0]! as RegExpExecArray;
}

/** Every match of `re`, which must all give the same value (at least one). */
function same<T>(text: string, re: RegExp, what: string, read: (m: RegExpExecArray) => T): T {
  const all = [...text.matchAll(new RegExp(re.source, `${re.flags.replace("g", "")}g`))].map((m) => read(m as RegExpExecArray));
  if (all.length === 0) fail(`rules: no ${what}`);
  if (all.some((x) => JSON.stringify(x) !== JSON.stringify(all[0]))) fail(`rules: ${what} stated with two values: ${all.join(", ")}`);
  return all[0]!;
}

/** A law of the shape of the tables with every number NaN (what the rules do not state). */
function blank(): Record<string, any> {
  const nan = (x: unknown): unknown => {
    if (typeof x === "number") return NaN;
    if (Array.isArray(x)) return x.map(nan);
    if (typeof x === "object" && x !== null) return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, nan(v)]));
    return x;
  };
  return nan(JSON.parse(JSON.stringify(lawOn("2026-01-02")))) as Record<string, any>;
}

/** The numbered rules of a prompt (title, the words up to the first period → text) and its line of simplifications. */
function rulesOf(prompt: string): { simplifications: string; rules: Map<string, string> } {
  const start = prompt.indexOf("\n## Règles à appliquer");
  if (start < 0) fail("the prompt has no rules section");
  const end = prompt.indexOf("\n## ", start + 1);
  const lines = prompt.slice(start, end < 0 ? undefined : end).split("\n").slice(2);
  const rules = new Map<string, string[]>();
  let simplifications: string | null = null;
  let current: string[] | null = null;
  for (const line of lines) {
    const m = /^(\d+)\. (.+)$/.exec(line);
    if (m) {
      const title = /^([^.]+)\./.exec(m[2]!);
      if (!title) fail(`a numbered rule without a title: ${line.slice(0, 60)}`);
      if (rules.has(title[1]!)) fail(`rule "${title[1]}" twice`);
      rules.set(title[1]!, (current = [m[2]!]));
    } else if (line.startsWith("Simplifications propres à cet exercice : ")) simplifications = line;
    else if (current) current.push(line);
    else if (line.trim() !== "") fail(`unread line before the numbered rules: ${line.slice(0, 60)}`);
  }
  if (simplifications === null) fail("the rules state no simplifications");
  return { simplifications, rules: new Map([...rules].map(([k, v]) => [k, v.join("\n")])) };
}

const KNOWN = new Set([
  "Arrondis",
  "Actif net",
  "Actif net et valeur reçue",
  "Valeur reçue",
  "Âges",
  "Usufruit et nue-propriété (art",
  "Abattement",
  "Abattements et exonération (succession)",
  "Abattements (donation)",
  "Don familial de sommes d'argent (art",
  "Rappel fiscal des donations antérieures (art",
  "Barèmes (art",
]);

/** The rows of a Markdown table of scale bands: "| de 8 072 € à 12 109 € | 10 % |". */
function bandsOf(rows: readonly string[], what: string): Band[] {
  const bands: Band[] = [];
  let lower = 0;
  for (const row of rows) {
    const [label, rate] = cellsOf(row);
    if (label === undefined || rate === undefined) fail(`${what}: row not understood: ${row}`);
    let m: RegExpExecArray | null;
    let upTo: number | null;
    if ((m = new RegExp(`^jusqu'à ${EUROS}$`).exec(label))) upTo = euros(m[1]!);
    else if ((m = new RegExp(`^de ${EUROS} à ${EUROS}$`).exec(label))) {
      if (euros(m[1]!) !== lower) fail(`${what}: the band ${label} does not start where the last one ended`);
      upTo = euros(m[2]!);
    } else if ((m = new RegExp(`^au-delà de ${EUROS}$`).exec(label))) {
      if (euros(m[1]!) !== lower) fail(`${what}: the band ${label} does not start where the last one ended`);
      upTo = null;
    } else if (label === "toute la part taxable") upTo = null;
    else fail(`${what}: band not understood: ${label}`);
    bands.push({ upTo, ratePercent: percent(rate) });
    if (upTo !== null) lower = upTo;
  }
  if (bands.length === 0 || bands.at(-1)!.upTo !== null) fail(`${what}: the scale has no last band`);
  return bands;
}

/** The table under a line "   Ligne directe (…) :" (or another head), as rows. */
function tableAfter(text: string, head: RegExp, what: string): string[] {
  const lines = text.split("\n");
  const i = lines.findIndex((l) => head.test(l.trim()));
  if (i < 0) fail(`rules: no ${what}`);
  const rows: string[] = [];
  for (let j = i + 1; j < lines.length && lines[j]!.trim().startsWith("|"); j++) rows.push(lines[j]!.trim());
  if (rows.length < 3 || !/^\|\s*-{3}/.test(rows[1]!)) fail(`rules: ${what} is not a table`);
  return rows.slice(2);
}

/**
 * The law that the numbered rules of a level 1-4 prompt state, for a dossier of `kind`: every
 * amount read from the text, every other number NaN.
 */
export function readRulesLaw(prompt: string, kind: "estate" | "gift"): Law {
  const { simplifications, rules } = rulesOf(prompt);
  for (const title of rules.keys()) if (!KNOWN.has(title)) fail(`unknown rule: ${title}`);
  const law = blank();
  const tables = lawOn("2026-01-02");
  const a = law.allowances;
  const rule = (title: string): string | undefined => rules.get(title);
  const needRule = (title: string): string => rule(title) ?? fail(`no rule "${title}"`);

  // The scales: the direct line, and for estates of level 2 on the siblings', nephews' and others'.
  const scales = needRule("Barèmes (art");
  law.scales.directLine = bandsOf(tableAfter(scales, /^Ligne directe \(enfants, petits-enfants(, arrière-petits-enfants)?\) :$/, "direct-line scale"), "direct-line scale");
  if (/^\s*Frères et sœurs :$/m.test(scales)) {
    law.scales.sibling = bandsOf(tableAfter(scales, /^Frères et sœurs :$/, "siblings' scale"), "siblings' scale");
    law.scales.nephew = [{ upTo: null, ratePercent: percent(one(scales, /Neveux et nièces : (\S+ %) sur toute la part taxable\./, "nephews' rate")[1]!) }];
    law.scales.unrelated = [{ upTo: null, ratePercent: percent(one(scales, /Personnes sans lien de parenté : (\S+ %) sur toute la part taxable\./, "unrelated persons' rate")[1]!) }];
  }
  // Which scale a relationship pays is not an amount: the tables'.
  law.scaleOf = tables.scaleOf;

  if (kind === "estate") {
    // The funeral costs' cap, stated in the value rule and in the simplifications.
    const value = rule("Actif net") ?? needRule("Actif net et valeur reçue");
    const cap = euros(one(value, new RegExp(`ceux-ci n'étant déductibles que dans la limite de ${EUROS}`), "funeral cap")[1]!);
    const capAgain = euros(one(simplifications, new RegExp(`déduits pour le montant de leur facture, dans la limite de ${EUROS}`), "funeral cap (simplifications)")[1]!);
    if (cap !== capAgain) fail(`two funeral caps: ${cap} and ${capAgain}`);
    law.funeralDeduction = cap;
    // Art. 788 IV: the default allowance, which the beneficiaries without an allowance of their own get.
    a.default = euros(one(simplifications, new RegExp(`l'abattement par défaut de ${EUROS} se cumule`), "default allowance")[1]!);
    const one1 = rule("Abattement");
    if (one1 !== undefined) {
      a.personal.estate.child = euros(one(one1, new RegExp(`L'enfant bénéficie d'un abattement de ${EUROS}`), "child allowance")[1]!);
      // Level 1: no one is said to be exempt.
      law.exemptions.spouseEstate = [];
    } else {
      const text = needRule("Abattements et exonération (succession)");
      const list = one(text, new RegExp(`chaque bénéficiaire : enfant ${EUROS} ; petit-enfant ${EUROS} ; frère ou sœur ${EUROS} ; neveu ou nièce ${EUROS} ; personne sans lien de parenté ${EUROS}\\.`), "estate allowances");
      a.personal.estate.child = euros(list[1]!);
      a.personal.estate.sibling = euros(list[3]!);
      a.personal.estate.nephew = euros(list[4]!);
      // Grandchildren (not representing) and unrelated persons have the default allowance.
      for (const [i, who] of [[2, "grandchild"], [5, "unrelated person"]] as const) {
        if (euros(list[i]!) !== a.default) fail(`the ${who}'s allowance ${list[i]} is not the default allowance`);
      }
      a.disability = euros(one(text, new RegExp(`bénéficie en plus d'un abattement de ${EUROS}, qui s'ajoute`), "disability allowance")[1]!);
      one(text, /Le conjoint survivant et le partenaire de PACS sont exonérés : part taxable 0 €, droits 0 €\./, "spouse exemption");
      law.exemptions.spouseEstate = ["spouse", "pacs"];
      const rep = /se partagent à parts égales l'abattement de (\d{1,3}(?: \d{3})* €) de cet enfant/.exec(text);
      if (rep && euros(rep[1]!) !== a.personal.estate.child) fail(`the representatives share ${rep[1]}, not the child allowance`);
    }
  } else {
    const one1 = rule("Abattement");
    if (one1 !== undefined) a.personal.gift.child = euros(one(one1, new RegExp(`L'enfant donataire bénéficie d'un abattement de ${EUROS}`), "child allowance")[1]!);
    else {
      const text = needRule("Abattements (donation)");
      const list = one(text, new RegExp(`chaque donataire : enfant ${EUROS} ; petit-enfant ${EUROS} ; arrière-petit-enfant ${EUROS}\\.`), "gift allowances");
      a.personal.gift.child = euros(list[1]!);
      a.personal.gift.grandchild = euros(list[2]!);
      a.personal.gift.greatgrandchild = euros(list[3]!);
      a.disability = euros(one(text, new RegExp(`bénéficie en plus d'un abattement de ${EUROS}, qui s'ajoute`), "disability allowance")[1]!);
    }
    const g = rule("Don familial de sommes d'argent (art");
    if (g !== undefined) {
      const c = law.cashGift790G;
      const m = one(g, new RegExp(`par un donateur âgé de moins de (\\d+) ans à son enfant, petit-enfant ou arrière-petit-enfant âgé d'au moins (\\d+) ans au jour du don .*? est exonérée dans la limite de ${EUROS} par donateur et par donataire\\. Ce plafond se reconstitue tous les (\\d+) ans`), "art. 790 G");
      c.donorAgeBelow = Number(m[1]);
      c.doneeMinimumAge = Number(m[2]);
      c.ceiling = same(g, new RegExp(`(?:limite de|et) ${EUROS} (?:par donateur|−)`), "790 G ceiling", (x) => euros(x[1]!));
      c.renewalYears = same(g, /(?:tous les|dans les) (\d+) ans/, "790 G period", (x) => Number(x[1]));
      if (c.ceiling !== euros(m[3]!) || c.renewalYears !== Number(m[4])) fail("art. 790 G: the rule states two ceilings or two periods");
      c.donees = ["child", "grandchild", "greatgrandchild"];
      c.doneesWithoutDescendants = [];
    }
  }
  if (kind === "estate") {
    // The estate prompts state no amount of art. 790 G: exempt gifts are never recalled, so the
    // answer does not depend on them; only the engine's check of the earlier exempt gifts reads
    // the ceiling and its period, which the tables give.
    law.cashGift790G = JSON.parse(JSON.stringify(tables.cashGift790G));
  }

  const recall = rule("Rappel fiscal des donations antérieures (art");
  if (recall !== undefined) law.recallYears = same(recall, /(?:enregistrées moins de|enregistrée exactement) (\d+) ans avant/, "recall period", (x) => Number(x[1]));

  const u = rule("Usufruit et nue-propriété (art");
  if (u !== undefined) law.usufruct669 = usufructRows(u);
  law.from = "read";
  law.to = null;
  return law as unknown as Law;
}

/** "| de 21 à 30 ans | 80 % | 20 % |" rows of the art. 669 table. */
function usufructRows(text: string): UsufructRow[] {
  const lines = text.split("\n").map((l) => l.trim());
  const head = lines.indexOf("| Âge de l'usufruitier | Usufruit | Nue-propriété |");
  if (head < 0 || !/^\| -{3}/.test(lines[head + 1] ?? "")) fail("art. 669: no table");
  const out: UsufructRow[] = [];
  let lower = 0;
  for (let i = head + 2; i < lines.length && lines[i]!.startsWith("|"); i++) {
    const [age, usufruct, bare] = cellsOf(lines[i]!);
    if (age === undefined || usufruct === undefined || bare === undefined) fail(`art. 669 row: ${lines[i]}`);
    if (percent(usufruct) + percent(bare) !== 100) fail(`art. 669: ${lines[i]} does not sum to 100 %`);
    let m: RegExpExecArray | null;
    let maxAge: number | null;
    if ((m = /^jusqu'à (\d+) ans$/.exec(age)) && lower === 0) maxAge = Number(m[1]);
    else if ((m = /^de (\d+) à (\d+) ans$/.exec(age)) && Number(m[1]) === lower) maxAge = Number(m[2]);
    else if ((m = /^(\d+) ans et plus$/.exec(age)) && Number(m[1]) === lower) maxAge = null;
    else fail(`art. 669 age not understood, or not following the last row: ${age}`);
    out.push({ maxAge, usufructPercent: percent(usufruct) });
    if (maxAge !== null) lower = maxAge + 1;
  }
  if (out.length === 0 || out.at(-1)!.maxAge !== null) fail("art. 669: the table has no last row");
  return out;
}
