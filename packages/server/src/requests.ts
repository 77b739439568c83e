/**
 * The bodies the server accepts, read into typed jobs, or a RequestError naming the first thing
 * that is wrong. Every item is checked before any gold answer is built.
 */
import { prepareExpected, ScoringError, type ExpectedAnswer, type PreparedExpected } from "@succ/scoring";
import { decodeBytes, utf8Text, type RequestBody } from "./body.js";
import { badRequest, checkKnownKeys, isRecord, kindOf, RequestError } from "./errors.js";
import { readSeed, readSetName, readSetOptions, readTaskRef, type AnswerCache, type SetDefaults, type TaskRef } from "./gold.js";
import { CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, OPEN_ARRAY, OPEN_OBJECT, QUOTE, closingBrace, closingQuote, refuseDuplicateKeys, skipSpace, skipSpaceBack } from "./json.js";

/** Where a reply's gold answer comes from: given in the request (checked and prepared), or rebuilt from a task. */
export type GoldSource = { answer: PreparedExpected } | { task: TaskRef };

export interface Job {
  reply: string;
  gold: GoldSource;
}

export interface ScoreRequest {
  jobs: Job[];
  allOrNothing?: boolean;
  trimReply?: boolean;
  strictEnd?: boolean;
}

export interface OpenRlhfRequest {
  queries: string[];
  prompts: string[];
  golds: GoldSource[];
}

const SCORE_KEYS = ["items", "allOrNothing", "trimReply", "strictEnd"] as const;
const ITEM_KEYS = ["reply", "answer", "id", "seed", "set", "options"] as const;
const REF_KEYS = ["id", "seed", "set", "options"] as const;

/**
 * A gold answer given in a request, checked once and prepared for scoring; with `answers`, the
 * one prepared for an earlier item or request when it is the same answer (the rollouts of a task
 * each carry its gold).
 */
function readAnswer(value: unknown, where: string | (() => string), answers: AnswerCache | undefined): PreparedExpected {
  try {
    return answers === undefined ? prepareExpected(value as ExpectedAnswer) : answers.prepare(value);
  } catch (e) {
    if (e instanceof ScoringError) throw badRequest(`${typeof where === "string" ? where : where()}: not a gold answer: ${e.message}`);
    throw e;
  }
}

function readBoolean(value: unknown, where: string): boolean | undefined {
  if (value === undefined || typeof value === "boolean") return value;
  throw badRequest(`${where}: expected true or false, got ${kindOf(value)}`);
}

function checkBatch(length: number, maxBatch: number, where: string): void {
  if (length > maxBatch) throw new RequestError(413, `${where}: ${length} items, over the limit of ${maxBatch} a request (succ serve --max-batch)`);
}

/** A task reference: {id, seed?, set?, options?}, the missing ones taken from `defaults`. */
function readRef(value: Record<string, unknown>, defaults: SetDefaults, where: string): TaskRef {
  const prefix = where === "" ? "" : `${where}.`;
  const seed = value.seed === undefined ? defaults.seed : readSeed(value.seed, `${prefix}seed`);
  const set = value.set === undefined ? defaults.set : readSetName(value.set, `${prefix}set`);
  const options = readSetOptions(value.options, `${prefix}options`);
  return readTaskRef(value.id, seed, set, options, `${prefix}id`);
}

/** `POST /score`: {"items": [{"reply", "answer"} | {"reply", "id", "seed"?, "set"?, "options"?}], "allOrNothing"?, "trimReply"?, "strictEnd"?}. */
export function readScoreRequest(body: unknown, defaults: SetDefaults, maxBatch: number, answers?: AnswerCache): ScoreRequest {
  if (!isRecord(body)) throw badRequest(`the body must be a JSON object {"items": [...]}, got ${kindOf(body)}`);
  checkKnownKeys(body, SCORE_KEYS, "");
  const items = body.items;
  if (items === undefined) throw badRequest('items: missing (the body is {"items": [{"reply": …, "id": …}, …]})');
  if (!Array.isArray(items)) throw badRequest(`items: expected an array, got ${kindOf(items)}`);
  checkBatch(items.length, maxBatch, "items");
  const jobs = items.map((item: unknown, i): Job => {
    // Named in errors only: not built for an item that has none.
    const where = () => `items[${i}]`;
    if (!isRecord(item)) throw badRequest(`${where()}: expected an object {"reply", "id" or "answer"}, got ${kindOf(item)}`);
    checkKnownKeys(item, ITEM_KEYS, where);
    if (item.reply === undefined) throw badRequest(`${where()}.reply: missing`);
    if (typeof item.reply !== "string") throw badRequest(`${where()}.reply: expected a string, got ${kindOf(item.reply)}`);
    const hasAnswer = item.answer !== undefined;
    const hasId = item.id !== undefined;
    if (hasAnswer && hasId) throw badRequest(`${where()}: give "answer" or "id", not both`);
    if (!hasAnswer && !hasId) throw badRequest(`${where()}: missing "id" (with "seed") or "answer" (the gold answer)`);
    if (hasAnswer) {
      for (const key of ["seed", "set", "options"] as const) {
        if (item[key] !== undefined) throw badRequest(`${where()}.${key}: only with "id" (an "answer" is already the gold)`);
      }
      return { reply: item.reply, gold: { answer: readAnswer(item.answer, () => `${where()}.answer`, answers) } };
    }
    return { reply: item.reply, gold: { task: readRef(item, defaults, where()) } };
  });
  return { jobs, allOrNothing: readBoolean(body.allOrNothing, "allOrNothing"), trimReply: readBoolean(body.trimReply, "trimReply"), strictEnd: readBoolean(body.strictEnd, "strictEnd") };
}

const FLAG_KEYS: readonly string[] = ["allOrNothing", "trimReply", "strictEnd"];

/**
 * `POST /score`'s body read from its text in the shape a trainer sends by answer, without
 * parsing the whole body: {"items": [{"reply": "…", "answer": {…}}, …]}, an item's two keys in
 * either order, allOrNothing, trimReply and strictEnd true or false, any JSON whitespace, no
 * escape in a key. Each reply is JSON.parse'd alone, and each answer's text is looked up in
 * `answers` (AnswerCache.prepareText: a text met before is not parsed again), the answer's end
 * found by counting braces (closingBrace): a wrong end, for an answer with a brace in a string,
 * makes a text that is not valid JSON or not an answer, so the body is read whole. Null for any other
 * body, and for any body that is not valid JSON or that readScoreRequest would refuse (a key
 * twice, a bad answer, more than `maxBatch` items…): readScoreRequest(parseJson(text)) then reads
 * it and names what is wrong. What this reader accepts, it reads as that does: the same replies,
 * the same answers prepared, the same flags.
 */
export function readScoreText(text: string, maxBatch: number, answers: AnswerCache): ScoreRequest | null {
  return new ScoreText(text, maxBatch, answers, false).read();
}

/**
 * readScoreText for a body read as bytes (body.ts), read as readScoreText reads the body's text
 * (RequestBody.text()): the same requests, the same nulls. Every token of JSON's syntax is
 * ASCII, so the bytes have the structure of the text, and what is valid JSON in one is in the
 * other: a byte from 0x80 up is, in either, a character that a string may hold. A gold answer
 * holds none (its keys are ASCII names, its values numbers), so an answer's bytes are its text,
 * or it is no answer in either. A reply's token is decoded from its bytes before JSON.parse
 * reads it (utf8Text; decodeBytes, TextDecoder as for the whole body, for bytes that are not
 * well-formed UTF-8): UTF-8 starts a character at each ASCII byte, so the token, quote to quote,
 * decodes to its part of the text. A body all ASCII is its own text, read as such.
 */
export function readScoreBytes(body: RequestBody, maxBatch: number, answers: AnswerCache): ScoreRequest | null {
  return new ScoreText(body.bytes, maxBatch, answers, !body.ascii).read();
}

/**
 * text.indexOf('"answer"', from), found by a search of 'wer"': V8 searches a pattern of 7
 * characters or more with a Boyer-Moore-Horspool table it builds for each call (some 1,450
 * instructions a reply of 290 characters), one of 4 by a scan for its first character, and a
 * 'w' is rare in a reply (in French text, and in a gold block's keys), where quotes abound.
 * Inside a JSON string a quote is escaped, so 'wer"' ends a string or a key.
 */
function answerKeyAfter(text: string, from: number): number {
  for (let w = text.indexOf('wer"', from + 4); w >= 0; w = text.indexOf('wer"', w + 1)) {
    if (text.charCodeAt(w - 1) === 0x73 && text.charCodeAt(w - 2) === 0x6e && text.charCodeAt(w - 3) === 0x61 && text.charCodeAt(w - 4) === QUOTE) return w - 4;
  }
  return -1;
}

/** readScoreText's reader: `at` moves through the text; -1 or null as soon as the body is not of the shape. */
class ScoreText {
  private at = 0;
  private readonly jobs: Job[] = [];
  /** Where the next '"answer"' is (quoteBeforeAnswer), -1 for nowhere; 0 before the first search. */
  private answerKey = 0;

  constructor(
    private readonly text: string,
    private readonly maxBatch: number,
    private readonly answers: AnswerCache,
    /** Whether `text` holds UTF-8 bytes (one character a byte) that are not all ASCII: readScoreBytes. */
    private readonly bytes: boolean,
  ) {}

  read(): ScoreRequest | null {
    const { text } = this;
    const request: ScoreRequest = { jobs: this.jobs };
    const flags = request as unknown as Record<string, boolean | undefined>;
    let items = false;
    if (!this.open(OPEN_OBJECT)) return null;
    for (;;) {
      const key = this.key();
      if (key === "items" && !items) {
        if (!this.items()) return null;
        items = true;
      } else if (FLAG_KEYS.includes(key) && flags[key] === undefined) {
        if (text.startsWith("true", this.at)) flags[key] = true;
        else if (text.startsWith("false", this.at)) flags[key] = false;
        else return null;
        this.at += flags[key] ? 4 : 5;
      } else return null;
      const next = this.after(CLOSE_OBJECT);
      if (next === CLOSE_OBJECT) break;
      if (next !== COMMA) return null;
    }
    return items && skipSpace(text, this.at) === text.length ? request : null;
  }

  /** Past `c` and the whitespace after it, if `c` is next; false otherwise. */
  private open(c: number): boolean {
    const at = skipSpace(this.text, this.at);
    if (this.text.charCodeAt(at) !== c) return false;
    this.at = skipSpace(this.text, at + 1);
    return true;
  }

  /** The comma, or `close`, that follows a value (past it and the whitespace after it); -1 for anything else. */
  private after(close: number): number {
    const at = skipSpace(this.text, this.at);
    const c = this.text.charCodeAt(at);
    if (c !== COMMA && c !== close) return -1;
    this.at = skipSpace(this.text, at + 1);
    return c;
  }

  /** A key and its colon ("" when there is none): the text up to the next quote (a key with an escape matches none). */
  private key(): string {
    const { text } = this;
    const open = this.at;
    if (text.charCodeAt(open) !== QUOTE) return "";
    const close = text.indexOf('"', open + 1);
    if (close < 0) return "";
    const colon = skipSpace(text, close + 1);
    if (text.charCodeAt(colon) !== COLON) return "";
    this.at = skipSpace(text, colon + 1);
    return text.slice(open + 1, close);
  }

  /**
   * The string token from `start` to the quote at `end`, parsed (its bytes decoded first, in a
   * body read as bytes); undefined when it is not a valid JSON string.
   */
  private string(start: number, end: number): string | undefined {
    const token = this.text.slice(start, end + 1);
    try {
      return JSON.parse(this.bytes ? (utf8Text(token) ?? decodeBytes(token)) : token) as string;
    } catch {
      return undefined;
    }
  }

  /**
   * The quote that closes the reply opened at `start` when the item's "answer" key comes next:
   * the last one before it, with a comma between them. A quote inside a string is escaped, so no
   * string holds '"answer"' and the first one after `start` is past the reply; whether the quote
   * found is the reply's own (the first unescaped one) is then for JSON.parse to say (string):
   * a token that holds an unescaped quote is not valid JSON. -1 when there is no such key.
   */
  private quoteBeforeAnswer(start: number): number {
    const { text } = this;
    // The next key, kept for the items up to it: the body is searched once over.
    if (this.answerKey !== -1 && this.answerKey <= start) this.answerKey = answerKeyAfter(text, start + 1);
    if (this.answerKey < 0) return -1;
    const comma = skipSpaceBack(text, this.answerKey - 1);
    if (text.charCodeAt(comma) !== COMMA) return -1;
    const end = skipSpaceBack(text, comma - 1);
    return end > start && text.charCodeAt(end) === QUOTE ? end : -1;
  }

  private items(): boolean {
    if (this.text.charCodeAt(this.at) !== OPEN_ARRAY) return false;
    this.at++;
    if (this.open(CLOSE_ARRAY)) return true;
    for (;;) {
      if (this.jobs.length === this.maxBatch || !this.item()) return false;
      const next = this.after(CLOSE_ARRAY);
      if (next === CLOSE_ARRAY) return true;
      if (next !== COMMA) return false;
    }
  }

  private item(): boolean {
    const { text } = this;
    if (!this.open(OPEN_OBJECT)) return false;
    let reply: string | undefined;
    let answer: PreparedExpected | undefined;
    for (;;) {
      const key = this.key();
      const start = this.at;
      if (key === "reply" && reply === undefined) {
        if (text.charCodeAt(start) !== QUOTE) return false;
        // Its end found without a search of each quote when the answer follows; else closingQuote's.
        let end = answer === undefined ? this.quoteBeforeAnswer(start) : -1;
        reply = end < 0 ? undefined : this.string(start, end);
        if (reply === undefined) {
          end = closingQuote(text, start);
          reply = end < 0 ? undefined : this.string(start, end);
          if (reply === undefined) return false;
        }
        this.at = end + 1;
      } else if (key === "answer" && answer === undefined) {
        const end = text.charCodeAt(start) === OPEN_OBJECT ? closingBrace(text, start) : -1;
        if (end < 0) return false;
        const prepared = this.answers.prepareText(text.slice(start, end + 1));
        if (prepared === null) return false;
        answer = prepared;
        this.at = end + 1;
      } else return false;
      const next = this.after(CLOSE_OBJECT);
      if (next === CLOSE_OBJECT) break;
      if (next !== COMMA) return false;
    }
    if (reply === undefined || answer === undefined) return false;
    this.jobs.push({ reply, gold: { answer } });
    return true;
  }
}

/**
 * An OpenRLHF label: a task id (of the server's default set), a gold answer, or a task
 * reference {"id", "seed"?, "set"?, "options"?}, the last two as JSON text or as an object.
 */
export function readLabel(label: unknown, defaults: SetDefaults, where: string, answers?: AnswerCache): GoldSource {
  let value = label;
  if (typeof label === "string") {
    const text = label.trim();
    if (text === "") throw badRequest(`${where}: empty (run OpenRLHF with --data.label_key naming the column of task ids or gold answers)`);
    if (!text.startsWith("{")) return { task: readTaskRef(text, defaults.seed, defaults.set, {}, where) };
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest(`${where}: starts with "{" but is not valid JSON (expected a gold answer or {"id", "seed"})`);
    }
    refuseDuplicateKeys(text, where, value);
  }
  if (!isRecord(value)) throw badRequest(`${where}: expected a task id, a gold answer or {"id", "seed"}, got ${kindOf(value)}`);
  if ("beneficiaires" in value) return { answer: readAnswer(value, where, answers) };
  checkKnownKeys(value, REF_KEYS, where);
  return { task: readRef(value, defaults, where) };
}

function readStrings(value: unknown, where: string): string[] {
  if (value === undefined) throw badRequest(`${where}: missing`);
  if (!Array.isArray(value)) throw badRequest(`${where}: expected an array of strings, got ${kindOf(value)}`);
  value.forEach((v, i) => {
    if (typeof v !== "string") throw badRequest(`${where}[${i}]: expected a string, got ${kindOf(v)}`);
  });
  return value as string[];
}

/**
 * `POST /openrlhf`: OpenRLHF's remote reward request {"query": [...], "prompts": [...],
 * "labels": [...]}, three lists of one length. Other keys are ignored: the protocol is
 * OpenRLHF's, and a later version may send more.
 */
export function readOpenRlhfRequest(body: unknown, defaults: SetDefaults, maxBatch: number, answers?: AnswerCache): OpenRlhfRequest {
  if (!isRecord(body)) throw badRequest(`the body must be a JSON object {"query", "prompts", "labels"}, got ${kindOf(body)}`);
  const queries = readStrings(body.query, "query");
  checkBatch(queries.length, maxBatch, "query");
  const prompts = readStrings(body.prompts, "prompts");
  if (body.labels === undefined) throw badRequest("labels: missing (run OpenRLHF with --data.label_key naming the column of task ids or gold answers)");
  if (!Array.isArray(body.labels)) throw badRequest(`labels: expected an array, got ${kindOf(body.labels)}`);
  const labels: unknown[] = body.labels;
  if (prompts.length !== queries.length || labels.length !== queries.length) {
    throw badRequest(`query, prompts and labels must have one length, got ${queries.length}, ${prompts.length} and ${labels.length}`);
  }
  const golds = labels.map((label, i) => readLabel(label, defaults, `labels[${i}]`, answers));
  return { queries, prompts, golds };
}
