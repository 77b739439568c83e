import type { ExpectedAnswer } from "@succ/scoring";
import { CliError } from "./errors.js";
import { readLines, assertReadable } from "./io.js";

export interface TaskRef {
  id: string;
  level: number;
  variant: string;
  answer: ExpectedAnswer;
}

/**
 * Reads the gold side of a task file (JSONL from `succ generate`): id, level, variant and
 * answer, keeping no prompt in memory. A malformed line is an error naming its line.
 */
export async function readTaskRefs(file: string): Promise<Map<string, TaskRef>> {
  await assertReadable(file);
  const tasks = new Map<string, TaskRef>();
  let n = 0;
  for await (const line of readLines(file)) {
    n++;
    if (line.trim() === "") continue;
    let t: Partial<TaskRef> & Record<string, unknown>;
    try {
      t = JSON.parse(line);
    } catch {
      throw new CliError(`${file}, line ${n}: not JSON`);
    }
    if (typeof t !== "object" || t === null || typeof t.id !== "string" || typeof t.answer !== "object" || t.answer === null) {
      throw new CliError(`${file}, line ${n}: not a task (expected "id" and "answer")`);
    }
    if (tasks.has(t.id)) throw new CliError(`${file}, line ${n}: duplicate task id "${t.id}"`);
    tasks.set(t.id, { id: t.id, level: typeof t.level === "number" ? t.level : 0, variant: String(t.variant ?? ""), answer: t.answer as ExpectedAnswer });
  }
  if (tasks.size === 0) throw new CliError(`${file}: no task`);
  return tasks;
}
