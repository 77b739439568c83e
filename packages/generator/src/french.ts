import type { Relationship } from "@succ/rules";
import { formatDateFr, type CivilDate } from "@succ/engine";

/** Thousands separator of amounts in prompts: a plain space, as most French documents type it. */
const SEP = " ";

function group(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, SEP);
}

/** `420 000 €`, `86 500,40 €` from a whole number of cents. */
export function eurosCents(cents: number): string {
  const int = Math.floor(cents / 100);
  const rest = cents % 100;
  return `${group(String(int))}${rest === 0 ? "" : `,${String(rest).padStart(2, "0")}`} €`;
}

/** `100 000 €` from whole euros. */
export function euros(value: number): string {
  return eurosCents(value * 100);
}

/** A plain number in French: `12 109`, `403,60` (always two decimals when `decimals`). */
export function num(value: number, decimals = false): string {
  const cents = Math.round(value * 100);
  const int = Math.floor(cents / 100);
  const rest = cents % 100;
  if (!decimals && rest === 0) return group(String(int));
  return `${group(String(int))},${String(rest).padStart(2, "0")}`;
}

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
  }
}


/** A French enumeration: `B1`, `B1 et B2`, `B1, B2 et B3`. */
export function listFr(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} et ${items[items.length - 1]}`;
}

/** "de" before a name, elided before a vowel or a mute h: "d'Alain", "de Bernard". */
export function deName(name: string): string {
  return /^[AEIOUYHÀÂÉÈÊÎÔÛ]/i.test(name) ? `d'${name}` : `de ${name}`;
}

/** The masculine or the feminine form of a word, by the person's gender. */
export function gendered(female: boolean, m: string, f: string): string {
  return female ? f : m;
}
