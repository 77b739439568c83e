/**
 * A test-only reader of the French prompt: it rebuilds a dossier (spec §1) from the text alone,
 * sharing no code with the generator (only the engine's input type), so that a test can check
 * that everything needed to compute the answer is in the prompt, and rightly written.
 */
import type { DossierInput } from "@succ/engine";

type Rel = DossierInput["beneficiaries"][number]["relationship"];

/** `86 500,40 €` → `"86500.40"`. */
function amountOf(text: string): string {
  const m = /^([\d  \u202f]+)(?:,(\d{2}))?\s*€$/.exec(text.trim());
  if (!m) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  const int = m[1]!.replace(/[\s\u202f]/g, "");
  return m[2] ? `${int}.${m[2]}` : int;
}

/** `14/05/2026` → `2026-05-14`. */
function dateOf(text: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) throw new Error(`not a date: ${JSON.stringify(text)}`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

function shareOf(text: string): string {
  const t = text.trim();
  if (t === "totalité") return "1";
  if (!/^\d+\/\d+$/.test(t)) throw new Error(`not a share: ${JSON.stringify(text)}`);
  return t;
}

function relationshipOf(text: string): Rel {
  const t = text.trim().toLowerCase();
  if (t.startsWith("époux") || t.startsWith("épouse")) return "spouse";
  if (t.startsWith("partenaire de pacs")) return "pacs";
  if (t.startsWith("arrière-petit")) return "greatgrandchild";
  if (t.startsWith("petit-fils") || t.startsWith("petite-fille")) return "grandchild";
  if (t.startsWith("fils") || t.startsWith("fille")) return "child";
  if (t.startsWith("frère") || t.startsWith("sœur")) return "sibling";
  if (t.startsWith("neveu") || t.startsWith("nièce")) return "nephew";
  if (t.startsWith("ami")) return "unrelated";
  throw new Error(`unknown relationship: ${JSON.stringify(text)}`);
}

/** The rows of the Markdown table that follows a heading line (header and rule lines skipped). */
function tableAfter(lines: readonly string[], heading: string): string[][] | null {
  const at = lines.findIndex((l) => l.startsWith(heading));
  if (at < 0) throw new Error(`no section "${heading}"`);
  let i = at + 1;
  while (i < lines.length && lines[i]!.trim() === "") i++;
  if (!lines[i]!.startsWith("|")) return null;
  const rows: string[][] = [];
  for (i += 2; i < lines.length && lines[i]!.startsWith("|"); i++) {
    rows.push(lines[i]!.slice(1, -1).split(" | ").map((c) => c.trim()));
  }
  return rows;
}

function lineAfter(lines: readonly string[], heading: string): string {
  const at = lines.findIndex((l) => l.startsWith(heading));
  let i = at + 1;
  while (lines[i]!.trim() === "") i++;
  return lines[i]!;
}

function beneficiariesOf(rows: string[][]): DossierInput["beneficiaries"] {
  return rows.map(([id, name, link, birth, disabled]) => {
    const b: DossierInput["beneficiaries"][number] = {
      id: id!,
      name: name!,
      relationship: relationshipOf(link!),
      birthDate: dateOf(birth!),
      disabled: disabled === "oui",
    };
    const rep = /en représentation de (?:son père|sa mère) ([^,]+),/.exec(link!);
    if (rep) b.represents = rep[1]!;
    return b;
  });
}

function priorGiftsOf(lines: readonly string[]): DossierInput["priorGifts"] {
  if (!lines.some((l) => l.startsWith("## Donations antérieures"))) return [];
  const rows = tableAfter(lines, "## Donations antérieures") ?? [];
  return rows.map(([id, date, value, nature]) => ({ beneficiary: id!, date: dateOf(date!), value: amountOf(value!), cash790G: nature!.includes("790 G") }));
}

/** Reads the dossier of a generated prompt. Throws on anything it does not understand. */
export function readPrompt(prompt: string): DossierInput {
  // Only the dossier part: the rules and the format follow "## Règles".
  const lines = prompt.slice(0, prompt.indexOf("## Règles à appliquer")).split("\n");
  const title = lines.find((l) => l.startsWith("## Dossier : "))!;
  const heading = /^## Dossier : (succession|donation) (?:de |d')(.+)$/.exec(title);
  if (heading?.[1] === "succession") {
    const name = heading[2]!;
    const who = lines.find((l) => /^- Défunte? : /.test(l))!;
    const m = /, née? le (\d{2}\/\d{2}\/\d{4}), décédée? le (\d{2}\/\d{2}\/\d{4})/.exec(who)!;
    const usufruct = lines.map((l) => /^- (?:Le conjoint survivant|La conjointe survivante) (B\d+) reçoit l'usufruit/.exec(l)).find(Boolean);
    const funeral = /: ([\d  ,]+ €)\.$/.exec(lineAfter(lines, "### Frais funéraires"))!;
    const bequestRows = lines.some((l) => l.startsWith("### Legs particuliers")) ? (tableAfter(lines, "### Legs particuliers") ?? []) : [];
    return {
      kind: "estate",
      date: dateOf(m[2]!),
      person: { name, birthDate: dateOf(m[1]!) },
      beneficiaries: beneficiariesOf(tableAfter(lines, "## Bénéficiaires")!),
      assets: tableAfter(lines, "### Actif de succession")!.map(([label, v]) => ({ label: label!, value: amountOf(v!) })),
      debts: (tableAfter(lines, "### Passif") ?? []).map(([label, v]) => ({ label: label!, value: amountOf(v!) })),
      funeralCosts: amountOf(funeral[1]!),
      bequests: bequestRows.map(([id, v]) => ({ beneficiary: id!, amount: amountOf(v!) })),
      residue: tableAfter(lines, "### Partage du reliquat")!.map(([id, s]) => ({ beneficiary: id!, share: shareOf(s!) })),
      spouseUsufruct: usufruct ? usufruct[1]! : null,
      priorGifts: priorGiftsOf(lines),
    };
  }
  if (heading?.[1] === "donation") {
    const name = heading[2]!;
    const who = lines.find((l) => /^- Donat(eur|rice) : /.test(l))!;
    const birth = /, née? le (\d{2}\/\d{2}\/\d{4})\.$/.exec(who)!;
    const act = /^- Date de l'acte de donation : (\d{2}\/\d{2}\/\d{4})\.$/.exec(lines.find((l) => l.startsWith("- Date de l'acte"))!)!;
    return {
      kind: "gift",
      date: dateOf(act[1]!),
      person: { name, birthDate: dateOf(birth[1]!) },
      beneficiaries: beneficiariesOf(tableAfter(lines, "## Donataires")!),
      gifts: tableAfter(lines, "### Biens donnés")!.map(([label, v, nature, to]) => ({
        label: label!,
        value: amountOf(v!),
        cash: nature!.startsWith("somme d'argent"),
        reservedUsufruct: nature!.startsWith("nue-propriété"),
        to: to!.split(" ; ").map((part) => {
          const [id, share] = part.split(" : ");
          return { beneficiary: id!, fraction: shareOf(share!) };
        }),
      })),
      priorGifts: priorGiftsOf(lines),
    };
  }
  throw new Error(`unknown dossier title: ${title}`);
}
