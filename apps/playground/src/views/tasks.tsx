import type { OpenedTask } from "../logic/task.js";
import { AnswerTable } from "../ui/answer-table.js";
import { FamilyTree } from "../ui/family-tree.js";
import { Sheet } from "../ui/sheet.js";
import { TaskHead } from "../ui/task-head.js";
import type { AnyAnswer } from "../logic/answer.js";
import { devolutionOf } from "../logic/family-tree.js";
import { useT } from "../ui/lang.js";

/** One task: the prompt as the model sees it, the gold answer, the dossier and the sheet. */
export function TasksView({ opened, links }: { opened: OpenedTask; links: { tasks: string; score: string; whatif: string } }) {
  const { task, dossier } = opened;
  const t = useT();
  return (
    <div class="view tasks">
      <TaskHead task={task}>
        <span class="tag">{t.seedIndex(task.info.seed, task.info.index)}</span>
        <span class="tag">{t.generator(task.info.generatorVersion)}</span>
        <a class="permalink no-print" href={links.tasks} title={t.permalinkTitle}>
          {t.permalink}
        </a>
        <a class="no-print" href={links.score}>
          {t.tabs.score}
        </a>
        <a class="no-print" href={links.whatif}>
          {t.tabs.whatif}
        </a>
      </TaskHead>
      <div class="columns">
        <section class="prompt-col no-print">
          <h3>{t.prompt(task.prompt.length)}</h3>
          <pre class="prompt" lang="fr" data-testid="prompt">
            {task.prompt}
          </pre>
        </section>
        <section>
          <h3>{t.gold}</h3>
          <div data-testid="gold">
            <AnswerTable answer={task.answer as unknown as AnyAnswer} dossier={dossier} />
          </div>
          <FamilyTree dossier={task.info.dossier} devolution={devolutionOf(opened.result)} />
          <h3>{t.sheet}</h3>
          <Sheet text={opened.sheet} id={task.id} />
          <details class="no-print">
            <summary>{t.dossierJson}</summary>
            <pre class="json">{JSON.stringify(task.info.dossier, null, 2)}</pre>
          </details>
        </section>
      </div>
    </div>
  );
}
