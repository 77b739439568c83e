/**
 * One beneficiary's line of a gold answer: whole non-negative euros. `prelevement_990I` (the
 * art. 990 I levy on life insurance) is there only under the `cgi` rules, for a beneficiary who
 * receives such sums; a reply must then give it too, and must not give it otherwise.
 */
export interface BeneficiaryAnswer {
  part_taxable: number;
  droits: number;
  prelevement_990I?: number;
}

/** The gold answer of one task. `total_droits` is Σ droits (the 990 I levy is not in it). */
export interface ExpectedAnswer {
  beneficiaires: Record<string, BeneficiaryAnswer>;
  total_droits: number;
}

export interface ScoreOptions {
  /** 0 unless every field (total included) is right: no partial credit. */
  allOrNothing?: boolean;
  /**
   * Only whitespace may follow `</droits>`: end-of-sequence tokens (END_OF_SEQUENCE_TOKENS,
   * allowed after the block by default) give `text_after_block` like any other text.
   */
  strictEnd?: boolean;
}

export interface ScoreResult {
  /** In [0, 1]: 1 when all right, at most 0.45 otherwise (see isSuccess). */
  score: number;
  /** `code` or `code: detail`, e.g. "ok", "partial", "unknown_key: B9", "bad_amount: B1.droits". */
  reason: string;
  /**
   * Which fields were right, keyed "B1.part_taxable", "B1.droits", ("B1.prelevement_990I"), …,
   * "total_droits". Empty when the reply was rejected before its amounts were compared.
   */
  fields: Record<string, boolean>;
}
