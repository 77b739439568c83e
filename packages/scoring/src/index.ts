export { isSuccess, scoreAndReason, scoreReply, scoreReplyStrict, SUCCESS_THRESHOLD } from "./score";
export { checkExpected, prepareExpected, PreparedExpected } from "./expected";
export { formatAnswer } from "./format";
export { hostileReplies, type HostileReply } from "./hostile";
export { ScoringError } from "./errors";
export { END_OF_SEQUENCE_TOKENS, MAX_REPLY_LENGTH } from "./block";
export type { BeneficiaryAnswer, ExpectedAnswer, ScoreOptions, ScoreResult } from "./types";
