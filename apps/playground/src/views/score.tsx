import { compute, RULE_INFO, type Rule } from "@succ/engine";
import { formatAnswer, type ExpectedAnswer } from "@succ/scoring";
import { useMemo } from "preact/hooks";
import type { AnyAnswer } from "../logic/answer.js";
import { score as fmtScore } from "../logic/format.js";
import { scoreView, type Counterfactual, type FieldVerdict, type ScoreView } from "../logic/score.js";
import type { OpenedTask } from "../logic/task.js";
import { rulesThatChange } from "../logic/whatif.js";
import { AnswerTable } from "../ui/answer-table.js";
import { useT } from "../ui/lang.js";
import { TaskHead } from "../ui/task-head.js";

function ruleName(rule: Rule): string {
  return `${RULE_INFO[rule]?.fr ?? rule} (${rule})`;
}

export function CounterfactualNote({ cf, firstWrong }: { cf: Counterfactual | null; firstWrong: string | null }) {
  const t = useT();
  if (firstWrong === null) return null;
  if (cf === null) {
    return (
      <p class="counterfactual none" data-testid="counterfactual">
        {t.firstWrong}
        <code>{firstWrong}</code>
        {t.noCounterfactual}
      </p>
    );
  }
  return (
    <p class="counterfactual" data-testid="counterfactual">
      {t.firstWrong}
      <code>{cf.field}</code>
      {t.cfIs}
      {cf.rules.map((r, i) => (
        <span key={r}>
          {i > 0 && t.and}
          <strong>{ruleName(r)}</strong>
        </span>
      ))}
      {t.cfMatched(cf.matched, cf.of, cf.rules.length > 1)}
    </p>
  );
}

/** The scorer's verdict on a reply, field by field against the gold answer. */
export function Verdict({ view, opened }: { view: ScoreView; opened: { dossier: OpenedTask["dossier"] | null; answer: AnyAnswer } }) {
  const verdicts = new Map<string, FieldVerdict>();
  for (const b of view.beneficiaries) for (const f of b.fields) verdicts.set(f.field, f);
  for (const f of view.totals) verdicts.set(f.field, f);
  const rejected = Object.keys(view.result.fields).length === 0;
  const t = useT();
  return (
    <div class="verdict">
      <div class="score-line">
        <span class={`score-big ${view.result.score === 1 ? "ok" : view.result.score > 0 ? "partial" : "zero"}`} data-testid="score">
          {fmtScore(view.result.score)}
        </span>
        <span class="reason" data-testid="reason">
          {view.result.reason}
        </span>
        {rejected && <span class="hint">{t.rejected}</span>}
      </div>
      <AnswerTable answer={opened.answer} dossier={opened.dossier} verdicts={verdicts} caption={t.verdictCaption} />
      <CounterfactualNote cf={view.counterfactual} firstWrong={view.firstWrong} />
    </div>
  );
}

export function ScoreView(props: { opened: OpenedTask; reply: string; onReply: (text: string) => void }) {
  const { opened, reply } = props;
  const t = useT();
  const view = useMemo(() => (reply.trim() === "" ? null : scoreView(reply, opened.task.answer, opened.dossier)), [reply, opened]);
  const missedRule = () => {
    const rule = rulesThatChange(opened.dossier)[0];
    if (!rule) return;
    const answer = compute(opened.dossier, { ignore: [rule] }).answer;
    props.onReply(`Calcul fait sans tenir compte de la règle.\n${formatAnswer(answer as ExpectedAnswer)}`);
  };
  return (
    <div class="view score">
      <TaskHead task={opened.task} />
      <div class="columns">
        <section>
          <h3>{t.reply}</h3>
          <textarea
            class="reply"
            data-testid="reply"
            spellcheck={false}
            placeholder={t.replyPlaceholder}
            value={reply}
            onInput={(e) => props.onReply(e.currentTarget.value)}
          />
          <div class="buttons no-print">
            <button type="button" onClick={() => props.onReply(`Voici le calcul.\n${formatAnswer(opened.task.answer)}`)}>
              {t.pasteGold}
            </button>
            <button type="button" onClick={missedRule} title={t.missedRuleTitle} data-testid="missed-rule">
              {t.missedRule}
            </button>
            <button type="button" onClick={() => props.onReply("")}>
              {t.clear}
            </button>
          </div>
        </section>
        <section>
          <h3>{t.score}</h3>
          {view ? <Verdict view={view} opened={{ dossier: opened.dossier, answer: opened.task.answer as unknown as AnyAnswer }} /> : <p class="hint">{t.pasteToScore}</p>}
        </section>
      </div>
    </div>
  );
}
