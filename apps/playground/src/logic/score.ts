import { compute, RULES, sameAnswer, type Answer, type Dossier, type Rule } from "@succ/engine";
import { scoreReply, type ExpectedAnswer, type ScoreResult } from "@succ/scoring";
import { answerFields, beneficiaryKeys, fieldName, fieldValue, totalKeys, type AnyAnswer } from "./answer.js";

export interface FieldVerdict {
  field: string;
  key: string;
  expected: number;
  /** What the reply wrote, as text, when its block could be read (for display only). */
  given: string | null;
  /** The scorer's verdict; null when the reply was rejected before amounts were compared. */
  right: boolean | null;
}

export interface BeneficiaryVerdicts {
  id: string;
  fields: FieldVerdict[];
}

/** The rule (or pair of rules) whose counterfactual answer the first wrong field matches. */
export interface Counterfactual {
  field: string;
  rules: Rule[];
  /** The field's value with those rules ignored (the reply's value). */
  value: number;
  /** Fields of the reply that match that counterfactual answer, of all fields. */
  matched: number;
  of: number;
}

export interface ScoreView {
  result: ScoreResult;
  /** Keys of the beneficiaries' fields, from the gold answer. */
  keys: string[];
  beneficiaries: BeneficiaryVerdicts[];
  totals: FieldVerdict[];
  /** The first field the scorer found wrong, in the gold answer's order. */
  firstWrong: string | null;
  /** Null when there is no wrong field, no dossier, or no rule (or pair) explains it. */
  counterfactual: Counterfactual | null;
}

const BLOCK = /<droits>([\s\S]*)<\/droits>/;

/**
 * The amounts a reply wrote, as text keyed by field name, read leniently for display beside the
 * gold. The score never comes from here: it is the scorer's (`scoreReply`).
 */
export function replyAmounts(reply: string): Map<string, string> {
  const out = new Map<string, string>();
  const inner = BLOCK.exec(reply)?.[1];
  if (inner === undefined) return out;
  let value: unknown;
  try {
    value = JSON.parse(inner);
  } catch {
    return out;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return out;
  const text = (x: unknown): string | null => (typeof x === "number" || typeof x === "string" ? String(x) : null);
  for (const [key, v] of Object.entries(value)) {
    if (key === "beneficiaires" && typeof v === "object" && v !== null) {
      for (const [id, entry] of Object.entries(v)) {
        if (typeof entry !== "object" || entry === null) continue;
        for (const [k, amount] of Object.entries(entry)) {
          const t = text(amount);
          if (t !== null) out.set(fieldName(id, k), t);
        }
      }
    } else {
      const t = text(v);
      if (t !== null) out.set(key, t);
    }
  }
  return out;
}

function rightFields(result: ScoreResult): number {
  return Object.values(result.fields).filter(Boolean).length;
}

/** Rules one at a time, then pairs (in `RULES` order): the simplest explanation first. */
function* ruleSets(): Generator<Rule[]> {
  for (const rule of RULES) yield [rule];
  for (let i = 0; i < RULES.length; i++) for (let j = i + 1; j < RULES.length; j++) yield [RULES[i]!, RULES[j]!];
}

/**
 * Which rule the reply most likely missed: the counterfactual answers of the engine (the dossier
 * recomputed with rules switched off) are scored against the reply, and the one whose value of
 * `field` the reply wrote, with the most fields of the reply matching overall, is kept. Single
 * rules are tried before pairs, so a pair is named only when no single rule explains the field.
 */
export function explainField(reply: string, dossier: Dossier, gold: Answer, field: string): Counterfactual | null {
  let best: Counterfactual | null = null;
  let size = 1;
  for (const rules of ruleSets()) {
    if (rules.length > size) {
      if (best) break;
      size = rules.length;
    }
    const answer = compute(dossier, { ignore: rules }).answer;
    if (sameAnswer(answer, gold)) continue;
    const result = scoreReply(reply, answer as ExpectedAnswer);
    if (result.fields[field] !== true) continue;
    const matched = rightFields(result);
    if (!best || matched > best.matched) best = { field, rules, value: fieldValue(answer as unknown as AnyAnswer, field)!, matched, of: Object.keys(result.fields).length };
  }
  return best;
}

/** A reply scored against the gold answer, field by field, with the likely missed rule. */
export function scoreView(reply: string, gold: Answer, dossier: Dossier | null): ScoreView {
  const answer = gold as unknown as AnyAnswer;
  const result = scoreReply(reply, gold as ExpectedAnswer);
  const given = replyAmounts(reply);
  const verdict = (id: string | null, key: string, expected: number): FieldVerdict => {
    const field = fieldName(id, key);
    return { field, key, expected, given: given.get(field) ?? null, right: result.fields[field] ?? null };
  };
  const keys = beneficiaryKeys(answer);
  const beneficiaries = Object.entries(answer.beneficiaires).map(([id, entry]) => ({
    id,
    fields: Object.entries(entry).map(([key, expected]) => verdict(id, key, expected)),
  }));
  const totals = totalKeys(answer).map((key) => verdict(null, key, answer[key] as number));
  const order = answerFields(answer).map((f) => f.field);
  const firstWrong = order.find((field) => result.fields[field] === false) ?? null;
  const counterfactual = firstWrong !== null && dossier !== null ? explainField(reply, dossier, gold, firstWrong) : null;
  return { result, keys, beneficiaries, totals, firstWrong, counterfactual };
}
