import type { GeneratorFamily } from "./generator-family.js";
import { ALLOWANCES } from "./allowances.js";
import { CASH_GIFT_790G } from "./cash-gift-790-g.js";
import { FUNERAL } from "./funeral-775.js";
import { FURNITURE } from "./furniture-764.js";
import { HOUSING_790A_BIS } from "./housing-790-a-bis.js";
import { LEVY_990I } from "./levy-990-i.js";
import { MAIN_RESIDENCE } from "./main-residence-764-bis.js";
import { PREMIUMS_757B } from "./premiums-757-b.js";
import { RECALL } from "./recall-784.js";
import { REPRESENTATION } from "./representation.js";
import { SIBLING_EXEMPTION } from "./sibling-796-0-ter.js";
import { SMALL_ESTATE } from "./small-estate-796-0.js";
import { SPOUSE_EXEMPTION } from "./spouse-796-0-bis.js";
import { USUFRUCT } from "./usufruct-669.js";

export { engineFamily, generatorFamily, ruleRef, type ArticleText, type EstateSlot, type FileFragments, type GeneratorFamily, type MistakeRow, type NumberedRulePart, type StillRightRow } from "./generator-family.js";

/**
 * The generator's side of the rule families, one module each (named like the engine's), in the
 * engine's order (`FAMILIES`). The numbered rules, the articles, the file and the rows of
 * `succ stats` are written from this table, each piece at its `place`. A new family is a module
 * of this folder and a line here.
 */
export const GENERATOR_FAMILIES = [
  MAIN_RESIDENCE,
  FURNITURE,
  FUNERAL,
  LEVY_990I,
  PREMIUMS_757B,
  USUFRUCT,
  SPOUSE_EXEMPTION,
  SIBLING_EXEMPTION,
  SMALL_ESTATE,
  REPRESENTATION,
  ALLOWANCES,
  HOUSING_790A_BIS,
  CASH_GIFT_790G,
  RECALL,
] as const satisfies readonly GeneratorFamily[];

/** The places of a table's pieces of one kind, sorted once per table (never per task). */
export function byPlace<T extends { readonly place: number }>(families: readonly GeneratorFamily[], pieces: (f: GeneratorFamily) => readonly T[] | undefined): T[] {
  return families.flatMap((f) => pieces(f) ?? []).sort((a, b) => a.place - b.place);
}
