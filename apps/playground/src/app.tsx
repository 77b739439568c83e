import type { Rule } from "@succ/engine";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import example from "../../../examples/estate-spouse-children.json?raw";
import { LANGS, MESSAGES } from "./logic/i18n.js";
import { formatRoute, parseRoute, TASK_VIEWS, VIEWS, type Route, type TaskRef, type View } from "./logic/route.js";
import { loadRun, RunFileError } from "./logic/runs.js";
import { TaskCache, type OpenedTask } from "./logic/task.js";
import type { NamedText } from "./ui/drop-zone.js";
import { LangContext } from "./ui/lang.js";
import { TaskPicker } from "./ui/task-picker.js";
import { CalculatorView } from "./views/calculator.js";
import { RunsView, type RunSlot } from "./views/runs.js";
import { ScoreView } from "./views/score.js";
import { TasksView } from "./views/tasks.js";
import { WhatIfView } from "./views/whatif.js";

const cache = new TaskCache();

function taskKey(ref: TaskRef): string {
  return `${ref.seed}/${ref.level}/${ref.index}`;
}

/**
 * The route of the address bar; a view without a task keeps the task of the route before (its
 * language is the link's).
 */
function routeFrom(hash: string, before: Route | null): { route: Route; problems: string[] } {
  const parsed = parseRoute(hash);
  if (before && !TASK_VIEWS.includes(parsed.route.view) && !/(^|[#&])(seed|i|level)=/.test(hash)) {
    return { route: { ...before, view: parsed.route.view, lang: parsed.route.lang }, problems: parsed.problems };
  }
  return parsed;
}

export function App() {
  const [{ route, problems }, setRoute] = useState(() => routeFrom(location.hash, null));
  const routeRef = useRef(route);
  routeRef.current = route;
  useEffect(() => {
    const onHash = () => setRoute(routeFrom(location.hash, routeRef.current));
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);
  const t = MESSAGES[route.lang];
  useEffect(() => {
    document.documentElement.lang = route.lang;
  }, [route.lang]);
  const go = (next: Route) => {
    const hash = formatRoute(next);
    if (hash === location.hash) setRoute({ route: next, problems: [] });
    else location.hash = hash;
  };

  const ref: TaskRef = { seed: route.seed, level: route.level, index: route.index };
  const opened = useMemo((): OpenedTask | Error => {
    try {
      return cache.get(ref);
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    }
  }, [ref.seed, ref.level, ref.index]);

  const [replies, setReplies] = useState<Map<string, string>>(new Map());
  const [ignore, setIgnore] = useState<Rule[]>([]);
  const [calcText, setCalcText] = useState(example);
  const [slots, setSlots] = useState<RunSlot[]>([
    { run: null, error: null },
    { run: null, error: null },
  ]);
  const setSlot = (i: number, slot: RunSlot) => setSlots((s) => s.map((x, k) => (k === i ? slot : x)));
  const onFiles = (i: number, files: NamedText[]) => {
    try {
      setSlot(i, { run: loadRun(files), error: null });
    } catch (e) {
      const message = e instanceof RunFileError ? e.message : t.cannotRead(files.map((f) => f.name).join(", "), e instanceof Error ? e.message : String(e));
      setSlot(i, { run: slots[i]!.run, error: message });
    }
  };

  const isTaskView = TASK_VIEWS.includes(route.view);
  const link = (view: View) => formatRoute({ ...route, view });
  let body;
  if (isTaskView && opened instanceof Error) {
    body = (
      <p class="error" role="alert">
        {t.cannotGenerate}
        {opened.message}
      </p>
    );
  } else if (route.view === "tasks") {
    body = <TasksView opened={opened as OpenedTask} links={{ tasks: link("tasks"), score: link("score"), whatif: link("whatif") }} />;
  } else if (route.view === "score") {
    body = (
      <ScoreView
        opened={opened as OpenedTask}
        reply={replies.get(taskKey(ref)) ?? ""}
        onReply={(text) => setReplies((m) => new Map(m).set(taskKey(ref), text))}
      />
    );
  } else if (route.view === "whatif") {
    body = <WhatIfView opened={opened as OpenedTask} ignore={ignore} onIgnore={setIgnore} />;
  } else if (route.view === "calculator") {
    body = (
      <CalculatorView
        text={calcText}
        onText={setCalcText}
        onExample={() => setCalcText(example)}
        onTaskDossier={opened instanceof Error ? null : () => setCalcText(`${JSON.stringify((opened as OpenedTask).task.info.dossier, null, 2)}\n`)}
      />
    );
  } else {
    body = (
      <RunsView slots={slots} onFiles={onFiles} onError={(i, error) => setSlot(i, { run: slots[i]!.run, error })} onClear={(i) => setSlot(i, { run: null, error: null })} />
    );
  }

  return (
    <LangContext.Provider value={route.lang}>
      <header class="top no-print">
        <h1>
          succession-fr <span>{t.appName}</span>
        </h1>
        <nav>
          {VIEWS.map((view) => (
            <a key={view} href={link(view)} class={route.view === view ? "active" : ""} aria-current={route.view === view ? "page" : undefined}>
              {t.tabs[view]}
            </a>
          ))}
        </nav>
        {isTaskView && <TaskPicker value={ref} onChange={(r) => go({ ...route, ...r })} />}
        <nav class="langs" aria-label="Langue / Language">
          {LANGS.map((lang) => (
            <a key={lang} href={formatRoute({ ...route, lang })} lang={lang} hrefLang={lang} class={route.lang === lang ? "active" : ""} aria-current={route.lang === lang ? "true" : undefined} title={MESSAGES[lang].langName} data-testid={`lang-${lang}`}>
              {lang.toUpperCase()}
            </a>
          ))}
        </nav>
      </header>
      {problems.length > 0 && (
        <p class="warning no-print" role="alert">
          {t.linkIgnored}
          {problems.join("; ")}.
        </p>
      )}
      <main>{body}</main>
      <footer class="no-print">{t.footer}</footer>
    </LangContext.Provider>
  );
}
