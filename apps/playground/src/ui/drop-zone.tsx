import { useState } from "preact/hooks";
import { useT } from "./lang.js";

export interface NamedText {
  name: string;
  text: string;
}

/** Files of a drop: plain files, and the files directly inside a dropped folder (an --out DIR). */
async function droppedFiles(data: DataTransfer): Promise<File[]> {
  const entries = [...data.items].map((item) => item.webkitGetAsEntry?.() ?? null);
  if (!entries.some((e) => e?.isDirectory)) return [...data.files];
  const files: File[] = [];
  for (const entry of entries) {
    if (!entry) continue;
    if (entry.isFile) files.push(await new Promise<File>((res, rej) => (entry as FileSystemFileEntry).file(res, rej)));
    else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      const children = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
      for (const c of children) {
        if (c.isFile && /^(results\.jsonl|summary\.json)$/.test(c.name)) files.push(await new Promise<File>((res, rej) => (c as FileSystemFileEntry).file(res, rej)));
      }
    }
  }
  return files;
}

async function readAll(files: readonly File[]): Promise<NamedText[]> {
  return Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() })));
}

/** Drop results.jsonl and summary.json (or their folder) here, or pick them. */
export function DropZone(props: { slot: string; title: string; onFiles: (files: NamedText[]) => void; onError: (message: string) => void; children?: preact.ComponentChildren }) {
  const [over, setOver] = useState(false);
  const t = useT();
  const take = (files: Promise<File[]> | File[]) =>
    Promise.resolve(files)
      .then(readAll)
      .then((texts) => texts.length > 0 && props.onFiles(texts))
      .catch((e: unknown) => props.onError(t.filesUnreadable(e instanceof Error ? e.message : String(e))));
  return (
    <div
      class={`drop ${over ? "over" : ""}`}
      data-testid={`drop-${props.slot}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (e.dataTransfer) void take(droppedFiles(e.dataTransfer));
      }}
    >
      <strong>{props.title}</strong>
      <p>
        {t.dropHere}
        <code>results.jsonl</code> {t.andWord} <code>summary.json</code>
        {t.dropOf}
        <code>succ eval</code>
        {t.dropFolder}
        <label class="picker-link">
          {t.chooseFiles}
          <input
            type="file"
            multiple
            accept=".json,.jsonl,application/json"
            data-testid={`files-${props.slot}`}
            onChange={(e) => {
              const input = e.currentTarget;
              const files = [...(input.files ?? [])];
              input.value = "";
              void take(files);
            }}
          />
        </label>
        .
      </p>
      {props.children}
    </div>
  );
}
