/**
 * Independent recomputation of levels 5 and 6: a reader that shares no code with the generator
 * (test/notary-reader.ts) rebuilds each dossier from the prompt alone, and, at level 5, the law
 * from the articles the prompt states (computed with `constantLaw`); at level 6, the law comes
 * from the dated tables. The engine's answer must equal the gold on 500 tasks of each level.
 */
import { compute, readDossier, type AmountInput, type Answer, type DossierInput } from "@succ/engine";
import { constantLaw, type Law } from "@succ/rules";
import { describe, expect, it } from "vitest";
import { generateTasks, type Task } from "../src/index.js";
import { readArticlesLaw, readNotaryPrompt } from "./notary-reader.js";

const LEVEL5 = [...generateTasks({ n: 500, seed: 5, level: 5 })];
const LEVEL6 = [...generateTasks({ n: 500, seed: 6, level: 6 })];

/** The answer the reader finds: the dossier read from the prompt, and at level 5 the law read from its articles. */
function readAnswer(t: Task): Answer {
  const d = readNotaryPrompt(t.prompt);
  if (t.level === 5) {
    const law = readArticlesLaw(t.prompt, d.date, d.kind);
    return compute(readDossier(d), { source: constantLaw(law) }).answer;
  }
  return compute(readDossier(d)).answer;
}

function sorted(a: Answer): string {
  const ids = Object.keys(a.beneficiaires).sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)));
  return JSON.stringify({ b: ids.map((id) => [id, a.beneficiaires[id]]), t: a.total_droits });
}

function differences(tasks: readonly Task[]): string[] {
  const out: string[] = [];
  for (const t of tasks) {
    let got: string;
    try {
      got = sorted(readAnswer(t));
    } catch (e) {
      got = `${(e as Error).name}: ${(e as Error).message}`;
    }
    if (got !== sorted(t.answer)) out.push(`${t.id}\n  gold: ${sorted(t.answer)}\n  read: ${got}`);
  }
  return out;
}

/** Amounts in whole cents (the gold writes numbers, the reader decimal strings), the rest as is. */
function normalized(d: DossierInput): unknown {
  const cents = (v: AmountInput | undefined): number | undefined => (v === undefined ? undefined : Math.round(Number(v) * 100));
  return JSON.parse(
    JSON.stringify(d, (key, v) =>
      ["value", "amount", "funeralCosts", "allowanceUsed", "disabilityAllowanceUsed", "capitalBefore70", "capitalBefore1998", "premiumsAfter70", "capitalAfter70"].includes(key) ? cents(v as AmountInput) : v,
    ),
  );
}

describe("levels 5 and 6 read from the prompt alone", () => {
  it("level 5: the dossier and the articles' law give the gold answer, on 500 tasks", () => {
    const diff = differences(LEVEL5);
    expect(diff.length, `${diff.length} of 500 differ; first ones:\n${diff.slice(0, 3).join("\n")}`).toBe(0);
  });

  it("level 6: the dossier and the dated tables give the gold answer, on 500 tasks", () => {
    const diff = differences(LEVEL6);
    expect(diff.length, `${diff.length} of 500 differ; first ones:\n${diff.slice(0, 3).join("\n")}`).toBe(0);
  });

  it("the dossier read is the gold dossier, field for field and in the same key order", () => {
    const diff: string[] = [];
    for (const t of [...LEVEL5, ...LEVEL6]) {
      const read = readNotaryPrompt(t.prompt);
      if (JSON.stringify(read.person) !== JSON.stringify(t.info.dossier.person)) diff.push(`${t.id}: person ${JSON.stringify(read.person)}`);
      read.beneficiaries.forEach((b, i) => {
        if (JSON.stringify(b) !== JSON.stringify(t.info.dossier.beneficiaries[i])) diff.push(`${t.id}: ${JSON.stringify(b)} ≠ ${JSON.stringify(t.info.dossier.beneficiaries[i])}`);
      });
      if (JSON.stringify(normalized(read)) !== JSON.stringify(normalized(t.info.dossier))) diff.push(`${t.id}: the dossiers differ`);
    }
    expect(diff.length, `${diff.length} differences; first ones:\n${diff.slice(0, 5).join("\n")}`).toBe(0);
  });

  it("reads the law from the articles: a wrong amount in a prompt gives another answer", () => {
    // A level-5 estate and a level-5 gift: change one amount of the articles and the reader's
    // law, hence its answer, changes (so the amounts are read, not taken from the tables).
    const estate = LEVEL5.find((t) => t.variant === "notary-estate" && t.info.difficulty.rules.includes("funeralFlat"))!;
    const wrongFuneral = estate.prompt.replace("montant forfaitaire de 1 500 €", "montant forfaitaire de 2 500 €");
    expect(wrongFuneral).not.toBe(estate.prompt);
    expect(sorted(readAnswer({ ...estate, prompt: wrongFuneral }))).not.toBe(sorted(estate.answer));
    const gift = LEVEL5.find((t) => t.variant === "notary-gift" && t.info.difficulty.rules.includes("housing790ABis"))!;
    const wrongHousing = gift.prompt.replace("dans la limite de 100 000 € par donateur et par donataire", "dans la limite de 10 000 € par donateur et par donataire");
    expect(wrongHousing).not.toBe(gift.prompt);
    expect(sorted(readAnswer({ ...gift, prompt: wrongHousing }))).not.toBe(sorted(gift.answer));
    const law: Law = readArticlesLaw(gift.prompt, gift.info.dossier.date, "gift");
    expect(law.housingGift790ABis.ceiling).toBe(100_000);
    expect(law.usufruct669.at(-1)).toEqual({ maxAge: null, usufructPercent: 10 });
  });
});
