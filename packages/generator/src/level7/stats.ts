import type { Task } from "../task.js";
import { MISTAKES, mistakesOf, type CivilMistake } from "./mistakes.js";
import { listOf } from "../draft.js";

/**
 * The measures of level 7 (`succ stats --level 7`): for each common civil mistake, the tasks that
 * hold its feature and how many of them the mistake still gets fully right (the target: 5 % at
 * most; by construction 0, as every such task is redrawn), and the share over all tasks of the
 * level (a task without the feature is right with the mistake, which changes nothing there).
 */
export interface CivilStats {
  mistakes: Record<CivilMistake, { featured: number; stillRightFeatured: number }>;
}

export function emptyCivilStats(): CivilStats {
  return { mistakes: Object.fromEntries(listOf(MISTAKES, (m) => [m.key, { featured: 0, stillRightFeatured: 0 }])) as CivilStats["mistakes"] };
}

export function addCivilTask(s: CivilStats, t: Task): void {
  if (t.info.devolution === undefined) return;
  for (const m of mistakesOf(t.info.dossier, t.info.devolution, t.answer)) {
    const row = s.mistakes[m.key];
    row.featured++;
    if (m.stillRight) row.stillRightFeatured++;
  }
}
