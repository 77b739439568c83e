import { compute, explain, isDossierError, parseDossierText, RULE_SETS, RULES, rulesOf, type Rule, type RuleSet } from "@succ/engine";
import { LAW_COVERAGE } from "@succ/rules";
import { parse } from "../args.js";
import { CliError, count } from "../errors.js";
import { Output, readLineBatches, readText, assertReadable } from "../io.js";

/** Comma-separated words, wrapped to lines of at most `width` characters, each after `indent`. */
function wrapList(words: readonly string[], indent: string, width = 96): string {
  const lines: string[] = [];
  let line = "";
  for (const [i, w] of words.entries()) {
    const word = i < words.length - 1 ? `${w},` : w;
    if (line !== "" && indent.length + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.map((l) => `${indent}${l}`).join("\n");
}

const INDENT = " ".repeat(19);

/** `--jsonl`: lines answered between two writes to the output. */
const BATCH = 64;
/** A dossier line starts with "{" (not a blank line). */
const LBRACE = 123;

/** The rules of each rule set, for --help: those of both, then those of one set only. */
function ruleLists(): string {
  const [a, b] = RULE_SETS;
  const inA = rulesOf(a);
  const inB = rulesOf(b);
  const groups: [string, Rule[]][] = [
    [`of ${a} and ${b}`, inA.filter((r) => inB.includes(r))],
    [`of ${a} only`, inA.filter((r) => !inB.includes(r))],
    [`of ${b} only`, inB.filter((r) => !inA.includes(r))],
  ];
  return groups
    .filter(([, rules]) => rules.length > 0)
    .map(([label, rules]) => `${INDENT}Rules ${label}:\n${wrapList(rules, INDENT)}`)
    .join("\n");
}

const HELP = `Usage: succ compute [FILE|-] [--jsonl] [--explain] [--law seed|cgi] [--ignore RULES] [-o FILE]

Computes the answer of a dossier (its fields: docs/dossier.md): every beneficiary's taxable
share and tax, to the euro, as the JSON answer {"beneficiaires": {...}, "total_droits": N} on
one line.

  FILE, -          the dossier (JSON); stdin when "-" or absent
  --jsonl          one dossier a line in, one answer a line out, in order, streamed;
                   an invalid or blank line gives {"error": "...", "line": N} in its place
                   and the exit code is 1 at the end. The tasks of \`succ generate\` hold
                   their dossier in .info.dossier:
                   jq -c .info.dossier tasks.jsonl | succ compute --jsonl
  --explain        print the worked computation in French (a notary's calculation sheet)
  --law seed|cgi   the rule set of a dossier that has no "law" field; a dossier that states
                   "law" is computed under its own, whatever this option says.
                   seed (the default): the simplified rules of levels 1 to 4, which every
                   generated task states in its prompt, so that a task's dossier gives its
                   gold answer as it is;
                   cgi: the Code général des impôts in force on the date of death or of the
                   gift, for acts from ${LAW_COVERAGE.verifiedFrom.day} to ${LAW_COVERAGE.verifiedThrough.day}
  --ignore RULES   counterfactual: switch off rules (comma-separated); a rule that the rule
                   set of the dossier does not have changes nothing there.
${ruleLists()}
  -o, --out FILE   write to FILE instead of stdout: a regular file is replaced only when the
                   command completes (Ctrl-C leaves it as it was, exit 130); a device, a FIFO
                   or a symbolic link is written through and kept
  -h, --help       this help

An invalid dossier: the errors on stderr (one "path: problem" a line), nothing on stdout,
exit code 1.
`;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(
    argv,
    {
      jsonl: { type: "boolean" },
      explain: { type: "boolean" },
      ignore: { type: "string" },
      law: { type: "string" },
      out: { type: "string", short: "o" },
      help: { type: "boolean", short: "h" },
    },
    true,
  );
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (positionals.length > 1) throw new CliError(`expected one dossier file, got ${positionals.length}: ${positionals.join(" ")}`);
  if (values.jsonl && values.explain) throw new CliError("--explain works on a single dossier, not with --jsonl");
  const ignore = parseIgnore(values.ignore);
  const read = { defaultRuleSet: parseLaw(values.law) };
  const file = positionals[0];

  if (values.jsonl) {
    await assertReadable(file);
    const out = await Output.open(values.out);
    let n = 0;
    let bad = 0;
    const options = { ignore };
    // The answers go to the output a batch of lines at a time (one wait for it every BATCH lines).
    let pending = "";
    try {
      // The lines a chunk of the input at a time, each answered in turn.
      for await (const lines of readLineBatches(file)) {
        for (let k = 0; k < lines.length; k++) {
          const line = lines[k]!;
          n++;
          // Output line k answers input line k, so a blank line gets an error line too.
          if (line.charCodeAt(0) !== LBRACE && line.trim() === "") {
            bad++;
            pending += `${JSON.stringify({ error: "empty line, not a dossier", line: n })}\n`;
          } else {
            try {
              pending += `${JSON.stringify(compute(parseDossierText(line, read), options).answer)}\n`;
            } catch (e) {
              if (!isDossierError(e)) throw e;
              bad++;
              pending += `${JSON.stringify({ error: taskHint(line) ?? e.message.replace(/\n/g, "; "), line: n })}\n`;
            }
          }
          if (n % BATCH === 0) {
            await out.write(pending);
            pending = "";
          }
        }
      }
      if (pending !== "") await out.write(pending);
    } catch (e) {
      await out.close(false);
      throw e;
    }
    await out.close(true);
    if (bad > 0) {
      process.stderr.write(`succ compute: ${bad} of ${count(n, "line")} ${bad === 1 ? "is not a valid dossier" : "are not valid dossiers"}\n`);
      return 1;
    }
    return 0;
  }

  const text = await readText(file, "dossier");
  let result;
  try {
    result = compute(parseDossierText(text, read), { ignore });
  } catch (e) {
    if (!isDossierError(e)) throw e;
    process.stderr.write(`succ compute: invalid dossier${file && file !== "-" ? ` ${file}` : ""}:\n${(taskHint(text) ?? e.message).replace(/^/gm, "  ")}\n`);
    return 1;
  }
  const out = await Output.open(values.out);
  await out.write(values.explain ? explain(result) : `${JSON.stringify(result.answer)}\n`);
  await out.close(true);
  return 0;
}

/**
 * A line of `succ generate` given where a dossier is expected: the error says where its dossier
 * is. Null for anything else (the dossier's own errors are then the message).
 */
function taskHint(text: string): string | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  const info = typeof v === "object" && v !== null ? (v as { info?: { dossier?: unknown } }).info : undefined;
  if (typeof info?.dossier !== "object" || info.dossier === null || "kind" in (v as object)) return null;
  return "a task line, not a dossier: its dossier is .info.dossier (jq -c .info.dossier tasks.jsonl | succ compute --jsonl)";
}

/** The rule set of dossiers without a `law` field: undefined leaves the engine's default (seed). */
function parseLaw(raw: string | undefined): RuleSet | undefined {
  if (raw === undefined) return undefined;
  if (!(RULE_SETS as readonly string[]).includes(raw)) throw new CliError(`--law: expected ${RULE_SETS.map((r) => `"${r}"`).join(" or ")}, got "${raw}"`);
  return raw as RuleSet;
}

function parseIgnore(raw: string | undefined): Rule[] {
  if (raw === undefined) return [];
  const names = raw.split(",").map((s) => s.trim()).filter(Boolean);
  for (const n of names) {
    if (!(RULES as readonly string[]).includes(n)) throw new CliError(`--ignore: unknown rule "${n}" (rules: ${RULES.join(", ")})`);
  }
  return names as Rule[];
}
