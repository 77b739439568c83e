import { RELATIONSHIP_FR_BY_SEX, type Band, type Relationship } from "@succ/rules";
import { amountFromCents, euros, formatDateFr, type CivilDate } from "@succ/engine";
import { bandParts } from "./law.js";
import { listOf } from "./draft.js";

/**
 * The French words of the prompts. Amounts and numbers are written by @succ/engine's French
 * formatting (`euros`, `eurosFromCents`, `amountFromCents`), the one home for it, as is `deName`.
 */

export function dateFr(d: CivilDate): string {
  return formatDateFr(d);
}

export function percent(n: number): string {
  return `${n} %`;
}

/** `1/4`, or `totalité` for the whole. */
export function shareFr(num: number, den: number): string {
  return num === den ? "totalité" : `${num}/${den}`;
}

/**
 * Relationship of a beneficiary to the deceased or donor, gendered: @succ/rules' name of the
 * relationship for the sex, the spouse called the survivor (« épouse (conjointe survivante) ») and
 * a person without kinship a friend, as the prompts tell the family.
 */
export function promptRelationshipFr(rel: Relationship, female: boolean): string {
  if (rel === "spouse") return `${RELATIONSHIP_FR_BY_SEX.spouse[female ? "F" : "M"]} (${female ? "conjointe survivante" : "conjoint survivant"})`;
  if (rel === "unrelated") return female ? "amie, sans lien de parenté" : "ami, sans lien de parenté";
  return RELATIONSHIP_FR_BY_SEX[rel][female ? "F" : "M"];
}

/** A French enumeration: `B1`, `B1 et B2`, `B1, B2 et B3`. */
export function listFr(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} et ${items[items.length - 1]}`;
}

/** The masculine or the feminine form of a word, by the person's gender. */
export function gendered(female: boolean, m: string, f: string): string {
  return female ? f : m;
}

/** A whole number of euros as the worked examples write it: `12 109`. */
export function num(value: number): string {
  return amountFromCents(value * 100);
}

/** A whole number of cents as the worked examples write a band's tax: `403,60`, `1 380,75`, `800,00`. */
export function twoDecimals(cents: number): string {
  return amountFromCents(cents, true);
}

/** `8 072 × 5 % = 403,60 ; (12 109 − 8 072) × 10 % = 403,70 ; …` and the exact total in cents. */
export function bandsWorking(bands: readonly Band[], amountEuros: number, start = 0): { text: string; cents: number } {
  const parts = bandParts(bands, amountEuros, start);
  const text = listOf(parts, (b) => {
      const base = b.from === 0 ? num(b.to) : `(${num(b.to)} − ${num(b.from)})`;
      return `${base} × ${percent(b.ratePercent)} = ${twoDecimals(b.cents)}`;
    })
    .join(" ; ");
  return { text, cents: parts.reduce((s, b) => s + b.cents, 0) };
}

/** A rate as the articles of level 5 write it: `20 %`, `31,25 %`. */
export function rateFr(percent: number): string {
  return `${String(percent).replace(".", ",")} %`;
}

/** The bands of a scale in words: "5 % jusqu'à 8 072 € ; 10 % de 8 072 € à 12 109 € ; … ; 45 % au-delà de 1 805 677 €". */
export function bandsFr(bands: readonly Band[], unit = ""): string {
  const parts: string[] = [];
  let lower = 0;
  for (const b of bands) {
    if (b.upTo === null) parts.push(lower === 0 ? `${rateFr(b.ratePercent)} sur toute la part taxable${unit}` : `${rateFr(b.ratePercent)} au-delà de ${euros(lower)}`);
    else parts.push(lower === 0 ? `${rateFr(b.ratePercent)} jusqu'à ${euros(b.upTo)}${unit}` : `${rateFr(b.ratePercent)} de ${euros(lower)} à ${euros(b.upTo)}`);
    if (b.upTo !== null) lower = b.upTo;
  }
  return parts.join(" ; ");
}

/** A day of the law's tables (YYYY-MM-DD) in French: `13 octobre 1998`. */
export function lawDayFr(text: string): string {
  const [y, m, d] = listOf(text.split("-"), Number) as [number, number, number];
  return dateFr({ y, m, d });
}

/** A Markdown table. */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  // The head, its rule (`| --- | --- |`) and a line a row, joined by line breaks (written in one pass: every prompt has several tables).
  let out = `| ${head.join(" | ")} |\n|${head.length === 0 ? "  |" : ""}`;
  for (let i = 0; i < head.length; i++) out += " --- |";
  for (const r of rows) out += `\n| ${r.join(" | ")} |`;
  return out;
}
