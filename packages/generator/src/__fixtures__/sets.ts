import { generateTasks, type GenerateOptions, type Task } from "../task.js";

const cache = new Map<string, Task[]>();

/** A task set, generated once per test file. */
export function taskSet(options: GenerateOptions = {}): Task[] {
  const key = JSON.stringify(options);
  let set = cache.get(key);
  if (!set) cache.set(key, (set = [...generateTasks(options)]));
  return set;
}

/** The default set: 400 tasks, seed 0, mix of levels. */
export function defaultSet(): Task[] {
  return taskSet({});
}
