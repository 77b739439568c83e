import { SUCCESS_THRESHOLD } from "../eval/summary.js";
import { formatAnswer } from "@succ/scoring";
import type { Task } from "@succ/generator";
import { setName, type SetLevel } from "@succ/server";

export const FORMATS = ["verifiers", "openai-evals", "promptfoo", "hf", "verl", "sft"] as const;
export type Format = (typeof FORMATS)[number];

/** The environment's name, as the `task` column of verifiers datasets. */
export const TASK_NAME = "succession-fr";

/** The gold answer as one line of JSON (the answer format of the README), keys in the generator's order. */
export function answerJson(task: Task): string {
  return JSON.stringify(task.answer);
}

/** The gold answer as the block a perfect reply ends with: <droits>{…}</droits> (the scorer's own, which scores 1). */
export function answerBlock(task: Task): string {
  return formatAnswer(task.answer);
}

function messages(task: Task) {
  return [{ role: "user" as const, content: task.prompt }];
}

/** What a row says of its task besides prompt and answer: id, level, variant, dossier, seed, index, generator version. */
export function taskInfo(task: Task) {
  return { id: task.id, level: task.level, variant: task.variant, ...task.info };
}

/**
 * A row's unique key: `<seed>/<set>/<id>` (`1/mix/succession-1-0`), with `+fictional-law` after
 * the set for a task of --fictional-law (another dossier's gold under the same id). An id alone
 * repeats across seeds (`succession-1-0` is in every seed's set); seeds never repeat across the
 * splits of an export, and ids never repeat within a set.
 */
export function rowUid(task: Task, set: SetLevel, fictionalLaw = task.info.fictionalLaw === true): string {
  return `${task.info.seed}/${setName(set)}${fictionalLaw ? "+fictional-law" : ""}/${task.id}`;
}

/** verifiers (prime-environments) dataset row: chat prompt, answer string, info (with the row's uid), task name. */
export function verifiersRow(task: Task, set: SetLevel) {
  return {
    prompt: messages(task),
    answer: answerJson(task),
    info: { ...taskInfo(task), uid: rowUid(task, set) },
    task: TASK_NAME,
  };
}

/** openai/evals (Match-style) sample: chat `input` and the `ideal` answer. */
export function openaiEvalsRow(task: Task) {
  return { input: messages(task), ideal: answerBlock(task) };
}

/** promptfoo test case: vars for the prompt template, the scoring assertion, filterable metadata. */
export function promptfooRow(task: Task, set: SetLevel, assertFile: string, allOrNothing: boolean) {
  return {
    description: task.id,
    vars: { prompt: task.prompt, answer: answerJson(task) },
    assert: [{ type: "javascript", value: `file://${assertFile}`, config: { allOrNothing } }],
    metadata: { id: task.id, level: task.level, variant: task.variant, uid: rowUid(task, set) },
  };
}

/**
 * The promptfoo assertion (ES module, default export): scores the output with @succ/scoring's
 * scoreReply against `vars.answer`. It imports "@succ/scoring" from where it lies (node_modules
 * up the tree), and falls back to the copy this CLI used when it wrote the file.
 */
export function promptfooAssertion(fallbackUrl: string | null): string {
  const candidates = JSON.stringify(["@succ/scoring", ...(fallbackUrl ? [fallbackUrl] : [])]);
  return `// Written by \`succ export --format promptfoo\` (succession-fr): the promptfoo assertion
// that scores a reply with @succ/scoring, exactly as \`succ score\` and \`succ eval\` do.
// Reads the gold answer from the test's vars.answer; assertion config: { allOrNothing }.
// Pass = score >= ${SUCCESS_THRESHOLD} (every value right); the score itself is partial credit (max 0.45).
const CANDIDATES = ${candidates};

let scoring;
async function loadScoring() {
  const errors = [];
  for (const spec of CANDIDATES) {
    try {
      const mod = await import(spec);
      if (typeof mod.scoreReply === "function") return mod;
    } catch (e) {
      errors.push(\`\${spec}: \${e && e.message ? e.message : e}\`);
    }
  }
  throw new Error(\`cannot import @succ/scoring (npm install @succ/scoring next to this file): \${errors.join("; ")}\`);
}

export default async function succession(output, context) {
  scoring ??= await loadScoring();
  const answer = context.vars.answer;
  const expected = typeof answer === "string" ? JSON.parse(answer) : answer;
  const reply = typeof output === "string" ? output : JSON.stringify(output);
  const allOrNothing = Boolean(context.config && context.config.allOrNothing);
  const result = scoring.scoreReply(reply, expected, { allOrNothing });
  return { pass: result.score >= ${SUCCESS_THRESHOLD}, score: result.score, reason: \`\${result.reason} (score \${result.score})\` };
}
`;
}
