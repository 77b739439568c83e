/**
 * Thrown only by the strict API (`scoreReplyStrict`, `checkExpected`, `formatAnswer`): a broken
 * gold answer or a bug in the scorer must stop `succ validate` instead of scoring 0 silently.
 */
export class ScoringError extends Error {
  override readonly name = "ScoringError";

  constructor(
    /** "bad_expected": the gold answer is malformed; "internal": the scorer itself failed. */
    readonly code: "bad_expected" | "internal",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
