import type { RuleFamily } from "../family.js";
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

/**
 * The rule families the engine runs, in the order of the computation (each family's `step`,
 * then this order within a step: the first exemption that applies wins, the allowances of a
 * family see those of the families before it). A new family is a module of this folder and a
 * line here.
 */
export const FAMILIES = [
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
] as const satisfies readonly RuleFamily[];
