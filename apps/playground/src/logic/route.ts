import { LEVELS } from "@succ/generator";
import { DEFAULT_LANG, LANGS, MESSAGES, type Lang, type Messages } from "./i18n.js";

/** The views of the app, in the order of its tabs. */
export const VIEWS = ["tasks", "score", "whatif", "calculator", "runs"] as const;
export type View = (typeof VIEWS)[number];

/** A task of the generator: task `index` of the set drawn from `seed` at `level` (0 = the mix). */
export interface TaskRef {
  seed: number;
  level: number;
  index: number;
}

export interface Route extends TaskRef {
  view: View;
  /** The language of the interface (French unless the link says `lang=en`). */
  lang: Lang;
}

export const DEFAULT_ROUTE: Route = { view: "tasks", seed: 0, level: 0, index: 0, lang: DEFAULT_LANG };

/** Views that show one task of the generator (and so carry it in their permalink). */
export const TASK_VIEWS: readonly View[] = ["tasks", "score", "whatif"];

/** Levels a task can be opened at: 0 (the mix) and each level the generator has. */
export function levelOptions(): number[] {
  return [0, ...LEVELS];
}

function wholeNumber(t: Messages, name: string, text: string, min: number | null, problems: string[]): number | null {
  const value = /^-?\d{1,16}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || (min !== null && value < min)) {
    problems.push(t.mustBeWhole(name, min, JSON.stringify(text)));
    return null;
  }
  return value;
}

/**
 * Reads a permalink such as `#seed=0&i=17` (the tasks view), `#view=score&seed=0&level=4&i=3`,
 * `#lang=en&seed=0&i=17` (the interface in English).
 * What is missing takes its default; what is wrong takes its default too and is named in
 * `problems` (in the link's language), so that a mistyped link still opens a task and says what
 * it ignored.
 */
export function parseRoute(hash: string): { route: Route; problems: string[] } {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const route: Route = { ...DEFAULT_ROUTE };
  const problems: string[] = [];
  const lang = params.get("lang");
  if (lang !== null) {
    if ((LANGS as readonly string[]).includes(lang)) route.lang = lang as Lang;
    else problems.push(MESSAGES[DEFAULT_LANG].mustBeOneOf("lang", LANGS.join(", "), JSON.stringify(lang)));
  }
  const t = MESSAGES[route.lang];
  const view = params.get("view");
  if (view !== null) {
    if ((VIEWS as readonly string[]).includes(view)) route.view = view as View;
    else problems.push(t.mustBeOneOf("view", VIEWS.join(", "), JSON.stringify(view)));
  }
  const seed = params.get("seed");
  if (seed !== null) route.seed = wholeNumber(t, "seed", seed, null, problems) ?? route.seed;
  const index = params.get("i");
  if (index !== null) route.index = wholeNumber(t, "i", index, 0, problems) ?? route.index;
  const level = params.get("level");
  if (level !== null) {
    const value = wholeNumber(t, "level", level, 0, problems);
    if (value !== null && !levelOptions().includes(value)) problems.push(t.levelMustBe(levelOptions().join(", "), value));
    else if (value !== null) route.level = value;
  }
  return { route, problems };
}

/** The permalink of a route: `#seed=0&i=17` for the tasks view; defaults are left out. */
export function formatRoute(route: Route): string {
  const parts: string[] = [];
  if (route.lang !== DEFAULT_LANG) parts.push(`lang=${route.lang}`);
  if (route.view !== "tasks") parts.push(`view=${route.view}`);
  if (TASK_VIEWS.includes(route.view)) {
    parts.push(`seed=${route.seed}`);
    if (route.level !== 0) parts.push(`level=${route.level}`);
    parts.push(`i=${route.index}`);
  }
  return `#${parts.join("&")}`;
}
