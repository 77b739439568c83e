/** The gold answer of one task (dossier §3): whole non-negative euros. */
export interface ExpectedAnswer {
  beneficiaires: Record<string, { part_taxable: number; droits: number }>;
  total_droits: number;
}

export interface ScoreOptions {
  /** 0 unless every field (total included) is right: no partial credit. */
  allOrNothing?: boolean;
}

export interface ScoreResult {
  /** In [0, 1]: 1 when all right, at most 0.45 otherwise. */
  score: number;
  /** `code` or `code: detail`, e.g. "ok", "partial", "unknown_key: B9", "bad_amount: B1.droits". */
  reason: string;
  /**
   * Which fields were right, keyed "B1.part_taxable", "B1.droits", …, "total_droits".
   * Empty when the reply was rejected before its amounts were compared.
   */
  fields: Record<string, boolean>;
}
