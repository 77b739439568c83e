import type { OpenedTask } from "../logic/task.js";
import { AnswerTable } from "../ui/answer-table.js";
import { FamilyTree } from "../ui/family-tree.js";
import { Sheet } from "../ui/sheet.js";
import { TaskHead } from "../ui/task-head.js";
import type { AnyAnswer } from "../logic/answer.js";
import { devolutionOf } from "../logic/family-tree.js";

/** One task: the prompt as the model sees it, the gold answer, the dossier and the sheet. */
export function TasksView({ opened, links }: { opened: OpenedTask; links: { tasks: string; score: string; whatif: string } }) {
  const { task, dossier } = opened;
  return (
    <div class="view tasks">
      <TaskHead task={task}>
        <span class="tag">seed {task.info.seed}, index {task.info.index}</span>
        <span class="tag">generator {task.info.generatorVersion}</span>
        <a class="permalink no-print" href={links.tasks} title="Link to this task">
          permalink
        </a>
        <a class="no-print" href={links.score}>Score a reply</a>
        <a class="no-print" href={links.whatif}>What if</a>
      </TaskHead>
      <div class="columns">
        <section class="prompt-col no-print">
          <h3>Prompt ({task.prompt.length.toLocaleString("en")} characters)</h3>
          <pre class="prompt" lang="fr" data-testid="prompt">
            {task.prompt}
          </pre>
        </section>
        <section>
          <h3>Gold answer</h3>
          <div data-testid="gold">
            <AnswerTable answer={task.answer as unknown as AnyAnswer} dossier={dossier} />
          </div>
          <FamilyTree dossier={task.info.dossier} devolution={devolutionOf(opened.result)} />
          <h3>Calculation sheet</h3>
          <Sheet text={opened.sheet} id={task.id} />
          <details class="no-print">
            <summary>Dossier (JSON, as the engine reads it)</summary>
            <pre class="json">{JSON.stringify(task.info.dossier, null, 2)}</pre>
          </details>
        </section>
      </div>
    </div>
  );
}
