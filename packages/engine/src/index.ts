export { DossierError, isDossierError, type DossierIssue } from "./errors.js";
export { JsonNumber, parseJsonExact } from "./json.js";
export { ageOn, compareDates, formatDate, formatDateFr, parseDate, withinYearsBefore, type CivilDate } from "./dates.js";
export {
  parseDossierText,
  readDossier,
  type AmountInput,
  type Beneficiary,
  type BeneficiaryInput,
  type Dossier,
  type DossierInput,
  type EstateDossier,
  type Gift,
  type GiftDossier,
  type GiftInput,
  type PriorGift,
  type PriorGiftInput,
} from "./dossier.js";
export {
  compute,
  roundEuro,
  sameAnswer,
  scaleTax,
  RULES,
  type AllowanceItem,
  type Answer,
  type BandDetail,
  type BeneficiaryResult,
  type ComputeOptions,
  type ComputeResult,
  type EstateTotals,
  type Exemption790G,
  type RecallDetail,
  type Rule,
  type ValuePart,
} from "./compute.js";
export { euros, explain, RELATIONSHIP_FR, RULE_FR } from "./explain.js";

import { compute, type Answer, type ComputeOptions } from "./compute.js";
import { readDossier } from "./dossier.js";

/** Reads a dossier and returns its answer (spec §3): the shortest path for callers. */
export function answerOf(input: unknown, options?: ComputeOptions): Answer {
  return compute(readDossier(input), options).answer;
}
