/**
 * `succ export --format sft`: worked solutions for supervised fine-tuning. Each row is a chat:
 * the task's prompt, then an assistant message that works the task in French as a notary would
 * set it out (the engine's calculation sheet, `explain`, rewritten as lines of prose: no dotted
 * leaders, no column padding) and ends with the `<droits>` block of the gold answer.
 */
import { compute, explain, readDossier } from "@succ/engine";
import { lawSourceOf, type Task } from "@succ/generator";
import { answerBlock } from "./formats.js";

/** A sheet line "label ..... amount": the label, the dotted leader, the amount. */
const LEADER = /^(\s*)(.*?) \.{2,} (.+)$/;
const TITLE = /^FEUILLE DE CALCUL — (.+)$/;
const BENEFICIARY = /^(B\d+) — (.+) \(([^()]+)\)$/;
const SECTION = /^(\d+)\. (.+)$/;

/** The amount as a notary states it: "− 1 287,23 €" (a deduction) as "1 287,23 € à déduire". */
function amountText(value: string): string {
  return value.startsWith("− ") ? `${value.slice(2)} à déduire` : value;
}

/** One line of the sheet as a line of the worked solution (empty lines kept as paragraph breaks). */
function proseLine(line: string): string {
  const title = TITLE.exec(line);
  if (title) return `Je reprends le dossier : ${title[1]!.charAt(0).toLowerCase()}${title[1]!.slice(1)}.`;
  if (line.startsWith("Règles : ")) return `Règles appliquées : ${line.slice("Règles : ".length)}`;
  const beneficiary = BENEFICIARY.exec(line);
  if (beneficiary) return `Pour ${beneficiary[1]} (${beneficiary[2]}, ${beneficiary[3]}) :`;
  const section = SECTION.exec(line);
  if (section) return `${section[1]}. ${section[2]} :`;
  const leader = LEADER.exec(line);
  if (leader) {
    const [, indent, label, value] = leader as unknown as [string, string, string, string];
    // A computation ("8 072 € × 5 %") equals its amount; a heading of a figure is followed by it.
    const joined = /[×=]/.test(label) ? `${label} = ${value}` : `${label} : ${amountText(value)}`;
    return `${indent.length >= 4 ? "– " : ""}${joined.replace(/ {2,}/g, " ")}`;
  }
  const text = line.trim().replace(/ {2,}/g, " ");
  return text;
}

/**
 * The worked solution of a task: its calculation sheet under the task's own law, as prose, and
 * the gold answer's block. The sheet is the engine's for the task's dossier and law, so its
 * figures are those of the gold answer.
 */
export function workedSolution(task: Task): string {
  const result = compute(readDossier(task.info.dossier), { source: lawSourceOf(task.info) });
  const lines = explain(result).trimEnd().split("\n").map(proseLine);
  return `${lines.join("\n")}\n\nLa réponse, dans le bloc demandé :\n${answerBlock(task)}`;
}

/** The chat of a task for fine-tuning: the user's prompt, the assistant's worked solution. */
export function sftMessages(task: Task): { role: "user" | "assistant"; content: string }[] {
  return [
    { role: "user", content: task.prompt },
    { role: "assistant", content: workedSolution(task) },
  ];
}
