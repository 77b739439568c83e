import { useEffect, useState } from "preact/hooks";
import { levelOptions, type TaskRef } from "../logic/route.js";
import { useT } from "./lang.js";

function NumberField(props: { label: string; name: string; value: number; min?: number; onCommit: (v: number) => void }) {
  const [text, setText] = useState(String(props.value));
  useEffect(() => setText(String(props.value)), [props.value]);
  const commit = () => {
    const v = Number(text);
    if (/^-?\d{1,16}$/.test(text.trim()) && Number.isSafeInteger(v) && (props.min === undefined || v >= props.min)) props.onCommit(v);
    else setText(String(props.value));
  };
  return (
    <label>
      {props.label}
      <input
        name={props.name}
        inputMode="numeric"
        value={text}
        size={6}
        onInput={(e) => setText(e.currentTarget.value)}
        onChange={commit}
        onKeyDown={(e) => e.key === "Enter" && commit()}
      />
    </label>
  );
}

/** Seed, level (or the mix) and index of the task the tasks, score and what-if views show. */
export function TaskPicker({ value, onChange }: { value: TaskRef; onChange: (ref: TaskRef) => void }) {
  const t = useT();
  return (
    <form class="picker no-print" onSubmit={(e) => e.preventDefault()}>
      <NumberField label={t.seed} name="seed" value={value.seed} onCommit={(seed) => onChange({ ...value, seed })} />
      <label>
        {t.level}
        <select name="level" value={String(value.level)} onChange={(e) => onChange({ ...value, level: Number(e.currentTarget.value) })}>
          {levelOptions().map((l) => (
            <option key={l} value={String(l)}>
              {l === 0 ? t.mix : t.levelN(l)}
            </option>
          ))}
        </select>
      </label>
      <NumberField label={t.index} name="i" value={value.index} min={0} onCommit={(index) => onChange({ ...value, index })} />
      <button type="button" disabled={value.index === 0} onClick={() => onChange({ ...value, index: value.index - 1 })} title={t.previousTask}>
        ←
      </button>
      <button type="button" onClick={() => onChange({ ...value, index: value.index + 1 })} title={t.nextTask}>
        →
      </button>
      <button type="button" onClick={() => onChange({ ...value, index: Math.floor(Math.random() * 1_000_000) })} title={t.randomTitle}>
        {t.random}
      </button>
    </form>
  );
}
