import { isSuccess, prepareExpected, scoreAndReason, type ExpectedAnswer, type PreparedExpected } from "@succ/scoring";
import { parse } from "../args.js";
import { CliError, count } from "../errors.js";
import { Output, readLines, assertReadable } from "../io.js";
import { readTaskRefs, type TaskRef } from "../tasks-file.js";

const HELP = `Usage: succ score --tasks FILE --replies FILE [--all-or-nothing] [--strict-end] [-o FILE]

Scores replies against the gold answers of a task set, with @succ/scoring.

  --tasks FILE       the tasks (JSONL from \`succ generate\`)
  --replies FILE     JSONL, one {"id": "...", "reply": "..."} a line; several replies per task
                     are allowed (rollouts); "-" for stdin
  --all-or-nothing   score 0 unless every field is right (no partial credit)
  --strict-end       refuse end-of-sequence tokens (<|im_end|>, </s>, <|eot_id|>, …) after
                     the block; by default they may follow it, with whitespace around them
  -o, --out FILE     write the scores there instead of stdout: a regular file is replaced only
                     when the command completes (Ctrl-C leaves it as it was, exit 130); a
                     device, a FIFO or a symbolic link is written through and kept
  -h, --help         this help

Writes one {"id", "score", "reason"} line per reply, in order, and a summary on stderr (mean,
replies at 1.0, per level). A replies line that is blank, is not {"id", "reply"} or names an
unknown task gets {"id", "score": 0, "error", "line"} in its place (output line k is input
line k), is left out of the table, and the exit code is 1 at the end.

Warnings on stderr: replies that name no task of --tasks (their lines), task ids given more
than once (each reply is still scored and counted, as rollouts are), and a replies file with
no reply, which scores nothing and exits 1.
`;

interface Tally {
  count: number;
  sum: number;
  perfect: number;
}

/** A task met in the replies: its gold prepared once, its level's tally, its replies so far. */
interface Scored {
  gold: ExpectedAnswer | PreparedExpected;
  level: Tally;
  replies: number;
  /** The start of its output lines, `{"id":"…","score":`, its id escaped once. */
  head: string;
}

/** Output lines are joined up to this many characters before each write (Output buffers the same). */
const CHUNK = 1 << 16;

export async function run(argv: string[]): Promise<number> {
  const { values } = parse(argv, {
    tasks: { type: "string" },
    replies: { type: "string" },
    "all-or-nothing": { type: "boolean" },
    "strict-end": { type: "boolean" },
    out: { type: "string", short: "o" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (!values.tasks) throw new CliError("--tasks FILE is required (the JSONL of `succ generate`)");
  if (!values.replies) throw new CliError('--replies FILE is required (JSONL of {"id", "reply"})');
  const tasks = await readTaskRefs(values.tasks);
  await assertReadable(values.replies);
  const allOrNothing = values["all-or-nothing"] === true;
  const strictEnd = values["strict-end"] === true;
  const out = await Output.open(values.out);
  const options = { allOrNothing, strictEnd };
  const total: Tally = { count: 0, sum: 0, perfect: 0 };
  const perLevel = new Map<number, Tally>();
  let n = 0;
  let bad = 0;
  /** Per task id met, in the order first scored (for the warning about ids given more than once). */
  const met = new Map<string, Scored>();
  const firstScore = (id: string, task: TaskRef): Scored => {
    let gold: ExpectedAnswer | PreparedExpected;
    try {
      gold = prepareExpected(task.answer);
    } catch {
      gold = task.answer; // malformed: scoreAndReason gives each reply 0 with the reason (bad_expected: …)
    }
    let level = perLevel.get(task.level);
    if (level === undefined) perLevel.set(task.level, (level = { count: 0, sum: 0, perfect: 0 }));
    const entry = { gold, level, replies: 0, head: `{"id":${JSON.stringify(id)},"score":` };
    met.set(id, entry);
    return entry;
  };
  const unknownLines: number[] = [];
  let pending = "";
  try {
    for await (const line of readLines(values.replies)) {
      n++;
      // Output line k scores input line k, so a blank line gets an error line too. A line that
      // starts with "{" is not blank: trim is only called for the others.
      if (line.charCodeAt(0) !== 0x7b && line.trim() === "") {
        bad++;
        pending += `${JSON.stringify({ id: null, score: 0, error: "empty line, not a reply", line: n })}\n`;
      } else {
        let row: { id?: unknown; reply?: unknown } | null = null;
        try {
          row = JSON.parse(line);
        } catch {
          row = null;
        }
        const id = row && typeof row === "object" && typeof row.id === "string" ? row.id : null;
        if (!row || typeof row !== "object" || id === null || !("reply" in row)) {
          bad++;
          pending += `${JSON.stringify({ id, score: 0, error: 'not a {"id", "reply"} line', line: n })}\n`;
        } else {
          let entry = met.get(id);
          if (entry === undefined) {
            const task = tasks.get(id);
            if (task !== undefined) entry = firstScore(id, task);
          }
          if (entry === undefined) {
            bad++;
            unknownLines.push(n);
            pending += `${JSON.stringify({ id, score: 0, error: `unknown task id "${id}"`, line: n })}\n`;
          } else {
            // A reply that is not a string is still a reply: the scorer gives it 0. Only the
            // score and the reason are written: no verdicts of the fields are made.
            const { score, reason } = scoreAndReason(row.reply as string, entry.gold, options);
            pending += scoreLine(id, entry.head, score, reason);
            entry.replies++;
            const perfect = isSuccess(score) ? 1 : 0;
            total.count++;
            total.sum += score;
            total.perfect += perfect;
            entry.level.count++;
            entry.level.sum += score;
            entry.level.perfect += perfect;
          }
        }
      }
      if (pending.length >= CHUNK) {
        await out.write(pending);
        pending = "";
      }
    }
    await out.write(pending);
  } catch (e) {
    await out.close(false);
    throw e;
  }
  await out.close(true);
  const warn = (text: string) => process.stderr.write(`succ score: warning: ${text}\n`);
  if (unknownLines.length > 0) {
    warn(`${count(unknownLines.length, "reply names", "replies name")} no task of ${values.tasks} (${lineList(unknownLines)}), scored 0 in place and left out of the table`);
  }
  const repeated = [...met].filter(([, entry]) => entry.replies > 1).map(([id, entry]) => [id, entry.replies] as const);
  if (repeated.length > 0) {
    const shown = repeated.slice(0, 3).map(([id, k]) => `${id} ×${k}`).join(", ");
    warn(
      `${count(repeated.length, "task id is", "task ids are")} given more than once (${shown}${repeated.length > 3 ? ", …" : ""}): ` +
        "each reply is scored and counted in the table, as rollouts are; check the replies file if that was not meant",
    );
  }
  if (n === 0) {
    warn(`${values.replies === "-" ? "stdin" : values.replies} holds no reply: nothing was scored`);
    return 1;
  }
  const scored = n - bad;
  if (scored === 0) {
    warn(`nothing was scored: no line of ${values.replies === "-" ? "stdin" : values.replies} is a reply to a task of ${values.tasks}`);
  } else process.stderr.write(summary(total, perLevel));
  if (bad > 0) {
    process.stderr.write(`succ score: ${count(n, "line")} written: ${count(scored, "reply", "replies")} scored, ${count(bad, "line")} could not be scored\n`);
    return 1;
  }
  return 0;
}

/**
 * `${JSON.stringify({ id, score, reason })}\n` from the id's escaped head, without building and
 * walking an object a reply: a finite score prints as String does, a string reason as
 * JSON.stringify does; anything else goes the long way.
 */
function scoreLine(id: string, head: string, score: number, reason: string): string {
  if (typeof reason !== "string" || !Number.isFinite(score)) return `${JSON.stringify({ id, score, reason })}\n`;
  return `${head}${score},"reason":${JSON.stringify(reason)}}\n`;
}

/** `line 3`, `lines 3, 7 and 9`, `lines 3, 7, 9, … (12 lines)`. */
function lineList(lines: readonly number[]): string {
  if (lines.length === 1) return `line ${lines[0]}`;
  if (lines.length <= 5) return `lines ${lines.slice(0, -1).join(", ")} and ${lines.at(-1)}`;
  return `lines ${lines.slice(0, 5).join(", ")}, … (${lines.length} lines)`;
}

function summary(total: Tally, perLevel: Map<number, Tally>): string {
  const row = (label: string, t: Tally) =>
    `${label.padEnd(8)} ${String(t.count).padStart(7)} ${(t.count ? t.sum / t.count : 0).toFixed(4).padStart(8)} ${String(t.perfect).padStart(8)}`;
  const lines = [`${"".padEnd(8)} ${"replies".padStart(7)} ${"mean".padStart(8)} ${"at 1.0".padStart(8)}`];
  for (const level of [...perLevel.keys()].sort()) lines.push(row(`level ${level}`, perLevel.get(level)!));
  lines.push(row("all", total));
  return `${lines.join("\n")}\n`;
}
