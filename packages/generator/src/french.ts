import type { Relationship } from "@succ/rules";
import { formatDateFr, type CivilDate } from "@succ/engine";

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

/** Relationship of a beneficiary to the deceased or donor, gendered. */
export function relationshipFr(rel: Relationship, female: boolean): string {
  switch (rel) {
    case "spouse":
      return female ? "épouse (conjointe survivante)" : "époux (conjoint survivant)";
    case "pacs":
      return female ? "partenaire liée par un PACS" : "partenaire lié par un PACS";
    case "child":
      return female ? "fille" : "fils";
    case "grandchild":
      return female ? "petite-fille" : "petit-fils";
    case "greatgrandchild":
      return female ? "arrière-petite-fille" : "arrière-petit-fils";
    case "sibling":
      return female ? "sœur" : "frère";
    case "nephew":
      return female ? "nièce" : "neveu";
    case "unrelated":
      return female ? "amie, sans lien de parenté" : "ami, sans lien de parenté";
    case "parent":
      return female ? "mère" : "père";
    case "ascendant":
      return female ? "ascendante" : "ascendant";
    case "collateral":
      return female ? "parente collatérale" : "parent collatéral";
  }
}

/** A French enumeration: `B1`, `B1 et B2`, `B1, B2 et B3`. */
export function listFr(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} et ${items[items.length - 1]}`;
}

/** The masculine or the feminine form of a word, by the person's gender. */
export function gendered(female: boolean, m: string, f: string): string {
  return female ? f : m;
}
