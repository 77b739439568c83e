import { compute, explain, isDossierError, JsonNumber, parseDossierText, parseJsonExact, type ComputeResult, type Dossier } from "@succ/engine";

export interface LocatedIssue {
  path: string;
  message: string;
  /** 1-based line of the field in the text (or of its nearest parent present), when found. */
  line: number | null;
}

export type DossierCheck =
  | { ok: true; dossier: Dossier; result: ComputeResult; sheet: string }
  | { ok: false; issues: LocatedIssue[] };

type Segment = string | number;

/** `beneficiaries[2].birthDate` → `["beneficiaries", 2, "birthDate"]` (the engine's paths). */
export function pathSegments(path: string): Segment[] {
  const out: Segment[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return out;
}

function segmentsText(segments: readonly Segment[]): string {
  let out = "";
  for (const s of segments) out += typeof s === "number" ? `[${s}]` : out ? `.${s}` : s;
  return out;
}

/**
 * Where each value of a JSON text starts (character offset), keyed by path in the engine's
 * notation; an object member is placed at its key. The text must be valid JSON (the engine has
 * read it): this walks it without building values.
 */
export function valueOffsets(text: string): Map<string, number> {
  const offsets = new Map<string, number>();
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i]!)) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: Segment[], at: number) => {
    ws();
    if (!offsets.has(segmentsText(path))) offsets.set(segmentsText(path), at < 0 ? i : at);
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") return void i++;
      for (;;) {
        ws();
        const keyAt = i;
        const key = string();
        ws();
        i++; // ':'
        value([...path, key], keyAt);
        ws();
        if (text[i++] === "}") return;
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") return void i++;
      for (let k = 0; ; k++) {
        value([...path, k], -1);
        ws();
        if (text[i++] === "]") return;
      }
    }
    if (c === '"') return void string();
    while (i < text.length && !",}] \t\r\n".includes(text[i]!)) i++;
  };
  value([], -1);
  return offsets;
}

export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let k = 0; k < offset && k < text.length; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
}

/** Line of `path` in `text`, or of its nearest parent present in the text (a missing field). */
function lineOfPath(text: string, path: string): number | null {
  let offsets: Map<string, number>;
  try {
    offsets = valueOffsets(text);
  } catch {
    return null;
  }
  const segments = pathSegments(path);
  for (let n = segments.length; n >= 0; n--) {
    const at = offsets.get(segmentsText(segments.slice(0, n)));
    if (at !== undefined) return lineOf(text, at);
  }
  return null;
}

/** The engine names the character of a JSON syntax error: `… (JSON, character 118)`. */
const CHARACTER = /\(JSON, character (\d+)\)$/;

/** Reads a dossier's JSON text with the engine; every problem comes back with its line. */
export function checkDossierText(text: string): DossierCheck {
  try {
    const dossier = parseDossierText(text);
    const result = compute(dossier);
    return { ok: true, dossier, result, sheet: explain(result) };
  } catch (error) {
    if (!isDossierError(error)) throw error;
    const syntax = error.issues.length === 1 ? CHARACTER.exec(error.issues[0]!.message) : null;
    return {
      ok: false,
      issues: error.issues.map((issue) => ({
        path: issue.path,
        message: issue.message,
        line: syntax ? lineOf(text, Number(syntax[1]) - 1) : lineOfPath(text, issue.path),
      })),
    };
  }
}

/** JSON text with the numbers of `parseJsonExact` written back as they were read (no float). */
export function stringifyExact(value: unknown, indent = 2): string {
  const write = (v: unknown, depth: number): string => {
    const pad = " ".repeat(indent * (depth + 1));
    const end = " ".repeat(indent * depth);
    if (v instanceof JsonNumber) return v.text;
    if (Array.isArray(v)) return v.length === 0 ? "[]" : `[\n${v.map((x) => pad + write(x, depth + 1)).join(",\n")}\n${end}]`;
    if (v !== null && typeof v === "object") {
      const entries = Object.entries(v);
      if (entries.length === 0) return "{}";
      return `{\n${entries.map(([k, x]) => `${pad}${JSON.stringify(k)}: ${write(x, depth + 1)}`).join(",\n")}\n${end}}`;
    }
    return JSON.stringify(v);
  };
  return `${write(value, 0)}\n`;
}

/** What a form field writes: a string, a boolean, an amount as decimal text, a new entry, or removal. */
export type FormValue = string | boolean | { amount: string } | { entry: Record<string, unknown> } | undefined;

/**
 * The dossier text with one field set (or removed, for `undefined`; an array element is spliced
 * out), every other number kept as written. Throws the engine's DossierError if the text is not
 * JSON, a TypeError if the path leads through something that is not an object or a list.
 */
export function editDossierText(text: string, path: readonly Segment[], value: FormValue): string {
  const root = parseJsonExact(text);
  if (root === null || typeof root !== "object") throw new TypeError("the dossier is not a JSON object");
  let node: unknown = root;
  for (let k = 0; k < path.length - 1; k++) {
    const parent = node as Record<string | number, unknown>;
    // A list or object the dossier leaves out (`debts`) is created for its first entry.
    if (parent[path[k]!] === undefined) parent[path[k]!] = typeof path[k + 1] === "number" ? [] : {};
    node = parent[path[k]!];
    if (node === null || typeof node !== "object") throw new TypeError(`${segmentsText(path.slice(0, k + 1))} is not an object or a list`);
  }
  const last = path[path.length - 1]!;
  const container = node as Record<string | number, unknown>;
  if (value === undefined) {
    if (Array.isArray(container) && typeof last === "number") container.splice(last, 1);
    else delete container[last];
  } else {
    container[last] = typeof value !== "object" ? value : "amount" in value ? amountValue(value.amount) : value.entry;
  }
  return stringifyExact(root);
}

/** An amount typed in a form: a plain decimal stays a JSON number (as text), anything else a string the engine will judge. */
function amountValue(text: string): JsonNumber | string {
  const t = text.trim();
  return /^\d{1,16}(\.\d{1,2})?$/.test(t) ? new JsonNumber(t) : t;
}
