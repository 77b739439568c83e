import { test } from "vitest";
import { writeFileSync } from "node:fs";
import { generateTask, taskLine } from "../task.js";
import { redrawCounts } from "../task.js";

test("scratch", () => {
  const t0 = Date.now();
  const lines: string[] = [];
  for (let i = 0; i < 100; i++) lines.push(taskLine(generateTask(0, i, 7)));
  const ms = Date.now() - t0;
  writeFileSync("/tmp/lvl19/tasks.jsonl", lines.join("\n") + "\n");
  writeFileSync("/tmp/lvl19/timing.txt", `${ms} ms for 100\n${JSON.stringify([...redrawCounts])}\n`);
});
