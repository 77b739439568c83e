import { euros, type Dossier } from "@succ/engine";
import { relationshipFr } from "@succ/rules";
import { beneficiaryKeys, fieldName, totalKeys, type AnyAnswer } from "../logic/answer.js";
import type { FieldVerdict } from "../logic/score.js";
import { useT } from "./lang.js";

/** "B2 · Claire Martin (fille)", from the dossier when there is one (« enfant » when it gives no sex). */
export function beneficiaryLabel(dossier: Dossier | null, id: string): string {
  const b = dossier?.beneficiaries.find((x) => x.id === id);
  return b ? `${id} · ${b.name} (${relationshipFr(b.relationship, b.sex) ?? b.relationship})` : id;
}

function Mark({ right }: { right: boolean | null }) {
  const t = useT();
  if (right === null) return <span class="mark none">·</span>;
  return right ? (
    <span class="mark right" title={t.right}>
      ✓
    </span>
  ) : (
    <span class="mark wrong" title={t.wrong}>
      ✗
    </span>
  );
}

/**
 * An answer as a table: one row per beneficiary, one column per field of the answer (read from
 * the answer itself), and the totals. With `verdicts`, each cell also shows what the reply wrote
 * and the scorer's mark.
 */
export function AnswerTable(props: { answer: AnyAnswer; dossier: Dossier | null; verdicts?: Map<string, FieldVerdict>; caption?: string }) {
  const { answer, dossier, verdicts } = props;
  const t = useT();
  const keys = beneficiaryKeys(answer);
  const cell = (field: string, expected: number | undefined) => {
    const v = verdicts?.get(field);
    const cls = v?.right === false ? "wrong" : v?.right === true ? "right" : "";
    return (
      <td class={`amount ${cls}`} data-field={field} data-right={v ? String(v.right) : undefined}>
        {expected === undefined ? "–" : euros(expected)}
        {v && (
          <div class="given">
            <Mark right={v.right} /> {v.given === null ? t.notRead : t.replyWrote(String(v.given))}
          </div>
        )}
      </td>
    );
  };
  return (
    <table class="answer">
      {props.caption && <caption>{props.caption}</caption>}
      <thead>
        <tr>
          <th>{t.beneficiary}</th>
          {keys.map((k) => (
            <th key={k}>{k}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Object.entries(answer.beneficiaires).map(([id, entry]) => (
          <tr key={id}>
            <th scope="row">{beneficiaryLabel(dossier, id)}</th>
            {keys.map((k) => cell(fieldName(id, k), entry[k]))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        {totalKeys(answer).map((k) => {
          // `total_droits` sits under `droits`; a total of no column under the last one.
          const under = keys.indexOf(k.replace(/^total_/, ""));
          const column = under < 0 ? keys.length - 1 : under;
          return (
            <tr key={k}>
              <th scope="row">{k}</th>
              {keys.map((x, i) => (i === column ? cell(k, answer[k] as number) : <td key={x} />))}
            </tr>
          );
        })}
      </tfoot>
    </table>
  );
}
