/**
 * @succ/engine: reads a dossier exactly, computes every beneficiary's taxable share and tax under
 * the `seed` or `cgi` rule set, explains it as a French calculation sheet. What a consumer uses is
 * here; the pieces the project's own packages reuse are behind `@succ/engine/internal`.
 */
export { DossierError, isDossierError, type DossierIssue } from "./errors.js";
export { JsonNumber, parseJsonExact } from "./json.js";
export { ageOn, anniversary, compareDates, olderThan, formatDate, formatDateFr, parseDate, withinYearsBefore, type CivilDate } from "./dates.js";
export {
  parseDossierText,
  readDossier,
  RULE_SETS,
  type AmountInput,
  type Asset,
  type AssetInput,
  type Beneficiary,
  type BeneficiaryInput,
  type Dossier,
  type DossierInput,
  type EstateDossier,
  type Gift,
  type GiftDossier,
  type GiftInput,
  type FurnitureInput,
  type LifeInsuranceContract,
  type LifeInsuranceInput,
  type MaritalStatus,
  MARITAL_STATUSES,
  type PriorGift,
  type PriorGiftInput,
  type ReadOptions,
  type RuleSet,
  type Sex,
} from "./dossier.js";
export { RULES, RULE_INFO, rulesOf, type Rule } from "./rules.js";
export { FAMILIES } from "./families/index.js";
export { STEPS, family, type Checks, type Context, type DossierField, type RuleFamily, type Step, type Switch } from "./family.js";
export type { BandDetail } from "./scale.js";
export type { GrossEstate, MainResidenceDetail } from "./assets.js";
export type { LifeInsuranceShare } from "./life-insurance.js";
export {
  compute,
  roundEuro,
  sameAnswer,
  type AllowanceItem,
  type Answer,
  type AnswerLine,
  type HousingExemption,
  type BeneficiaryResult,
  type ComputeOptions,
  type ComputeResult,
  type EstateResult,
  type EstateTotals,
  type Exemption,
  type Exemption790G,
  type GiftResult,
  type RecallDetail,
  type RecalledGift,
  type ValuePart,
} from "./compute.js";
export { explain } from "./explain.js";
export type { Blood, Branch, CivilFile, Family, FamilyNode, Marriage, Regime, Relative, SpouseOption, Will } from "./civil/family.js";
export { REGIMES, SPOUSE_OPTIONS } from "./civil/family.js";
export type { CivilShare, CivilTitle, Devolution, Legacy, LegacyKind } from "./civil/devolution.js";
export type { Liquidation } from "./civil/liquidation.js";
export type { Representation } from "./civil/heirs.js";
export { devolutionJson, type DevolutionJson } from "./civil/json.js";
export { CIVIL_FAMILIES, CIVIL_STEPS, type CivilFamily, type CivilStep } from "./civil/families.js";
export { amountFromCents, deName, euros, eurosFromCents, exactEuros, isWholeCents } from "./french.js";

import { compute, type Answer, type ComputeOptions } from "./compute.js";
import { readDossier, type ReadOptions } from "./dossier.js";

/** Reads a dossier and returns its answer: the shortest path for callers. */
export function answerOf(input: unknown, options?: ComputeOptions & ReadOptions): Answer {
  return compute(readDossier(input, options), options).answer;
}
