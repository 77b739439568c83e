// What the tests of the readers by answer share (score-text.test.ts, body.test.ts): two gold
// answers, a reply, the probes that tell golds apart, and the general reader as the reference
// each fast reader is compared with.
import { formatAnswer, scoreReply, type ExpectedAnswer, type PreparedExpected } from "@succ/scoring";
import { AnswerCache } from "../src/gold";
import { parseJson } from "../src/json";
import { readScoreRequest, type ScoreRequest } from "../src/requests";

export const GOOD: ExpectedAnswer = {
  beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149270, droits: 28048 } },
  total_droits: 28048,
};
export const LEVY: ExpectedAnswer = { beneficiaires: { B7: { part_taxable: 10, droits: 2, prelevement_990I: 5 } }, total_droits: 2 };
export const REPLY = `Calcul terminé.\n${formatAnswer(GOOD)}`;
export const DEFAULTS = { seed: 0, set: 0 } as const;

/** Replies that tell the golds apart: each one's gold block, and one with B2's droits wrong. */
const PROBES = [formatAnswer(GOOD), formatAnswer(LEVY), REPLY.replaceAll("28048", "28000"), "pas de bloc"];

/** The general reader's request for `text`, or the message of its error. */
export function general(text: string, maxBatch = 4096): ScoreRequest | string {
  try {
    return readScoreRequest(parseJson(text), DEFAULTS, maxBatch, new AnswerCache(100));
  } catch (e) {
    return (e as Error).message;
  }
}

/** A request as what scoring sees of it: replies, flags, and how each gold scores the probes. */
export function seen(request: ScoreRequest) {
  return {
    flags: [request.allOrNothing, request.trimReply, request.strictEnd],
    items: request.jobs.map((job) => {
      const gold = (job.gold as { answer: PreparedExpected }).answer;
      return { reply: job.reply, scores: PROBES.map((probe) => scoreReply(probe, gold)) };
    }),
  };
}
