import { FAMILIES } from "@succ/engine";
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
import { listOf } from "../draft.js";

export { engineFamily, generatorFamily, ruleRef, type ArticleText, type EstateSlot, type FileFragments, type GeneratorFamily, type MistakeRow, type NumberedRulePart, type StillRightRow } from "./generator-family.js";

/** The modules, in the order of their files. */
const MODULES = [
  ALLOWANCES,
  CASH_GIFT_790G,
  FUNERAL,
  FURNITURE,
  HOUSING_790A_BIS,
  LEVY_990I,
  MAIN_RESIDENCE,
  PREMIUMS_757B,
  RECALL,
  REPRESENTATION,
  SIBLING_EXEMPTION,
  SMALL_ESTATE,
  SPOUSE_EXEMPTION,
  USUFRUCT,
] as const satisfies readonly GeneratorFamily[];

/** One of the generator's own families, with the literal keys of its rows. */
export type GeneratorFamilyModule = (typeof MODULES)[number];

/**
 * The generator's side of the rule families, one module each (named like the engine's), in the
 * engine's order (`FAMILIES`, read from the engine: a family of the engine without its module
 * here is an error when this module loads). The numbered rules, the articles, the file and the
 * rows of `succ stats` are written from this table, each piece at its `place`. A new family is a
 * module of this folder and a line of `MODULES`.
 */
export const GENERATOR_FAMILIES: readonly GeneratorFamilyModule[] = listOf(FAMILIES, (e) => {
  const mine = MODULES.filter((g) => g.engine === e);
  if (mine.length !== 1) throw new Error(`generator: ${mine.length} modules for the engine's family "${e.name}" (one is needed)`);
  return mine[0]!;
});

/** The places of a table's pieces of one kind, sorted once per table (never per task). */
export function byPlace<T extends { readonly place: number }>(families: readonly GeneratorFamily[], pieces: (f: GeneratorFamily) => readonly T[] | undefined): T[] {
  return families.flatMap((f) => pieces(f) ?? []).sort((a, b) => a.place - b.place);
}
