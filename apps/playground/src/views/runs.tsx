import { formatAnswer } from "@succ/scoring";
import { useContext, useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { AnyAnswer } from "../logic/answer.js";
import { percent, percentInterval, reward, rewardInterval, score as fmtScore, signed } from "../logic/format.js";
import { formatRoute } from "../logic/route.js";
import {
  compareRuns,
  failureReasons,
  filterRollouts,
  histogram,
  NO_FILTER,
  reasonCode,
  runStats,
  sortRollouts,
  taskOfRollout,
  thresholdOf,
  type LevelStats,
  type Outcome,
  type Rollout,
  type RolloutFilter,
  type Run,
  type RunSummary,
  type SortKey,
} from "../logic/runs.js";
import { scoreView } from "../logic/score.js";
import { BarChart } from "../ui/charts.js";
import { DropZone, type NamedText } from "../ui/drop-zone.js";
import { LangContext, useT } from "../ui/lang.js";
import type { Messages } from "../logic/i18n.js";
import { Verdict } from "./score.js";
import { readDossier } from "@succ/engine";

export interface RunSlot {
  run: Run | null;
  error: string | null;
}

const PAGE = 50;

/** A level's row key (`data-level`): the level, or "all" for the whole run. */
function levelKey(level: number | null): string {
  return level === null ? "all" : String(level);
}

function levelName(t: Messages, level: number | null): string {
  return level === null ? t.all : String(level);
}

/** Figures of summary.json that the results do not reproduce (a file edited, a run resumed elsewhere). */
function summaryDisagreements(t: Messages, summary: RunSummary, levels: LevelStats[], overall: LevelStats): string[] {
  const out: string[] = [];
  const check = (name: string, f: RunSummary["overall"] | undefined, s: LevelStats) => {
    if (!f) return;
    if (f.done !== null && f.done !== s.rollouts) out.push(t.disagreeRollouts(name, f.done, s.rollouts));
    else if (f.mean_reward !== null && s.meanReward !== null && Math.abs(f.mean_reward - s.meanReward) > 1e-6) out.push(t.disagreeMean(name, reward(f.mean_reward), reward(s.meanReward)));
  };
  for (const s of levels) check(t.levelN(s.level!), summary.perLevel.get(s.level!) as RunSummary["overall"], s);
  check(t.overall, summary.overall, overall);
  return out;
}

/** Per level: success rate and mean reward with their 95 % intervals. */
function LevelTable({ run }: { run: Run }) {
  const stats = useMemo(() => runStats(run.rollouts, thresholdOf(run)), [run]);
  const t = useT();
  if (run.rollouts.length === 0 && run.summary) {
    // A summary alone: its own figures, no interval (they need the rollouts).
    const rows = [...run.summary.perLevel].map(([level, f]) => ({ level: String(level), name: String(level), f }));
    if (run.summary.overall) rows.push({ level: "all", name: t.all, f: run.summary.overall });
    return (
      <table class="levels" data-testid="levels">
        <thead>
          <tr>
            <th>{t.levelCol}</th>
            <th>{t.rolloutsCol}</th>
            <th>{t.errorsCol}</th>
            <th>{t.successRate}</th>
            <th>{t.meanReward}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ level, name, f }) => (
            <tr key={level} data-level={level}>
              <th scope="row">{name}</th>
              <td>{f.done ?? "–"}</td>
              <td>{f.errors ?? "–"}</td>
              <td class="rate">{percent(f.success_rate)}</td>
              <td class="mean">{reward(f.mean_reward)}</td>
            </tr>
          ))}
        </tbody>
        <caption>{t.summaryAloneCaption}</caption>
      </table>
    );
  }
  const disagree = run.summary ? summaryDisagreements(t, run.summary, stats.levels, stats.overall) : [];
  return (
    <>
      <table class="levels" data-testid="levels">
        <thead>
          <tr>
            <th>{t.levelCol}</th>
            <th>{t.tasksCol}</th>
            <th>{t.rolloutsCol}</th>
            <th>{t.errorsCol}</th>
            <th>{t.successRate}</th>
            <th>{t.interval95}</th>
            <th>{t.meanReward}</th>
            <th>{t.interval95}</th>
            <th>{t.tokens}</th>
          </tr>
        </thead>
        <tbody>
          {[...stats.levels, stats.overall].map((s) => (
            <tr key={levelKey(s.level)} data-level={levelKey(s.level)} class={s.level === null ? "total" : ""}>
              <th scope="row">{levelName(t, s.level)}</th>
              <td>{s.tasks}</td>
              <td>{s.rollouts}</td>
              <td>{s.errors}</td>
              <td class="rate">{percent(s.successRate)}</td>
              <td class="ci">{percentInterval(s.successInterval)}</td>
              <td class="mean">{reward(s.meanReward)}</td>
              <td class="ci">{rewardInterval(s.meanInterval)}</td>
              <td class="tokens">
                {s.promptTokens.toLocaleString(t.locale)} / {s.completionTokens.toLocaleString(t.locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="hint">
        {t.successNote(thresholdOf(run))} {run.summary && disagree.length === 0 && <span data-testid="summary-agrees">{t.summaryAgrees}</span>}
      </p>
      {disagree.length > 0 && (
        <ul class="warning" data-testid="summary-disagrees">
          {disagree.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
    </>
  );
}

function Charts({ runs }: { runs: Run[] }) {
  const stats = runs.map((r) => runStats(r.rollouts, thresholdOf(r)));
  const levels = [...new Set(stats.flatMap((s) => s.levels.map((l) => l.level!)))].sort((a, b) => a - b);
  const at = (i: number, level: number | null) => (level === null ? stats[i]!.overall : (stats[i]!.levels.find((l) => l.level === level) ?? null));
  const names = runs.map((r, i) => `${String.fromCharCode(65 + i)}: ${r.name}`);
  const keys = [...levels, null];
  const hist = runs.map((r) => histogram(r.rollouts));
  const t = useT();
  return (
    <div class="charts">
      <BarChart
        title={t.successByLevel}
        series={names}
        max={1}
        format={(x) => `${Math.round(100 * x)} %`}
        bars={keys.map((level) => ({
          label: levelName(t, level),
          values: runs.map((_, i) => at(i, level)?.successRate ?? null),
          intervals: runs.map((_, i) => at(i, level)?.successInterval ?? null),
        }))}
      />
      <BarChart
        title={t.meanByLevel}
        series={names}
        max={1}
        format={(x) => x.toFixed(2)}
        bars={keys.map((level) => ({
          label: levelName(t, level),
          values: runs.map((_, i) => at(i, level)?.meanReward ?? null),
          intervals: runs.map((_, i) => at(i, level)?.meanInterval ?? null),
        }))}
      />
      <BarChart
        title={t.scoreDistribution}
        series={names}
        max={Math.max(0.1, Math.ceil(10 * Math.max(...hist.flatMap((h, i) => h.map((b) => b.count / Math.max(1, runs[i]!.rollouts.length))))) / 10)}
        format={(x) => `${Math.round(100 * x)} %`}
        bars={hist[0]!.map((bin, k) => ({
          label: bin.label,
          values: hist.map((h, i) => h[k]!.count / Math.max(1, runs[i]!.rollouts.length)),
          texts: hist.map((h) => (h[k]!.count > 0 ? String(h[k]!.count) : "")),
        }))}
      />
    </div>
  );
}

function Reasons({ run, onPick }: { run: Run; onPick: (code: string) => void }) {
  const reasons = useMemo(() => failureReasons(run.rollouts, thresholdOf(run)), [run]);
  const failures = reasons.reduce((s, r) => s + r.count, 0);
  const t = useT();
  if (failures === 0) return <p class="hint">{t.noFailure}</p>;
  return (
    <table class="reasons" data-testid="reasons">
      <thead>
        <tr>
          <th>{t.reason}</th>
          <th>{t.rolloutsCol}</th>
          <th>{t.shareOfFailures}</th>
          <th>{t.mostFrequent}</th>
        </tr>
      </thead>
      <tbody>
        {reasons.map((r) => (
          <tr key={r.code}>
            <th scope="row">
              <button type="button" class="link" onClick={() => onPick(r.code)} title={t.showTheseRollouts}>
                {r.code}
              </button>
            </th>
            <td>{r.count}</td>
            <td>
              <span class="meter" style={{ width: `${(100 * r.count) / failures}%` }} /> {percent(r.count / failures)}
            </td>
            <td class="details">{r.details.map((d) => `${d.reason} (${d.count})`).join(", ")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A rollout's reply beside its task's gold answer, scored again field by field. */
function RolloutDetail({ run, rollout, onClose }: { run: Run; rollout: Rollout; onClose: () => void }) {
  const task = useMemo(() => taskOfRollout(run.summary, rollout), [run, rollout]);
  const dossier = useMemo(() => (task ? readDossier(task.info.dossier) : null), [task]);
  const view = useMemo(() => (task && rollout.reply !== null ? scoreView(rollout.reply, task.answer, dossier) : null), [task, rollout, dossier]);
  const t = useT();
  const lang = useContext(LangContext);
  const link = run.summary && run.summary.seed !== null ? formatRoute({ view: "tasks", seed: run.summary.seed, level: run.summary.level ?? 0, index: rollout.index, lang }) : null;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.scrollIntoView({ block: "nearest" }), [rollout]);
  return (
    <div class="detail" data-testid="rollout-detail" ref={box}>
      <header>
        <h3>{t.rolloutN(rollout.id, rollout.rollout)}</h3>
        <span class="tag">{t.scoreTag(fmtScore(rollout.score))}</span>
        <span class="tag">{rollout.reason}</span>
        {rollout.finishReason && <span class="tag">{t.finish(rollout.finishReason)}</span>}
        {rollout.latencyMs !== null && <span class="tag">{(rollout.latencyMs / 1000).toLocaleString(t.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s</span>}
        {rollout.attempts !== null && <span class="tag">{t.attempts(rollout.attempts)}</span>}
        {link && <a href={link}>{t.openTask}</a>}
        <button type="button" onClick={onClose}>
          {t.close}
        </button>
      </header>
      {rollout.error && <p class="warning">{t.error(rollout.error)}</p>}
      <div class="columns">
        <section>
          <h4>{t.reply}</h4>
          <pre class="reply-text">{rollout.reply ?? t.noReply}</pre>
        </section>
        <section>
          <h4>{t.gold}</h4>
          {task ? (
            <>
              <pre class="json">{formatAnswer(task.answer)}</pre>
              {view && <Verdict view={view} opened={{ dossier, answer: task.answer as unknown as AnyAnswer }} />}
              {view && Math.abs(view.result.score - rollout.score) > 1e-9 && (
                <p class="warning">
                  {t.scoredHere(fmtScore(view.result.score), fmtScore(rollout.score), run.summary?.allOrNothing === true)}
                </p>
              )}
            </>
          ) : (
            <p class="hint">
              {run.summary ? `${t.notRegenerated}.` : t.openSummaryToo}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

/** The columns of the rollout table, in order (their names: `Messages.columns`). */
const COLUMNS: SortKey[] = ["task", "level", "variant", "rollout", "score", "reason", "latency", "tokens"];

function RolloutTable({ run, filter, onFilter }: { run: Run; filter: RolloutFilter; onFilter: (f: RolloutFilter) => void }) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: "task", desc: false });
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<Rollout | null>(null);
  const threshold = thresholdOf(run);
  const rows = useMemo(() => sortRollouts(filterRollouts(run.rollouts, filter, threshold), sort.key, sort.desc), [run, filter, sort, threshold]);
  const levels = useMemo(() => [...new Set(run.rollouts.map((r) => r.level))].sort((a, b) => a - b), [run]);
  const codes = useMemo(() => [...new Set(run.rollouts.map((r) => reasonCode(r.reason)))].sort(), [run]);
  const t = useT();
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const current = Math.min(page, pages - 1);
  const set = (f: Partial<RolloutFilter>) => {
    setPage(0);
    onFilter({ ...filter, ...f });
  };
  return (
    <div class="rollouts">
      <form class="filters no-print" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t.levelCol}
          <select name="level" value={filter.level === null ? "" : String(filter.level)} onChange={(e) => set({ level: e.currentTarget.value === "" ? null : Number(e.currentTarget.value) })}>
            <option value="">{t.all}</option>
            {levels.map((l) => (
              <option key={l} value={String(l)}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.outcome}
          <select name="outcome" value={filter.outcome} onChange={(e) => set({ outcome: e.currentTarget.value as Outcome })}>
            {(["all", "success", "failure", "error"] as const).map((o) => (
              <option key={o} value={o}>
                {t.outcomes[o]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.reason}
          <select name="reason" value={filter.reason ?? ""} onChange={(e) => set({ reason: e.currentTarget.value === "" ? null : e.currentTarget.value })}>
            <option value="">{t.any}</option>
            {codes.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.taskOrVariant}
          <input name="text" value={filter.text} placeholder="succession-4-" onInput={(e) => set({ text: e.currentTarget.value })} />
        </label>
        <button type="button" onClick={() => set(NO_FILTER)}>
          {t.reset}
        </button>
        <span class="count" data-testid="row-count">
          {t.rowCount(rows.length, run.rollouts.length)}
        </span>
      </form>
      {open && <RolloutDetail run={run} rollout={open} onClose={() => setOpen(null)} />}
      <table class="tasks-table" data-testid="rollout-table">
        <thead>
          <tr>
            {COLUMNS.map((key) => (
              <th key={key} aria-sort={sort.key === key ? (sort.desc ? "descending" : "ascending") : "none"}>
                <button type="button" class="link" onClick={() => setSort({ key, desc: sort.key === key ? !sort.desc : key === "score" })}>
                  {t.columns[key]} {sort.key === key ? (sort.desc ? "▼" : "▲") : ""}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(current * PAGE, (current + 1) * PAGE).map((r) => (
            <tr key={`${r.index}:${r.rollout}`} class={`${r.score >= threshold ? "success" : r.error ? "error" : "failure"} ${open === r ? "open" : ""}`} onClick={() => setOpen(r)}>
              <td>
                <button type="button" class="link">
                  {r.id}
                </button>
              </td>
              <td>{r.level}</td>
              <td>{r.variant}</td>
              <td>{r.rollout}</td>
              <td class="amount">{fmtScore(r.score)}</td>
              <td class="reason-cell">{r.reason}</td>
              <td class="amount">{r.latencyMs === null ? "–" : `${(r.latencyMs / 1000).toLocaleString(t.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`}</td>
              <td class="amount">{r.completionTokens ?? "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <div class="pager no-print">
          <button type="button" disabled={current === 0} onClick={() => setPage(current - 1)}>
            ←
          </button>
          {t.page(current + 1, pages)}
          <button type="button" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            →
          </button>
        </div>
      )}
    </div>
  );
}

function RunPanel({ run, slot }: { run: Run; slot: string }) {
  const [filter, setFilter] = useState<RolloutFilter>(NO_FILTER);
  const s = run.summary;
  const t = useT();
  return (
    <section class="run" data-testid={`run-${slot}`}>
      <h3>{t.runTitle(slot, run.name)}</h3>
      <p class="settings">
        {s ? (
          <>
            {s.status && <span class="tag">{s.status}</span>}
            <span class="tag">
              {t.seed.toLowerCase()} {s.seed ?? "?"}
            </span>
            <span class="tag">{s.level === 0 ? t.mix : t.levelN(s.level ?? "?")}</span>
            <span class="tag">n {s.n ?? "?"}</span>
            <span class="tag">{t.rolloutsPerTask(s.rolloutsPerTask ?? "?")}</span>
            {s.allOrNothing && <span class="tag">{t.allOrNothing}</span>}
            <span class="tag">{t.generator(s.generatorVersion ?? "?")}</span>
          </>
        ) : (
          <span class="hint">{t.noSummary}</span>
        )}{" "}
        <span class="files">{run.files.join(", ")}</span>
      </p>
      {(run.skipped.length > 0 || run.duplicates > 0) && (
        <p class="warning" data-testid="skipped">
          {run.skipped.length > 0 &&
            t.skipped(
              run.skipped.length,
              `${run.skipped
                .slice(0, 3)
                .map((k) => t.skippedLine(k.line, k.why))
                .join("; ")}${run.skipped.length > 3 ? "; …" : ""}`,
            )}
          {run.duplicates > 0 && t.duplicates(run.duplicates)}
        </p>
      )}
      <h4>{t.byLevel}</h4>
      <LevelTable run={run} />
      {run.rollouts.length > 0 && (
        <>
          <h4>{t.whyFailed}</h4>
          <Reasons run={run} onPick={(code) => setFilter({ ...NO_FILTER, reason: code })} />
          <h4>{t.rollouts}</h4>
          <RolloutTable run={run} filter={filter} onFilter={setFilter} />
        </>
      )}
    </section>
  );
}

function Compare({ a, b }: { a: Run; b: Run }) {
  const c = useMemo(() => compareRuns(a, b), [a, b]);
  const [onlyDiffer, setOnlyDiffer] = useState(true);
  const t = useT();
  const tasks = c.tasks.filter((t) => !onlyDiffer || t.a !== t.b).sort((p, q) => Math.abs((q.b ?? 0) - (q.a ?? 0)) - Math.abs((p.b ?? 0) - (p.a ?? 0)) || p.index - q.index);
  return (
    <section class="compare" data-testid="compare">
      <h3>{t.against(a.name, b.name)}</h3>
      {c.mismatch && <p class="warning">{t.note(c.mismatch)}</p>}
      <table class="levels">
        <thead>
          <tr>
            <th>{t.levelCol}</th>
            <th>{t.successA}</th>
            <th>{t.successB}</th>
            <th>B − A</th>
            <th>{t.meanA}</th>
            <th>{t.meanB}</th>
            <th>B − A</th>
          </tr>
        </thead>
        <tbody>
          {c.levels.map(({ level, a: x, b: y }) => (
            <tr key={levelKey(level)} class={level === null ? "total" : ""}>
              <th scope="row">{levelName(t, level)}</th>
              <td>
                {percent(x?.successRate ?? null)} <small>{percentInterval(x?.successInterval ?? null)}</small>
              </td>
              <td>
                {percent(y?.successRate ?? null)} <small>{percentInterval(y?.successInterval ?? null)}</small>
              </td>
              <td>{x?.successRate != null && y?.successRate != null ? `${signed(100 * (y.successRate - x.successRate), 1)} pt` : "–"}</td>
              <td>
                {reward(x?.meanReward ?? null)} <small>{rewardInterval(x?.meanInterval ?? null)}</small>
              </td>
              <td>
                {reward(y?.meanReward ?? null)} <small>{rewardInterval(y?.meanInterval ?? null)}</small>
              </td>
              <td>{x?.meanReward != null && y?.meanReward != null ? signed(y.meanReward - x.meanReward) : "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p data-testid="paired">
        {t.paired(c.aBetter + c.bBetter + c.same, c.bBetter, c.aBetter, c.same)}
        <strong>{signed(c.meanDelta)}</strong> {c.deltaInterval && t.pairedInterval(signed(c.deltaInterval[0]), signed(c.deltaInterval[1]))}.
      </p>
      <label class="no-print">
        <input type="checkbox" checked={onlyDiffer} onChange={(e) => setOnlyDiffer(e.currentTarget.checked)} /> {t.onlyDiffer}
      </label>
      <table class="tasks-table">
        <thead>
          <tr>
            <th>{t.columns.task}</th>
            <th>{t.levelCol}</th>
            <th>{t.aMean}</th>
            <th>{t.bMean}</th>
            <th>B − A</th>
          </tr>
        </thead>
        <tbody>
          {tasks.slice(0, PAGE).map((t) => (
            <tr key={t.id}>
              <td>{t.id}</td>
              <td>{t.level}</td>
              <td class="amount">{t.a === null ? "–" : fmtScore(t.a)}</td>
              <td class="amount">{t.b === null ? "–" : fmtScore(t.b)}</td>
              <td class="amount">{t.a === null || t.b === null ? "–" : signed(t.b - t.a)}</td>
            </tr>
          ))}
        </tbody>
        {tasks.length > PAGE && <caption>{t.largest(PAGE, tasks.length)}</caption>}
      </table>
    </section>
  );
}

export function RunsView(props: { slots: RunSlot[]; onFiles: (slot: number, files: NamedText[]) => void; onError: (slot: number, message: string) => void; onClear: (slot: number) => void }) {
  const runs = props.slots.map((s) => s.run).filter((r): r is Run => r !== null && r.rollouts.length > 0);
  const t = useT();
  return (
    <div class="view runs">
      <div class="drops no-print">
        {props.slots.map((slot, i) => {
          const name = String.fromCharCode(65 + i);
          return (
            <DropZone key={name} slot={name} title={`${t.run(name)}${i > 0 ? t.toCompare : ""}`} onFiles={(files) => props.onFiles(i, files)} onError={(message) => props.onError(i, message)}>
              {slot.run && (
                <p class="loaded" data-testid={`loaded-${name}`}>
                  {t.loaded(slot.run.name, slot.run.rollouts.length, slot.run.summary !== null)}
                  <button type="button" onClick={() => props.onClear(i)}>
                    {t.close}
                  </button>
                </p>
              )}
              {slot.error && (
                <p class="error" role="alert" data-testid={`error-${name}`}>
                  {slot.error}
                </p>
              )}
            </DropZone>
          );
        })}
      </div>
      {runs.length > 0 && <Charts runs={runs} />}
      {props.slots[0]!.run && props.slots[1]!.run && <Compare a={props.slots[0]!.run} b={props.slots[1]!.run} />}
      {props.slots.map((slot, i) => slot.run && <RunPanel key={i} run={slot.run} slot={String.fromCharCode(65 + i)} />)}
    </div>
  );
}
