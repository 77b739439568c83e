/**
 * The Python scorer (the installed wheel) against @succ/scoring: the same score and the same
 * reason for the hostile corpus and for over 100,000 replies (gold, partial, mutated, long,
 * escape-dense, with end-of-sequence tokens) of every level and of the fictional law. One
 * Python process scores the whole stream.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { generateTask, type Task } from "@succ/generator";
import { END_OF_SEQUENCE_TOKENS, formatAnswer, hostileReplies, MAX_REPLY_LENGTH, scoreReply, type ExpectedAnswer } from "@succ/scoring";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeVenv, TESTS_DIR, type Venv } from "./venv";

let venv: Venv;
beforeAll(() => {
  venv = makeVenv();
});
afterAll(() => venv?.remove());

/** xorshift32: a small deterministic stream, so that a failure can be replayed. */
function rng(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

interface Case {
  reply: unknown;
  aon?: boolean;
  se?: boolean;
}

/** Characters a mutation inserts: JSON syntax, digits, spaces of every kind, tags, escapes, astral and lone surrogates. */
const ALPHABET = [
  ..."{}[]\":,.-+eE0123456789 \\u/<>droits",
  "\t", "\n", "\r", "\u000b", "\u0000", "\u001f", "\u00a0", "\u202f", "\u2028", "\ufeff", "\u3000", "\u0085", "\u001c",
  "é", "€", "٣", "０", "😀", "\ud800", "\udfff", "\\n", "\\u0031", "\\ud83d\\ude00", "\\ud800", "1e5", "NaN", "true", "null",
  "<|im_end|>", "</s>", "<|end|>", "<eos>", "</droits>", "<droits>", "B1", "\"B\\u0031\"",
];

function mutate(text: string, r: (n: number) => number): string {
  let s = text;
  const count = 1 + r(3);
  for (let k = 0; k < count; k++) {
    const at = r(s.length + 1);
    const op = r(3);
    const piece = ALPHABET[r(ALPHABET.length)]!;
    if (op === 0) s = s.slice(0, at) + piece + s.slice(at);
    else if (op === 1) s = s.slice(0, at) + s.slice(at + 1 + r(3));
    else s = s.slice(0, at) + piece + s.slice(at + 1);
  }
  return s;
}

/** The gold JSON with every amount written by `write` (a string form, an exponent, decimals…). */
function rewrite(json: string, write: (euros: string, r: (n: number) => number) => string, r: (n: number) => number): string {
  return json.replace(/: (\d+)/g, (_m, euros: string) => `: ${write(euros, r)}`);
}

const SPELLINGS: ((euros: string, r: (n: number) => number) => string)[] = [
  (e) => `"${Number(e).toLocaleString("fr-FR").replace(/\u202f/g, " ")} €"`,
  (e) => `"${e},00 €"`,
  (e) => `${e}.00`,
  (e) => (e === "0" ? "-0" : `${e}e0`),
  (e) => (e.length > 1 ? `${e.slice(0, 1)}.${e.slice(1)}e${e.length - 1}` : e),
  (e) => `"${[...e].map((d) => `\\u003${d}`).join("")}"`,
  (e) => `"${e}\u00a0€"`,
  (e, r) => String(Number(e) + r(3) - 1),
  (e) => `${e}.001`,
  (e) => `"${e}.5€"`,
  (e) => `0${e}`,
  (e) => `${e}E+00`,
];

const REASONING = "Actif net successoral : maison 420 000 €, comptes 65 000 €. Abattement de 100 000 € (article 779 I du CGI), barème de l'article 777. ";

function* repliesOf(answer: ExpectedAnswer, seed: number, count: number): Generator<Case> {
  const r = rng(seed);
  const gold = formatAnswer(answer);
  const json = gold.slice("<droits>".length, -"</droits>".length);
  const block = (inner: string) => `<droits>${inner}</droits>`;
  for (let k = 0; k < count; k++) {
    const flags = { aon: r(8) === 0, se: r(6) === 0 };
    const kind = r(13);
    let reply: string;
    if (kind === 0) reply = `${REASONING}\n${gold}`;
    else if (kind === 1) {
      const tail = Array.from({ length: 1 + r(4) }, () => [" ", "\n", END_OF_SEQUENCE_TOKENS[r(END_OF_SEQUENCE_TOKENS.length)]!, "\u3000", "x"][r(5)]).join("");
      reply = `${gold}${tail}`;
    } else if (kind === 2) reply = `${REASONING}${block(rewrite(json, SPELLINGS[r(SPELLINGS.length)]!, r))}`;
    else if (kind === 3) {
      // One amount off: a partial score, or a zero field wrong.
      const amounts = [...json.matchAll(/: (\d+)/g)];
      const pick = amounts[r(amounts.length)]!;
      const at = pick.index! + 2;
      reply = block(json.slice(0, at) + String(Number(pick[1]) + 1 + r(1000)) + json.slice(at + pick[1]!.length));
    } else if (kind <= 6) reply = mutate(`${REASONING}${gold}`, r);
    else if (kind === 7) reply = mutate(block(rewrite(json, SPELLINGS[r(SPELLINGS.length)]!, r)), r);
    else if (kind === 8) {
      // Escape-dense: keys and amounts spelt with \u escapes, a key written twice under two spellings.
      const escaped = json.replace(/"(B\d+)"/g, (_m, id: string) => (r(2) ? `"${[...id].map((c) => `\\u00${c.charCodeAt(0).toString(16)}`).join("")}"` : `"${id}"`));
      reply = r(3) === 0 ? block(escaped.replace(/^\{/, `{"\\u0074otal_droits": 0, `)) : block(escaped);
    } else if (kind === 9) {
      // Long: reasoning of up to 20,000 characters, or (one in 16) up to the limit and a little
      // over, in ASCII, accents or astral characters (two UTF-16 units each).
      const unit = ["x", "é", "😀", " "][r(4)]!;
      const target = r(16) === 0 ? MAX_REPLY_LENGTH - gold.length - 4 + r(10) : r(20_000);
      reply = unit.repeat(Math.max(0, Math.floor(target / unit.length))) + gold + (r(2) ? "\n" : "");
    } else if (kind === 10) reply = block(`${json} ${r(2) ? json : "{}"}`);
    else if (kind === 11) {
      // Floods of simple items around the token limit (2,000): arrays, objects, nested empties, a
      // duplicate or a fault somewhere in them, in the answer or at the root.
      const items = ["0", "-0", "1.5e3", "true", "null", '"a"', '"a,b"', "[]", "{}", "[ ]", "01", "1.", '"\\n"', "[0]"];
      const count = 900 + r(1200);
      const pick = () => items[r(r(400) === 0 ? items.length : 10)]!;
      const flood =
        r(2) === 0
          ? `[${Array.from({ length: count }, pick).join(r(2) ? "," : " , ")}]`
          : `{${Array.from({ length: Math.floor(count / 2) }, (_v, j) => `"k${r(40) === 0 ? 0 : j}": ${pick()}`).join(", ")}}`;
      const deep = "[".repeat(r(3) === 0 ? 62 + r(4) : 0);
      reply = block(r(2) ? `{"beneficiaires": ${deep}${flood}${"]".repeat(deep.length)}, "total_droits": 0}` : deep + flood + "]".repeat(deep.length));
    }
    else {
      const odd = [42, null, "", gold.toUpperCase(), `${gold}${gold}`, `<droits>${json}`, `${json}</droits>`, block("[]"), block('{"beneficiaires": 0, "total_droits": 0}'), block(json.replace(/\{"part_taxable"[^}]*\}/, '"x"')), block(json.replace(/, "total_droits": \d+\}$/, "}")), block(json.replace(/"droits": \d+, /, ""))];
      reply = odd[r(odd.length)] as string;
    }
    yield { reply, ...flags };
  }
}

/** The golds: every level of the mix and of each single-level set, and the fictional law of levels 1 to 5. */
function tasks(): Task[] {
  const out: Task[] = [];
  for (const level of [0, 1, 2, 3, 4, 5, 6, 7] as const) for (let i = 0; i < 40; i++) out.push(generateTask(11 + level, i, level));
  for (const level of [0, 1, 2, 3, 4, 5] as const) for (let i = 0; i < 15; i++) out.push(generateTask(23 + level, i, level, { fictionalLaw: true }));
  return out;
}

/** Golds that are not well formed: both sides say bad_expected with the same message. */
const BAD_GOLDS: unknown[] = [
  null,
  [1, 2],
  "{}",
  { beneficiaires: {}, total_droits: 0 },
  { beneficiaires: { B1: { part_taxable: 1, droits: 1 } }, total_droits: 2 },
  { beneficiaires: { B1: { part_taxable: 1.5, droits: 1 } }, total_droits: 1 },
  { beneficiaires: { B1: { part_taxable: -1, droits: 1 } }, total_droits: 1 },
  { beneficiaires: { B1: { part_taxable: true, droits: 1 } }, total_droits: 1 },
  { beneficiaires: { B1: { part_taxable: "5", droits: 1 } }, total_droits: 1 },
  { beneficiaires: { B1: { part_taxable: 1e21, droits: 1 } }, total_droits: 1 },
  { beneficiaires: { B1: { part_taxable: 1e-7, droits: 1 } }, total_droits: 1 },
  { beneficiaires: { B1: { part_taxable: [1, null], droits: 1 } }, total_droits: 1 },
  { beneficiaires: { "B.1": { part_taxable: 1, droits: 1 } }, total_droits: 1 },
  { beneficiaires: { ["é".repeat(70)]: { part_taxable: 1, droits: 1 } }, total_droits: 1 },
  { beneficiaires: { B1: { part_taxable: 1, droits: 1, extra: 2 } }, total_droits: 1 },
  { beneficiaires: { B1: { part_taxable: 1 } }, total_droits: 1 },
  { beneficiaires: { B2: { part_taxable: 1, droits: 1 }, "10": { part_taxable: 1 }, "2": { x: 1 } }, total_droits: 1 },
  { beneficiaires: { B1: { part_taxable: 1, droits: 1 } }, total_droits: 1, extra: 1 },
  { total_droits: 1 },
];

interface Outcome {
  cases: number;
  mismatches: string[];
  /** Reason codes met (before any ": detail"), to show the stream reaches every rule. */
  codes: Set<string>;
}

/** Streams golds and replies to one Python process and compares each answer with scoreReply's. */
async function compare(feed: () => Generator<{ answer: unknown } | Case>): Promise<Outcome> {
  const child = spawn(venv.python, [join(TESTS_DIR, "score_stream.py")], { cwd: TESTS_DIR, env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" }, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  let pending = "";
  const answers: [number, string][] = [];
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    pending += d;
    const lines = pending.split("\n");
    pending = lines.pop()!;
    for (const line of lines) answers.push(JSON.parse(line) as [number, string]);
  });
  const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
  const expected: { score: number; reason: string; reply: unknown }[] = [];
  let gold: unknown;
  const write = (line: string) => (child.stdin.write(line) ? Promise.resolve() : new Promise<void>((resolve) => child.stdin.once("drain", () => resolve())));
  for (const row of feed()) {
    if ("answer" in row) {
      gold = row.answer;
      await write(`${JSON.stringify({ answer: row.answer })}\n`);
      continue;
    }
    const result = scoreReply(row.reply as string, gold as ExpectedAnswer, { allOrNothing: row.aon === true, strictEnd: row.se === true });
    // Only short replies are kept for the report; long ones by their length.
    const shown = typeof row.reply === "string" && row.reply.length > 300 ? `<${row.reply.length} chars>` : row.reply;
    expected.push({ score: result.score, reason: result.reason, reply: shown });
    await write(`${JSON.stringify({ reply: row.reply, aon: row.aon === true, se: row.se === true })}\n`);
  }
  child.stdin.end();
  const code = await closed;
  if (code !== 0) throw new Error(`score_stream.py exited ${code}: ${stderr.slice(-2000)}`);
  expect(answers).toHaveLength(expected.length);
  const mismatches: string[] = [];
  expected.forEach((e, i) => {
    const [score, reason] = answers[i]!;
    if (score !== e.score || reason !== e.reason) mismatches.push(`${JSON.stringify(e.reply)}: TypeScript ${e.score} ${e.reason}, Python ${score} ${reason}`);
  });
  return { cases: expected.length, mismatches, codes: new Set(expected.map((e) => e.reason.split(":")[0]!)) };
}

describe("succ_reward.score_reply gives @succ/scoring's score and reason", () => {
  it("on the hostile corpus of golds of every level and of the fictional law", async () => {
    const golds = tasks().filter((_t, i) => i % 20 === 0);
    const outcome = await compare(function* () {
      for (const task of golds) {
        yield { answer: task.answer };
        for (const { reply } of hostileReplies(task.answer)) {
          yield { reply };
          yield { reply, se: true };
        }
      }
    });
    expect(outcome.cases).toBeGreaterThan(golds.length * 120);
    expect(outcome.mismatches.slice(0, 10)).toEqual([]);
  });

  it("on 100,000 replies: gold, partial, spelt otherwise, mutated, long, escape-dense, with end-of-sequence tokens", async () => {
    const all = tasks();
    const per = Math.ceil(100_000 / all.length);
    const outcome = await compare(function* () {
      for (const [i, task] of all.entries()) {
        yield { answer: task.answer };
        yield* repliesOf(task.answer, 1000 + i, per);
      }
      for (const [i, answer] of BAD_GOLDS.entries()) {
        yield { answer };
        yield* repliesOf({ beneficiaires: { B1: { part_taxable: 10, droits: 1 } }, total_droits: 1 }, 5000 + i, 5);
      }
    });
    expect(outcome.cases).toBeGreaterThanOrEqual(100_000);
    expect(outcome.mismatches.slice(0, 10)).toEqual([]);
    expect([...outcome.codes].sort()).toEqual(
      [
        "bad_amount", "bad_expected", "duplicate_key", "invalid_json", "missing_key", "no_block", "not_a_string", "not_all_right", "not_an_object",
        "ok", "partial", "several_blocks", "several_closing_tags", "several_json_values", "text_after_block", "too_deep", "too_long", "too_many_tokens",
        "unclosed_block", "unknown_key", "wrong", "zero_field_wrong",
      ],
    );
  }, 600_000);
});
