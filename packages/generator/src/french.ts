import { RELATIONSHIP_FR_BY_SEX, type Relationship } from "@succ/rules";
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
