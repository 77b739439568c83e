import type { ComponentChildren } from "preact";
import type { Task } from "@succ/generator";
import { useT } from "./lang.js";

/** The task's id, level and variant above a view; `children` adds tags or links. */
export function TaskHead({ task, children }: { task: Task; children?: ComponentChildren }) {
  const t = useT();
  return (
    <header class="task-head">
      <h2 data-testid="task-id">{task.id}</h2>
      <span class="tag">{t.levelN(task.level)}</span>
      <span class="tag">{task.variant}</span>
      {children}
    </header>
  );
}
