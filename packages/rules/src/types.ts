/**
 * The shapes of the law as data, in the manner of OpenFisca's parameters: every legal value is a
 * series of dated periods (value, first day, last day or open), with its unit, its article of the
 * Code général des impôts, the Légifrance link of that article and an official explanatory
 * source. Dates are `YYYY-MM-DD` text: they compare as strings.
 */

/** Where a value comes from. */
export interface Reference {
  /** Article of the Code général des impôts, with its paragraph: "779 I", "790 G", "777 tableau I". */
  readonly article: string;
  /** Légifrance link of the article itself (its LEGIARTI id). */
  readonly legifrance: string;
  /** Official explanatory source: a BOFiP paragraph or a service-public page. */
  readonly official: string;
  /** `"civil"`: an article of the Code civil (the civil devolution); absent: of the Code général des impôts. */
  readonly code?: "civil";
}

export type Unit = "EUR" | "percent" | "years" | "relationships" | "scale" | "table" | "dates" | "fraction" | "degree";

/** One value of a series and the days on which it applies. */
export interface Period<V> {
  readonly value: V;
  /** First day on which the value applies (acts of that day and later). */
  readonly from: string;
  /** Last day on which it applies; `null` while it is still in force. */
  readonly to: string | null;
  /** The text that set this value (a law and its article), for the record. */
  readonly enactedBy: string;
}

/** A legal value through time. The periods are in date order and leave no day uncovered between them. */
export interface Series<V> {
  /** What the value is, in French, as a notary would name it. */
  readonly label: string;
  readonly unit: Unit;
  readonly reference: Reference;
  readonly periods: readonly Period<V>[];
}

/** A band of a progressive scale: up to `upTo` euros (`null`: no bound) at `ratePercent`. */
export interface Band {
  readonly upTo: number | null;
  /** Rate in percent, with at most two decimals (31.25 for art. 990 I). */
  readonly ratePercent: number;
}

/** A row of the art. 669 table: up to and including `maxAge` (`null`: any age above the previous row). */
export interface UsufructRow {
  readonly maxAge: number | null;
  readonly usufructPercent: number;
}
