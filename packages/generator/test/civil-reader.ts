/**
 * An independent reader of the level-7 prompts: from the French text alone (the notary's whole
 * file), it rebuilds the dossier in computed mode (family, marriage, will, assets with what is
 * propre and commun, deeds, insurers' statements) as the contract describes it, so that the
 * engine computes the gold from it. It shares no code with the generator: it knows French
 * kinship words and the Code civil's degrees (art. 741-743), not how the prompts are written in
 * code. Nothing here is imported by the package.
 */

type Json = Record<string, unknown>;

const DATE = /(\d{2})\/(\d{2})\/(\d{4})/;

function isoDate(text: string): string {
  const m = DATE.exec(text);
  if (!m) throw new Error(`no date in: ${text}`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** "371 500 €", "86 500,40 €" → 371500, 86500.4 (exact for whole cents). */
function amount(text: string): number {
  const m = /(\d{1,3}(?:[  \u202f]\d{3})*(?:,\d{1,2})?)\s*€/.exec(text);
  if (!m) throw new Error(`no amount in: ${text}`);
  const [whole, cents] = m[1]!.replace(/[  \u202f]/g, "").split(",");
  return cents === undefined ? Number(whole) : Number(`${whole}.${cents.padEnd(2, "0")}`);
}

/** The lines of the section that starts with a heading containing `title`, up to the next heading. */
function section(prompt: string, title: string): string[] {
  const lines = prompt.split("\n");
  const start = lines.findIndex((l) => l.startsWith("#") && l.includes(title));
  if (start < 0) return [];
  const out: string[] = [];
  for (const l of lines.slice(start + 1)) {
    if (l.startsWith("#")) break;
    out.push(l);
  }
  return out;
}

/** The rows of the markdown tables of some lines (header and rule rows left out), cells trimmed. */
function tableRows(lines: readonly string[], header: string): string[][] {
  const out: string[][] = [];
  let inTable = false;
  for (const l of lines) {
    if (!l.startsWith("|")) {
      inTable = false;
      continue;
    }
    const cells = l.slice(1, -1).split(" | ").map((c) => c.trim());
    if (cells[0] === header) {
      inTable = true;
      continue;
    }
    if (!inTable || cells.every((c) => /^-+$/.test(c))) continue;
    out.push(cells);
  }
  return out;
}

interface Person {
  id: string | null;
  name: string;
  female: boolean | null;
}

/** "B2 (Rose Martin)" or "Rose Martin", with the sex from "né"/"née" after it. */
function person(text: string): Person & { rest: string } {
  const m = /^(?:(B\d+) \(([^)]+)\)|([^,]+)), (née?) le/.exec(text);
  if (!m) throw new Error(`no person in: ${text}`);
  return { id: m[1] ?? null, name: (m[2] ?? m[3])!.trim(), female: m[4] === "née", rest: text.slice(m[0].length) };
}

type Fate = { status?: "predeceased" | "renounced" };

function fate(rest: string): Fate {
  if (/a renoncé à la succession/.test(rest)) return { status: "renounced" };
  if (/décédée? le/.test(rest)) return { status: "predeceased" };
  return {};
}

interface Node {
  depth: number;
  what: string;
  who: Person;
  fate: Fate;
  children: Node[];
}

/** The bullet items under a list line ("- Enfants …:"), nested by indentation. */
function items(lines: readonly string[], from: number): Node[] {
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (let i = from; i < lines.length; i++) {
    const l = lines[i]!;
    const m = /^( +)- (.*)$/.exec(l);
    if (!m) break;
    const depth = m[1]!.length;
    const body = m[2]!;
    const item = /^([^:]+) : (.*)$/.exec(body);
    if (!item || /enfants \(/.test(body) || /aucun descendant/.test(body)) continue;
    const who = person(item[2]!);
    const node: Node = { depth, what: item[1]!, who, fate: fate(who.rest), children: [] };
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop();
    if (stack.length === 0) roots.push(node);
    else stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  }
  return roots;
}

export interface ReadFile {
  dossier: Json;
}

/** Rebuilds a level-7 dossier from its prompt. */
export function readCivilPrompt(prompt: string): Json {
  // The deceased.
  const head = /^- (Défunte?) : ([^,]+), née? le (\d{2}\/\d{2}\/\d{4}), décédée? le (\d{2}\/\d{2}\/\d{4})/m.exec(prompt);
  if (!head) throw new Error("no deceased");
  const subjectFemale = head[1] === "Défunte";
  const date = isoDate(head[4]!);

  // Who is who: every "B# (Name), né(e) le" gives a sex; the table gives the names and births.
  const sexOf = new Map<string, boolean>();
  for (const m of prompt.matchAll(/(B\d+) \([^)]+\), (née?) le/g)) sexOf.set(m[1]!, m[2] === "née");
  const benRows = tableRows(section(prompt, "Personnes intéressées"), "ID");
  const relationship = new Map<string, string>();

  // The family.
  const famLines = section(prompt, "État civil de la famille");
  const family: Json = {};
  let pCount = 0;
  const gone = (): string => `P${++pCount}`;
  const spouse = /^- Conjoint survivant : (B\d+)/m.exec(famLines.join("\n"));
  if (spouse) {
    family.spouse = spouse[1];
    relationship.set(spouse[1]!, "spouse");
  }
  const partner = /pacte civil de solidarité à (B\d+)/.exec(famLines.join("\n"));
  if (partner) {
    family.partner = partner[1];
    relationship.set(partner[1]!, "pacs");
  }
  const lineOf = (nodes: Node[], rels: readonly string[], depth: number, extra: (n: Node) => Json): Json[] =>
    nodes.map((n) => {
      if (n.fate.status === undefined) {
        relationship.set(n.who.id!, rels[depth]!);
        return { id: n.who.id, ...extra(n) };
      }
      const out: Json = { id: gone(), name: n.who.name, status: n.fate.status, ...extra(n) };
      if (n.children.length > 0) out.descendants = lineOf(n.children, rels, depth + 1, () => ({}));
      return out;
    });
  const childIdx = famLines.findIndex((l) => l.startsWith("- Enfants"));
  const childNodes = childIdx >= 0 ? items(famLines, childIdx + 1) : [];
  family.children = lineOf(childNodes, ["child", "grandchild", "greatgrandchild"], 0, (n) => (spouse ? { common: /et de B\d+/.test(n.what) } : {}));
  for (const [key, word] of [["father", "Père"], ["mother", "Mère"]] as const) {
    const l = famLines.find((x) => x.startsWith(`- ${word} : `))!;
    const p = person(l.slice(`- ${word} : `.length));
    if (p.id !== null && !/décédée? le/.test(p.rest)) {
      family[key] = { id: p.id };
      relationship.set(p.id, "parent");
    } else family[key] = { status: "predeceased" };
  }
  const sibIdx = famLines.findIndex((l) => l.startsWith("- Frères et sœurs ("));
  const sibNodes = sibIdx >= 0 ? items(famLines, sibIdx + 1) : [];
  family.siblings = lineOf(sibNodes, ["sibling", "nephew"], 0, (n) => ({ blood: /utérine?/.test(n.what) ? "uterin" : /consanguine?/.test(n.what) ? "consanguin" : "germain" }));
  // Ascendants and collaterals: their branch and degree from the kinship words (art. 741-743).
  const othersIdx = famLines.findIndex((l) => l.startsWith("- Autres parents"));
  if (othersIdx >= 0) {
    const ascendants: Json[] = [];
    const collaterals: Json[] = [];
    for (const n of items(famLines, othersIdx + 1)) {
      const w = n.what;
      const branch = /paternel|du père/.test(w) ? "paternal" : "maternal";
      if (/^grand-(père|mère)/.test(w)) {
        ascendants.push({ id: n.who.id, branch, degree: 2 });
        relationship.set(n.who.id!, "ascendant");
      } else {
        const degree = /^(oncle|tante)/.test(w) ? 3 : /issue? de germain/.test(w) ? 6 : /germaine?/.test(w) ? 4 : NaN;
        collaterals.push({ id: n.who.id, branch, degree });
        relationship.set(n.who.id!, "collateral");
      }
    }
    family.ascendants = ascendants;
    if (collaterals.length > 0) family.collaterals = collaterals;
  }

  const beneficiaries = benRows.map(([id, name, link, born]) => {
    const rel = relationship.get(id!) ?? (/PACS/.test(link!) ? "pacs" : "unrelated");
    const female = sexOf.get(id!) ?? /^(amie|filleule|tante|cousine|grand-mère)/.test(link!);
    return { id, name, relationship: rel, birthDate: isoDate(born!), sex: female ? "F" : "M" };
  });
  const married = family.spouse !== undefined;

  // The inventory.
  const inv = section(prompt, "Inventaire");
  const ownership = (q: string): Json => (married ? { ownership: /commune?$/.test(q) ? "common" : "own" } : {});
  const assets = tableRows(inv, "Bien").map(([label, value, q]) => {
    const out: Json = { label, value: amount(value!), ...ownership(q!) };
    const from = /\((?:recueilli(?:e|s|es)? dans la succession|reçu(?:e|s|es)? en donation) (de son père|de sa mère) en \d{4}\)$/.exec(label!);
    if (from) out.receivedFrom = { parent: from[1] === "de son père" ? "father" : "mother", by: /en donation/.test(label!) ? "gift" : "succession" };
    return out;
  });
  const debts = tableRows(inv, "Dette").map(([label, value, q]) => ({ label, value: amount(value!), ...(married ? { ownership: q === "dette commune" ? "common" : "own" } : {}) }));
  const funeral = inv.find((l) => l.startsWith("Frais funéraires"))!;
  const dossier: Json = {
    kind: "estate",
    law: "cgi",
    date,
    person: { name: head[2]!.trim(), birthDate: isoDate(head[3]!), sex: subjectFemale ? "F" : "M" },
    beneficiaries,
    assets,
    debts,
    funeralCosts: amount(funeral),
  };

  // The insurers' statements.
  const contracts = tableRows(section(prompt, "Assurance-vie"), "Contrat");
  if (contracts.length > 0) {
    dossier.lifeInsurance = contracts.map(([label, , since, to, before70]) => ({
      label,
      subscribedOn: isoDate(since!),
      beneficiaries: to!.split(" ; ").map((x) => {
        const [b, share] = x.split(" : ");
        return { beneficiary: b, fraction: share === "totalité" ? "1" : share };
      }),
      capitalBefore70: amount(before70!),
      premiumsAfter70: 0,
      capitalAfter70: 0,
    }));
  }
  dossier.family = family;

  // The marriage, the donation between spouses and the option.
  if (married) {
    const m = section(prompt, "Régime matrimonial").join("\n");
    const regime = /séparation de biens/.test(m) ? "separation_de_biens" : /communauté universelle/.test(m) ? "communaute_universelle" : "communaute_legale";
    const marriage: Json = { regime };
    if (regime !== "separation_de_biens") marriage.attributionIntegrale = /clause d'attribution intégrale/.test(m);
    const rec = /solde net de ([^€]+€) dû par la communauté (à la succession|à B\d+)/.exec(m);
    if (rec) marriage.recompense = { to: rec[2] === "à la succession" ? "deceased" : "survivor", amount: amount(rec[1]!) };
    marriage.donationEntreEpoux = !/Aucune donation entre époux/.test(m);
    const opt = /a opté pour (.*)\.$/m.exec(m);
    if (opt) {
      const o = opt[1]!;
      marriage.spouseOption = /donation entre époux/.test(o)
        ? /quotité disponible/.test(o)
          ? "ddv_disposable"
          : /un quart en pleine propriété/.test(o)
            ? "ddv_quarter_usufruct"
            : "ddv_usufruct"
        : /usufruit/.test(o)
          ? "legal_usufruct"
          : "legal_quarter";
    }
    dossier.marriage = marriage;
  }

  // The will, in its own words.
  const willText = section(prompt, "Dispositions de dernières volontés").join("\n");
  const quote = /« (.*) »/.exec(willText);
  if (quote) {
    const will: Json = {};
    const bequests: Json[] = [];
    const words: Record<string, string> = { "la moitié": "1/2", "le tiers": "1/3", "les deux tiers": "2/3", "le quart": "1/4", "les trois quarts": "3/4", "le cinquième": "1/5", "le dixième": "1/10", "les trois dixièmes": "3/10", "les neuf dixièmes": "9/10" };
    for (const clause of quote[1]!.split(/(?<=\.) /)) {
      const id = /\((B\d+)\)/.exec(clause)?.[1];
      if (/légataire universel/.test(clause)) will.universalLegatee = id;
      else if (/plus forte quotité disponible entre époux/.test(clause)) will.spouseLargestDisposable = true;
      else if (/la quotité disponible de ma succession/.test(clause)) will.disposableShareTo = id;
      else if (/de tous mes biens/.test(clause)) {
        const f = /\) (.+) de tous mes biens/.exec(clause)![1]!;
        ((will.fractionalLegacies ??= []) as Json[]).push({ beneficiary: id, share: words[f] ?? f });
      } else if (/la somme de/.test(clause)) bequests.push({ beneficiary: id, amount: amount(clause) });
    }
    if (Object.keys(will).length > 0) dossier.will = will;
    if (bequests.length > 0) dossier.bequests = bequests;
  }

  // The earlier deeds.
  const gifts = tableRows(section(prompt, "Donations consenties"), "Donataire");
  if (gifts.length > 0) {
    dossier.priorGifts = gifts.map(([to, deed, , value, atDeath, clause, allowance]) => {
      const g: Json = { beneficiary: to, date: isoDate(deed!), value: amount(value!), allowanceUsed: amount(allowance!), outsideShare: /hors part successorale/.test(clause!) };
      if (atDeath !== "même valeur") g.valueAtDeath = amount(atDeath!);
      return g;
    });
  }
  return dossier;
}
