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
export { CGI_ACTS, REPLAY_FROM, donees790G, lawAt, netEstateOf } from "./check.js";
export { RULES, RULE_INFO, rulesOf, type Rule } from "./rules.js";
export { scaleSlices, scaleTax, type BandDetail } from "./scale.js";
export { grossEstateOf, type GrossEstate, type MainResidenceDetail } from "./assets.js";
export { base757B, lifeInsuranceOf, type LifeInsuranceShare } from "./life-insurance.js";
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
export { amountFromCents, deName, euros, eurosFromCents, exactEuros, isWholeCents } from "./french.js";

import { compute, type Answer, type ComputeOptions } from "./compute.js";
import { readDossier, type ReadOptions } from "./dossier.js";

/** Reads a dossier and returns its answer: the shortest path for callers. */
export function answerOf(input: unknown, options?: ComputeOptions & ReadOptions): Answer {
  return compute(readDossier(input, options), options).answer;
}
