import { compute, explain, RULE_INFO, RULES, sameAnswer, type Answer, type ComputeResult, type Dossier, type Rule } from "@succ/engine";
import { answerFields, type AnyAnswer } from "./answer.js";

export interface AmountChange {
  field: string;
  before: number;
  after: number;
}

export interface WhatIf {
  result: ComputeResult;
  sheet: string;
  /** Every field of the answer with its value under the law and with the rules off. */
  fields: AmountChange[];
  /** Only the fields whose value moved. */
  changes: AmountChange[];
}

/** The rules `compute` can switch off, each with its French name (the rule's code when it has none). */
export function ruleChoices(): { rule: Rule; label: string }[] {
  return RULES.map((rule) => ({ rule, label: RULE_INFO[rule]?.fr ?? rule }));
}

/** Field by field, `before` against `after` (fields of `before` in its order; new fields last). */
export function diffAnswers(before: Answer, after: Answer): AmountChange[] {
  const a = answerFields(before as unknown as AnyAnswer);
  const b = new Map(answerFields(after as unknown as AnyAnswer).map((f) => [f.field, f.value]));
  const out = a.map((f) => ({ field: f.field, before: f.value, after: b.get(f.field) ?? NaN }));
  for (const [field, value] of b) if (!a.some((f) => f.field === field)) out.push({ field, before: NaN, after: value });
  return out;
}

/** The dossier computed with `ignore` switched off, against the answer under the law. */
export function whatIf(dossier: Dossier, ignore: readonly Rule[]): WhatIf {
  const base = compute(dossier).answer;
  const result = compute(dossier, { ignore });
  const fields = diffAnswers(base, result.answer);
  return { result, sheet: explain(result), fields, changes: fields.filter((f) => !Object.is(f.before, f.after)) };
}

/** The rules that, switched off alone, change this dossier's answer. */
export function rulesThatChange(dossier: Dossier): Rule[] {
  const base = compute(dossier).answer;
  return RULES.filter((rule) => !sameAnswer(compute(dossier, { ignore: [rule] }).answer, base));
}
