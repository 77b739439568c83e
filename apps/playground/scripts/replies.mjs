// Replies of pretend models, built from real tasks: the gold answer, the answer of the engine
// with a rule the task depends on switched off (a model that missed that rule), an arithmetic
// slip on one tax, or a malformed block. Deterministic: the same (model, task, draw) gives the
// same reply. Used to make the committed run fixtures (through `succ eval`) and the benchmark's
// 10,000-rollout run.
import { compute, readDossier, RULES, sameAnswer } from "@succ/engine";
import { formatAnswer } from "@succ/scoring";

/** How often (in %) each kind of reply comes, per pretend model. */
export const MODELS = {
  "careful-model": { gold: 62, missedRule: 22, slip: 8, malformed: 8 },
  "hasty-model": { gold: 35, missedRule: 35, slip: 15, malformed: 15 },
};

/** A 32-bit FNV-1a hash: the draw of a reply kind from (model, task id, draw number). */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const REASONING = [
  "Je reprends le dossier pièce par pièce.",
  "L'actif net est établi après déduction du passif et des frais funéraires dans la limite légale.",
  "Pour chaque bénéficiaire, je retiens la valeur reçue, l'abattement applicable et, le cas échéant, le rappel des donations antérieures de moins de quinze ans.",
  "Le barème est appliqué tranche par tranche sur la part taxable arrondie à l'euro, puis les droits sont arrondis à l'euro.",
];

/** Reasoning text of whole sentences, at least `length` characters, before the block. */
export function reasoning(length) {
  let out = "";
  for (let k = 0; out.length < length; k++) out += `${REASONING[k % REASONING.length]}\n`;
  return out;
}

/** The rules that change this task's answer when switched off alone, with their answers. */
function counterfactuals(task) {
  const dossier = readDossier(task.info.dossier);
  const out = [];
  for (const rule of RULES) {
    const answer = compute(dossier, { ignore: [rule] }).answer;
    if (!sameAnswer(answer, task.answer)) out.push(answer);
  }
  return out;
}

function withSlip(answer, h) {
  const copy = structuredClone(answer);
  const ids = Object.keys(copy.beneficiaires).filter((id) => copy.beneficiaires[id].droits > 0);
  const id = ids[h % ids.length];
  copy.beneficiaires[id].droits += 1 + (h % 7);
  copy.total_droits = Object.values(copy.beneficiaires).reduce((s, b) => s + b.droits, 0);
  return copy;
}

/** The reply of `model` to `task`, the `draw`-th time it is asked; `length` of reasoning. */
export function replyFor(model, task, draw, length = 300) {
  const mix = MODELS[model];
  if (!mix) throw new Error(`unknown pretend model ${model}`);
  const h = hash(`${model}/${task.id}/${draw}`);
  let pick = h % 100;
  const text = reasoning(length);
  if ((pick -= mix.gold) < 0) return `${text}\n${formatAnswer(task.answer)}`;
  if ((pick -= mix.missedRule) < 0) {
    const options = counterfactuals(task);
    if (options.length > 0) return `${text}\n${formatAnswer(options[(h >>> 8) % options.length])}`;
    return `${text}\n${formatAnswer(withSlip(task.answer, h >>> 8))}`;
  }
  if ((pick -= mix.slip) < 0) return `${text}\n${formatAnswer(withSlip(task.answer, h >>> 8))}`;
  const block = formatAnswer(task.answer);
  const broken = [block.replace("</droits>", ""), block.replace(/\}<\/droits>$/, ",}</droits>"), `${block}\nJ'espère que cela vous aide.`, "Je ne peux pas conclure sans l'avis d'un notaire."];
  return `${text}\n${broken[(h >>> 8) % broken.length]}`;
}
