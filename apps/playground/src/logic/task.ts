import { compute, explain, readDossier, type ComputeResult, type Dossier } from "@succ/engine";
import { generateTask, type Task } from "@succ/generator";
import type { TaskRef } from "./route.js";

export interface OpenedTask {
  task: Task;
  dossier: Dossier;
  result: ComputeResult;
  /** The French calculation sheet of the engine. */
  sheet: string;
}

/**
 * Task `index` of the set drawn from `seed` at `level`, generated in the page, with the engine's
 * computation of its dossier (whose answer is the gold answer) and its calculation sheet.
 */
export function openTask(ref: TaskRef): OpenedTask {
  const task = generateTask(ref.seed, ref.index, ref.level as 0);
  const dossier = readDossier(task.info.dossier);
  const result = compute(dossier);
  return { task, dossier, result, sheet: explain(result) };
}

/** The last few tasks opened, so that switching views does not generate a task again. */
export class TaskCache {
  private readonly map = new Map<string, OpenedTask>();
  constructor(private readonly size = 16) {}

  get(ref: TaskRef): OpenedTask {
    const key = `${ref.seed}/${ref.level}/${ref.index}`;
    let hit = this.map.get(key);
    if (hit) this.map.delete(key);
    else hit = openTask(ref);
    this.map.set(key, hit);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
    return hit;
  }
}
