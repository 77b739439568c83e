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
 * The tasks of a JSONL file (from `succ generate`), parsed one line at a time, each checked
 * for "id" and "answer" (and "info.dossier" when `withDossier`). A malformed line is an error
 * naming its line.
 */
export async function* readTasks(file: string, withDossier = false): AsyncGenerator<Record<string, unknown> & { id: string; answer: ExpectedAnswer }> {
  await assertReadable(file);
  let n = 0;
  for await (const line of readLines(file)) {
    n++;
    if (line.trim() === "") continue;
    let t: Record<string, unknown> & { id?: unknown; answer?: unknown; info?: { dossier?: unknown } };
    try {
      t = JSON.parse(line);
    } catch {
      throw new CliError(`${file}, line ${n}: not JSON`);
    }
    const ok =
      typeof t === "object" &&
      t !== null &&
      typeof t.id === "string" &&
      typeof t.answer === "object" &&
      t.answer !== null &&
      (!withDossier || (typeof t.info?.dossier === "object" && t.info.dossier !== null));
    if (!ok) throw new CliError(`${file}, line ${n}: not a task (expected "id", "answer"${withDossier ? ' and "info.dossier"' : ""})`);
    yield t as Record<string, unknown> & { id: string; answer: ExpectedAnswer };
  }
}

/**
 * Reads the gold side of a task file: id, level, variant and answer, keeping no prompt in
 * memory. Task ids must be unique.
 */
export async function readTaskRefs(file: string): Promise<Map<string, TaskRef>> {
  const tasks = new Map<string, TaskRef>();
  for await (const t of readTasks(file)) {
    if (tasks.has(t.id)) throw new CliError(`${file}: duplicate task id "${t.id}"`);
    tasks.set(t.id, { id: t.id, level: typeof t.level === "number" ? t.level : 0, variant: String(t.variant ?? ""), answer: t.answer });
  }
  if (tasks.size === 0) throw new CliError(`${file}: no task`);
  return tasks;
}
