import { euros, type Rule } from "@succ/engine";
import { useMemo } from "preact/hooks";
import type { OpenedTask } from "../logic/task.js";
import { ruleChoices, rulesThatChange, whatIf } from "../logic/whatif.js";
import { beneficiaryLabel } from "../ui/answer-table.js";
import { Sheet } from "../ui/sheet.js";
import { useT } from "../ui/lang.js";
import { TaskHead } from "../ui/task-head.js";

function amount(x: number): string {
  return Number.isNaN(x) ? "–" : euros(x);
}

/** Switch rules off and see which amounts of the task's answer change, with the sheet. */
export function WhatIfView(props: { opened: OpenedTask; ignore: readonly Rule[]; onIgnore: (rules: Rule[]) => void }) {
  const { opened, ignore } = props;
  const t = useT();
  const matter = useMemo(() => new Set(rulesThatChange(opened.dossier)), [opened]);
  const view = useMemo(() => whatIf(opened.dossier, ignore), [opened, ignore]);
  const toggle = (rule: Rule, on: boolean) => props.onIgnore(ruleChoices().map((c) => c.rule).filter((r) => (r === rule ? on : ignore.includes(r))));
  return (
    <div class="view whatif">
      <TaskHead task={opened.task} />
      <div class="columns">
        <section>
          <h3>{t.rulesOff}</h3>
          <ul class="rules">
            {ruleChoices().map(({ rule, label }) => (
              <li key={rule}>
                <label>
                  <input type="checkbox" name={rule} checked={ignore.includes(rule)} onChange={(e) => toggle(rule, e.currentTarget.checked)} />
                  <span lang="fr">{label}</span> <code>{rule}</code>
                  {matter.has(rule) && <span class="badge">{t.changesThisTask}</span>}
                </label>
              </li>
            ))}
          </ul>
          <h3>{t.amounts}</h3>
          <p class="hint" data-testid="change-count">
            {ignore.length === 0 ? t.noRuleOff : t.amountsChange(view.changes.length, view.fields.length)}
          </p>
          <table class="changes">
            <thead>
              <tr>
                <th>{t.field}</th>
                <th>{t.underTheLaw}</th>
                <th>{t.withRulesOff}</th>
                <th>{t.change}</th>
              </tr>
            </thead>
            <tbody>
              {view.fields.map((f) => {
                const changed = !Object.is(f.before, f.after);
                const dot = f.field.indexOf(".");
                const label = dot < 0 ? f.field : `${beneficiaryLabel(opened.dossier, f.field.slice(0, dot))} ${f.field.slice(dot + 1)}`;
                return (
                  <tr key={f.field} class={changed ? "changed" : ""} data-field={f.field}>
                    <th scope="row">{label}</th>
                    <td class="amount">{amount(f.before)}</td>
                    <td class="amount">{amount(f.after)}</td>
                    <td class="amount">{changed ? `${f.after > f.before ? "+" : "−"}${euros(Math.abs(f.after - f.before))}` : ""}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
        <section>
          <h3>
            {t.sheet} {ignore.length > 0 ? t.counterfactual : ""}
          </h3>
          <Sheet text={view.sheet} id={opened.task.id} />
        </section>
      </div>
    </div>
  );
}
