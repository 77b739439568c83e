import { JsonNumber, parseJsonExact } from "@succ/engine";
import { RELATIONSHIPS } from "@succ/rules";
import { useMemo, useRef } from "preact/hooks";
import type { AnyAnswer } from "../logic/answer.js";
import { checkDossierText, editDossierText, type FormValue, type LocatedIssue } from "../logic/dossier-text.js";
import { AnswerTable } from "../ui/answer-table.js";
import { FamilyTree } from "../ui/family-tree.js";
import { devolutionOf } from "../logic/family-tree.js";
import { useT } from "../ui/lang.js";
import { Sheet } from "../ui/sheet.js";

type Path = (string | number)[];
type Json = Record<string, unknown>;

function textOf(v: unknown): string {
  return v instanceof JsonNumber ? v.text : typeof v === "string" ? v : v === undefined || v === null ? "" : String(v);
}

/** The editor: a textarea with line numbers, the lines at fault marked. */
function Editor(props: { text: string; issues: LocatedIssue[]; onText: (t: string) => void }) {
  const gutter = useRef<HTMLPreElement>(null);
  const lines = props.text.split("\n").length;
  const bad = new Map<number, string>();
  for (const i of props.issues) if (i.line !== null) bad.set(i.line, `${bad.has(i.line) ? `${bad.get(i.line)}\n` : ""}${i.path}: ${i.message}`);
  const numbers = [];
  for (let n = 1; n <= lines; n++) {
    numbers.push(
      <span key={n} class={bad.has(n) ? "bad" : ""} title={bad.get(n)}>
        {`${n}\n`}
      </span>,
    );
  }
  return (
    <div class="editor">
      <pre class="gutter" ref={gutter} aria-hidden="true">
        {numbers}
      </pre>
      <textarea
        id="dossier-text"
        data-testid="dossier"
        spellcheck={false}
        wrap="off"
        value={props.text}
        onInput={(e) => props.onText(e.currentTarget.value)}
        onScroll={(e) => {
          if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
        }}
      />
    </div>
  );
}

function goToLine(line: number) {
  const area = document.getElementById("dossier-text") as HTMLTextAreaElement | null;
  if (!area) return;
  const lines = area.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((s, l) => s + l.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 18;
  area.scrollTop = Math.max(0, (line - 4) * lineHeight);
}

/** A few common fields of the dossier as a form; each edit rewrites the JSON text exactly. */
function DossierForm({ text, onText }: { text: string; onText: (t: string) => void }) {
  const data = useMemo(() => {
    try {
      const v = parseJsonExact(text);
      return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : null;
    } catch {
      return null;
    }
  }, [text]);
  const t = useT();
  if (!data) return <p class="hint">{t.formNeedsJson}</p>;
  const set = (path: Path, value: FormValue) => onText(editDossierText(text, path, value));
  const field = (label: string, path: Path, value: unknown, kind: "text" | "date" | "amount" = "text") => (
    <label class="field">
      {label}
      <input
        name={path.join(".")}
        type="text"
        placeholder={kind === "date" ? t.datePlaceholder : undefined}
        value={textOf(value)}
        inputMode={kind === "amount" ? "decimal" : undefined}
        onChange={(e) => set(path, kind === "amount" ? { amount: e.currentTarget.value } : e.currentTarget.value)}
      />
    </label>
  );
  const person = (data.person ?? {}) as Json;
  const beneficiaries = Array.isArray(data.beneficiaries) ? (data.beneficiaries as Json[]) : [];
  const list = (key: "assets" | "debts", title: string) => {
    const rows = Array.isArray(data[key]) ? (data[key] as Json[]) : [];
    return (
      <fieldset>
        <legend>{title}</legend>
        {rows.map((row, i) => (
          <div class="row" key={i}>
            {field(t.label, [key, i, "label"], row.label)}
            {field(t.value, [key, i, "value"], row.value, "amount")}
            <button type="button" title={t.remove} onClick={() => set([key, i], undefined)}>
              ✕
            </button>
          </div>
        ))}
        <button type="button" onClick={() => set([key, rows.length], { entry: { label: key === "assets" ? t.newAsset : t.newDebt, value: new JsonNumber("0") } })}>
          {t.add}
        </button>
      </fieldset>
    );
  };
  return (
    <div class="form">
      <fieldset>
        <legend>{data.kind === "gift" ? t.gift : t.estate}</legend>
        {field(data.kind === "gift" ? t.deedDate : t.deathDate, ["date"], data.date, "date")}
        {field(data.kind === "gift" ? t.donor : t.deceased, ["person", "name"], person.name)}
        {field(t.born, ["person", "birthDate"], person.birthDate, "date")}
        {data.kind !== "gift" && field(t.funeralCosts, ["funeralCosts"], data.funeralCosts, "amount")}
      </fieldset>
      <fieldset>
        <legend>{t.beneficiaries}</legend>
        {beneficiaries.map((b, i) => (
          <div class="row" key={i}>
            <span class="id">{textOf(b.id)}</span>
            {field(t.name, ["beneficiaries", i, "name"], b.name)}
            <label class="field">
              {t.relationship}
              <select name={`beneficiaries.${i}.relationship`} value={textOf(b.relationship)} onChange={(e) => set(["beneficiaries", i, "relationship"], e.currentTarget.value)}>
                {[...new Set([...RELATIONSHIPS, textOf(b.relationship)])].map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </label>
            {field(t.born, ["beneficiaries", i, "birthDate"], b.birthDate, "date")}
            <label class="field check">
              <input type="checkbox" checked={b.disabled === true} onChange={(e) => set(["beneficiaries", i, "disabled"], e.currentTarget.checked)} />
              {t.disabled}
            </label>
          </div>
        ))}
      </fieldset>
      {data.kind !== "gift" && list("assets", t.assets)}
      {data.kind !== "gift" && list("debts", t.debts)}
      {data.kind === "gift" && Array.isArray(data.gifts) && (
        <fieldset>
          <legend>{t.gifts}</legend>
          {(data.gifts as Json[]).map((g, i) => (
            <div class="row" key={i}>
              {field(t.label, ["gifts", i, "label"], g.label)}
              {field(t.value, ["gifts", i, "value"], g.value, "amount")}
            </div>
          ))}
        </fieldset>
      )}
    </div>
  );
}

/** Type a dossier, get its answer and its calculation sheet (the sheet prints on its own). */
export function CalculatorView(props: { text: string; onText: (t: string) => void; onExample: () => void; onTaskDossier: (() => void) | null }) {
  const check = useMemo(() => checkDossierText(props.text), [props.text]);
  const issues = check.ok ? [] : check.issues;
  // The family is drawn from the text as typed, even when the engine refuses the file.
  const typed = useMemo(() => {
    try {
      return parseJsonExact(props.text);
    } catch {
      return null;
    }
  }, [props.text]);
  const t = useT();
  return (
    <div class="view calculator">
      <div class="buttons no-print">
        <button type="button" onClick={props.onExample}>
          {t.loadExample}
        </button>
        {props.onTaskDossier && (
          <button type="button" onClick={props.onTaskDossier}>
            {t.loadTaskDossier}
          </button>
        )}
        <button type="button" disabled={!check.ok} onClick={() => window.print()}>
          {t.printSheet}
        </button>
      </div>
      <div class="columns">
        <section class="no-print">
          <h3>{t.dossierText}</h3>
          <Editor text={props.text} issues={issues} onText={props.onText} />
          <p class={`editor-status ${check.ok ? "ok" : ""}`} data-testid="editor-status">
            {check.ok
              ? t.engineReads
              : issues
                  .slice(0, 1)
                  .map((i) => `${i.line !== null ? `${t.lineN(i.line)} · ` : ""}${i.path || "(dossier)"}: ${i.message}`)
                  .concat(issues.length > 1 ? [t.andMore(issues.length - 1)] : [])
                  .join("")}
          </p>
          <details class="form-box">
            <summary>{t.formBox}</summary>
            <DossierForm text={props.text} onText={props.onText} />
          </details>
        </section>
        <section>
          {check.ok ? (
            <>
              <h3 class="no-print">{t.answer}</h3>
              <div class="no-print">
                <AnswerTable answer={check.result.answer as unknown as AnyAnswer} dossier={check.dossier} />
              </div>
              <FamilyTree dossier={typed} devolution={devolutionOf(check.result)} />
              <h3 class="no-print">{t.sheet}</h3>
              <Sheet text={check.sheet} />
            </>
          ) : (
            <>
              <FamilyTree dossier={typed} />
              <h3>{t.problems(issues.length)}</h3>
              <ul class="issues" data-testid="issues">
                {issues.map((issue, k) => (
                  <li key={k} data-path={issue.path}>
                    {issue.line !== null ? (
                      <button type="button" class="line" onClick={() => goToLine(issue.line!)}>
                        {t.lineN(issue.line)}
                      </button>
                    ) : null}{" "}
                    <code>{issue.path || "(dossier)"}</code>: {issue.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
