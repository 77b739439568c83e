/**
 * Reading answers without naming their fields: the gold answer says which amounts are expected
 * (today `part_taxable` and `droits` per beneficiary, and `total_droits`), so a field added to the
 * answer format shows up here with no change. Field names are the scorer's: `B1.droits` for a
 * beneficiary's amount, the key itself for an amount beside `beneficiaires`.
 */

/** An answer as JSON holds it: amounts per beneficiary, and amounts beside them. */
export interface AnyAnswer {
  beneficiaires: Record<string, Record<string, number>>;
  [key: string]: unknown;
}

export interface AnswerField {
  /** The scorer's name of the field: `B1.droits`, `total_droits`. */
  field: string;
  /** The beneficiary, or null for an amount beside `beneficiaires`. */
  id: string | null;
  key: string;
  value: number;
}

/** Keys of the beneficiaries' entries, in the order they first appear. */
export function beneficiaryKeys(answer: AnyAnswer): string[] {
  const keys: string[] = [];
  for (const entry of Object.values(answer.beneficiaires)) for (const key of Object.keys(entry)) if (!keys.includes(key)) keys.push(key);
  return keys;
}

/** The amounts beside `beneficiaires` (today `total_droits`). */
export function totalKeys(answer: AnyAnswer): string[] {
  return Object.keys(answer).filter((key) => key !== "beneficiaires" && typeof answer[key] === "number");
}

export function fieldName(id: string | null, key: string): string {
  return id === null ? key : `${id}.${key}`;
}

/** Every amount of an answer, beneficiaries first (in their order), then the totals. */
export function answerFields(answer: AnyAnswer): AnswerField[] {
  const out: AnswerField[] = [];
  for (const [id, entry] of Object.entries(answer.beneficiaires)) {
    for (const [key, value] of Object.entries(entry)) out.push({ field: fieldName(id, key), id, key, value });
  }
  for (const key of totalKeys(answer)) out.push({ field: key, id: null, key, value: answer[key] as number });
  return out;
}

/** The amount of one field (`B1.droits`, `total_droits`), or undefined when the answer has none. */
export function fieldValue(answer: AnyAnswer, field: string): number | undefined {
  const dot = field.indexOf(".");
  if (dot < 0) {
    const value = answer[field];
    return typeof value === "number" ? value : undefined;
  }
  return answer.beneficiaires[field.slice(0, dot)]?.[field.slice(dot + 1)];
}
