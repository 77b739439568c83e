/**
 * @succ/rules: the law of French gift and inheritance tax (droits de mutation à titre gratuit)
 * as dated data next to its sources, in the manner of OpenFisca's parameters. Every value is a
 * series of periods with its article, the Légifrance link of the article and an official source;
 * formulas read the law of a date through {@link lawOn}, never a literal. No runtime dependency.
 */
export type { Band, Period, Reference, Series, Unit, UsufructRow } from "./types.js";
export type { RegimeSeries } from "./series.js";
export { CIVIL, CIVIL_ARTICLES, CIVIL_CODE_URL, CIVIL_ENACTED, disposableShareFor, type CivilArticleKey, type DisposableShareRow } from "./civil.js";
export { RELATIONSHIPS, RELATIONSHIP_FR, RELATIONSHIP_FR_BY_SEX, relationshipFr, DESCENDANTS, CIVIL_RELATIONSHIPS, type Relationship, type Sex, type TransferKind } from "./relationships.js";
export { ARTICLES, CGI_URL, SOURCES, articleUrl, type ArticleKey } from "./references.js";
export { ENACTED } from "./enactments.js";
export { LAW_COVERAGE, type Coverage, type CoverageDay } from "./coverage.js";
export { HOUSING_GIFT_790ABIS_CONFIRMED_THROUGH } from "./cash-gifts.js";
export { SCALE_OF, type ScaleName } from "./scales.js";
export { usufructPercent } from "./usufruct.js";
export {
  DATED_LAW,
  LAW_SERIES,
  LawCoverageError,
  SEED_LAW_DAY,
  constantLaw,
  coverageOf,
  coverageStart,
  datedLaw,
  dayAfter,
  isDay,
  isLawCoverageError,
  lawOn,
  lawWithCivil,
  personalAllowance,
  valueOn,
  type Law,
  type LawSeries,
  type LawSource,
  type ValuesOf,
} from "./law.js";
