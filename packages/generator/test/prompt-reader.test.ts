/**
 * Independent recomputation (issue 3): a reader of the French prompt that shares no code with the
 * generator (test/prompt-reader.ts) rebuilds each dossier from the prompt text alone; the engine's
 * answer on that dossier must equal the gold answer of the task, on 1,000 tasks.
 */
import { compute, readDossier, type AmountInput, type Answer, type DossierInput } from "@succ/engine";
import { describe, expect, it } from "vitest";
import { generateTasks } from "../src/index.js";
import { parseAmount, parseDate, parseFraction, parseRelationship, PromptReadError, readPrompt } from "./prompt-reader.js";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("prompt reader: French formats", () => {
  it("reads amounts with any thousands separator and a decimal comma", () => {
    expect(parseAmount("420 000 €")).toBe("420000");
    expect(parseAmount(`420${NBSP}000${NBSP}€`)).toBe("420000");
    expect(parseAmount(`1${NNBSP}234${NNBSP}567,89${NNBSP}€`)).toBe("1234567.89");
    expect(parseAmount("61 067,08 €")).toBe("61067.08");
    expect(parseAmount("3 741,5 €")).toBe("3741.5");
    expect(parseAmount("850 €")).toBe("850");
    expect(parseAmount("12000")).toBe("12000");
    expect(parseAmount("0,07 €")).toBe("0.07");
    expect(() => parseAmount("12.000 €")).toThrow(PromptReadError);
    expect(() => parseAmount("1 234,567 €")).toThrow(PromptReadError);
    expect(() => parseAmount("environ 100 €")).toThrow(PromptReadError);
  });

  it("reads numeric and written-out dates", () => {
    expect(parseDate("14/05/2026")).toBe("2026-05-14");
    expect(parseDate("06/09/2026")).toBe("2026-09-06");
    expect(parseDate("14 mai 2026")).toBe("2026-05-14");
    expect(parseDate(`14${NBSP}mai${NBSP}2026`)).toBe("2026-05-14");
    expect(parseDate("1er août 1950")).toBe("1950-08-01");
    expect(parseDate("28 février 2024")).toBe("2024-02-28");
    expect(parseDate("3 décembre 1941")).toBe("1941-12-03");
    expect(() => parseDate("30/02/2026")).toThrow(PromptReadError);
    expect(() => parseDate("14 mais 2026")).toThrow(PromptReadError);
    expect(() => parseDate("2026-05-14")).toThrow(PromptReadError);
  });

  it("reads shares", () => {
    expect(parseFraction("1/4")).toBe("1/4");
    expect(parseFraction("totalité")).toBe("1");
    expect(parseFraction("1/1")).toBe("1");
    expect(() => parseFraction("un quart")).toThrow(PromptReadError);
  });

  it("reads relationships and the sex their words give, representation included", () => {
    expect(parseRelationship("épouse (conjointe survivante)")).toEqual({ relationship: "spouse", sex: "F" });
    expect(parseRelationship("époux (conjoint survivant)")).toEqual({ relationship: "spouse", sex: "M" });
    expect(parseRelationship("partenaire liée par un PACS")).toEqual({ relationship: "pacs", sex: "F" });
    expect(parseRelationship("partenaire de PACS")).toEqual({ relationship: "pacs" });
    expect(parseRelationship("fille")).toEqual({ relationship: "child", sex: "F" });
    expect(parseRelationship("fils")).toEqual({ relationship: "child", sex: "M" });
    expect(parseRelationship("enfant")).toEqual({ relationship: "child" });
    expect(parseRelationship("petit-fils")).toEqual({ relationship: "grandchild", sex: "M" });
    expect(parseRelationship("arrière-petite-fille")).toEqual({ relationship: "greatgrandchild", sex: "F" });
    expect(parseRelationship("sœur")).toEqual({ relationship: "sibling", sex: "F" });
    expect(parseRelationship("nièce")).toEqual({ relationship: "nephew", sex: "F" });
    expect(parseRelationship("amie, sans lien de parenté")).toEqual({ relationship: "unrelated", sex: "F" });
    expect(parseRelationship("petite-fille, venant par représentation de sa mère Anne-Laure Roux, fille prédécédée du défunt")).toEqual({
      relationship: "grandchild",
      sex: "F",
      represents: "Anne-Laure Roux",
      representedSex: "F",
      subjectSex: "M",
    });
    expect(() => parseRelationship("cousin")).toThrow(PromptReadError);
    // "en représentation de" is not French for a grandchild who inherits in a parent's place.
    expect(() => parseRelationship("petit-fils, venant en représentation de sa mère Anne Roux, fille prédécédée du défunt")).toThrow(/representation/);
    // Words about one person that disagree.
    expect(() => parseRelationship("épouse (conjoint survivant)")).toThrow(/disagree/);
    expect(() => parseRelationship("petit-fils, venant par représentation de son père Marc Roux, fille prédécédée du défunt")).toThrow(/disagree/);
  });
});

// A hand-written prompt (not produced by the generator), with no-break spaces and written-out
// dates: one child, 300 000 € of assets, 2 000 € of funeral costs (1 500 € deductible).
// Net 298 500 €; taxable 198 500 €; tax 403,60 + 403,70 + 573,45 + 182 568 × 20 % = 37 894,35 €.
const HAND_ESTATE = [
  "Calculez les droits de succession.",
  "",
  "## Dossier : succession de Jeanne Martin",
  "",
  "- Défunte : Jeanne Martin, née le 2 mars 1941, décédée le 14 mai 2026.",
  "- Situation familiale : veuve, un seul enfant.",
  "",
  "### Actif de succession",
  "",
  "| Bien | Valeur |",
  "| --- | --- |",
  `| Maison à Rennes | 250${NBSP}000${NBSP}€ |`,
  `| Livret | 50${NNBSP}000,00${NNBSP}€ |`,
  "",
  "### Passif",
  "",
  "Aucune dette.",
  "",
  "### Frais funéraires",
  "",
  `Facture des pompes funèbres : 2${NBSP}000 €.`,
  "",
  "### Legs particuliers (sommes d'argent)",
  "",
  "Aucun legs particulier.",
  "",
  "### Dévolution",
  "",
  "B1, son fils unique, recueille la totalité de la succession.",
  "",
  "## Bénéficiaires",
  "",
  "| ID | Nom | Lien avec la défunte | Date de naissance | Handicap |",
  "| --- | --- | --- | --- | --- |",
  "| B1 | Paul Martin | fils | 12/01/1970 | non |",
  "",
  "## Règles à appliquer",
  "",
  "| Bien | Valeur |",
  "| Ceci n'est pas lu | 1 € |",
].join("\n");

// A hand-written gift: a flat in bare ownership (donor aged 70: bare ownership 60 %) split in
// halves, and a cash gift to B2 aged 30 (art. 790 G) with a prior ordinary gift to B1 recalled.
const HAND_GIFT = [
  "## Dossier : donation de Louis Perrin",
  "",
  "- Donateur : Louis Perrin, né le 10/06/1955.",
  "- Date de l'acte de donation : 1er juin 2026.",
  "",
  "### Biens donnés",
  "",
  "| Bien | Valeur en pleine propriété | Nature | Attribution |",
  "| --- | --- | --- | --- |",
  "| Appartement à Lyon | 300 000 € | nue-propriété, le donateur se réservant l'usufruit | B1 : 1/2 ; B2 : 1/2 |",
  "| Somme d'argent | 40 000 € | somme d'argent, en pleine propriété | B2 : totalité |",
  "",
  "## Donataires",
  "",
  "| ID | Nom | Lien avec le donateur | Date de naissance | Handicap |",
  "| --- | --- | --- | --- | --- |",
  "| B1 | Claire Perrin | fille | 03/04/1985 | oui |",
  "| B2 | Hugo Perrin | petit-fils | 05/07/1995 | non |",
  "",
  "## Donations antérieures consenties par le donateur",
  "",
  "| Bénéficiaire | Date | Valeur | Nature |",
  "| --- | --- | --- | --- |",
  "| B1 | 15/04/2015 | 60 000 € | donation ordinaire |",
  "| B2 | 10/10/2020 | 10 000 € | don familial de sommes d'argent exonéré (art. 790 G) |",
].join("\n");

describe("prompt reader: hand-written prompts", () => {
  it("rebuilds an estate and the engine finds the hand-computed tax", () => {
    const dossier = readPrompt(HAND_ESTATE);
    expect(dossier).toMatchObject({
      kind: "estate",
      date: "2026-05-14",
      person: { name: "Jeanne Martin", birthDate: "1941-03-02", sex: "F" },
      beneficiaries: [{ id: "B1", name: "Paul Martin", relationship: "child", birthDate: "1970-01-12", sex: "M", disabled: false }],
      assets: [
        { label: "Maison à Rennes", value: "250000" },
        { label: "Livret", value: "50000.00" },
      ],
      debts: [],
      funeralCosts: "2000",
      bequests: [],
      residue: [{ beneficiary: "B1", share: "1" }],
      spouseUsufruct: null,
      priorGifts: [],
    });
    const answer = compute(readDossier(dossier)).answer;
    expect(answer).toEqual({ beneficiaires: { B1: { part_taxable: 198500, droits: 37894 } }, total_droits: 37894 });
  });

  it("rebuilds a gift with reserved usufruct, cash and prior gifts", () => {
    const dossier = readPrompt(HAND_GIFT);
    expect(dossier).toEqual({
      kind: "gift",
      date: "2026-06-01",
      person: { name: "Louis Perrin", birthDate: "1955-06-10", sex: "M" },
      beneficiaries: [
        { id: "B1", name: "Claire Perrin", relationship: "child", birthDate: "1985-04-03", sex: "F", disabled: true },
        { id: "B2", name: "Hugo Perrin", relationship: "grandchild", birthDate: "1995-07-05", sex: "M", disabled: false },
      ],
      gifts: [
        {
          label: "Appartement à Lyon",
          value: "300000",
          cash: false,
          reservedUsufruct: true,
          to: [
            { beneficiary: "B1", fraction: "1/2" },
            { beneficiary: "B2", fraction: "1/2" },
          ],
        },
        { label: "Somme d'argent", value: "40000", cash: true, reservedUsufruct: false, to: [{ beneficiary: "B2", fraction: "1" }] },
      ],
      priorGifts: [
        { beneficiary: "B1", date: "2015-04-15", value: "60000", cash790G: false },
        { beneficiary: "B2", date: "2020-10-10", value: "10000", cash790G: true },
      ],
    });
    // B1: 300 000 × 1/2 × 60 % = 90 000; A = 100 000 + 159 325, S = 60 000: all covered.
    // B2: 90 000 + 40 000 − min(40 000, 31 865 − 10 000) − 31 865 = 76 270.
    const answer = compute(readDossier(dossier)).answer;
    expect(answer.beneficiaires).toEqual({
      B1: { part_taxable: 0, droits: 0 },
      B2: { part_taxable: 76270, droits: expect.any(Number) },
    });
  });

  it("refuses a prompt whose facts are missing or contradict each other", () => {
    expect(() => readPrompt(HAND_ESTATE.replace("### Frais funéraires", "### Divers"))).toThrow(PromptReadError);
    expect(() => readPrompt(HAND_ESTATE.replace("B1, son fils unique", "B9, son fils unique"))).toThrow(/B9/);
    expect(() => readPrompt(HAND_ESTATE.replace("| fils |", "| cousin |"))).toThrow(/relationship/);
    const shares = "| Bénéficiaire | Quote-part du surplus (en nue-propriété) |\n| --- | --- |\n| B1 | totalité |";
    expect(() => readPrompt(HAND_ESTATE.replace("B1, son fils unique, recueille la totalité de la succession.", shares))).toThrow(/usufruct/);
  });

  it("refuses a prompt whose gendered words disagree about a person", () => {
    expect(() => readPrompt(HAND_ESTATE.replace("née le 2 mars 1941", "né le 2 mars 1941"))).toThrow(/deceased or donor/);
    expect(() => readPrompt(HAND_ESTATE.replace("Lien avec la défunte", "Lien avec le défunt"))).toThrow(/deceased or donor/);
    expect(() => readPrompt(HAND_ESTATE.replace("Situation familiale : veuve", "Situation familiale : veuf"))).toThrow(/deceased or donor/);
    expect(() => readPrompt(HAND_ESTATE.replace("B1, son fils unique", "B1, sa fille unique"))).toThrow(/B1/);
    expect(() => readPrompt(HAND_GIFT.replace("le donateur se réservant", "la donatrice se réservant"))).toThrow(/deceased or donor/);
  });
});

interface Difference {
  id: string;
  expected: Answer;
  got: Answer | string;
}

/** 1,000 tasks: the default set (seed 0, the four levels mixed) and 150 of each level, seed 7. */
function* tasksToCheck() {
  yield* generateTasks({ n: 400, seed: 0 });
  for (const level of [1, 2, 3, 4] as const) yield* generateTasks({ n: 150, seed: 7, level });
}

describe("independent recomputation from the prompt alone", () => {
  it("the engine's answer on the dossier read from each prompt equals the gold, on 1,000 tasks", () => {
    const differences: Difference[] = [];
    let checked = 0;
    for (const task of tasksToCheck()) {
      checked += 1;
      let got: Answer | string;
      try {
        got = compute(readDossier(readPrompt(task.prompt))).answer;
      } catch (e) {
        got = `${(e as Error).name}: ${(e as Error).message}`;
      }
      if (typeof got === "string" || JSON.stringify(sorted(got)) !== JSON.stringify(sorted(task.answer))) {
        differences.push({ id: task.id, expected: task.answer, got });
      }
    }
    expect(checked).toBe(1000);
    const shown = differences
      .slice(0, 5)
      .map((d) => `${d.id}\n  gold: ${JSON.stringify(d.expected)}\n  read: ${typeof d.got === "string" ? d.got : JSON.stringify(d.got)}`)
      .join("\n");
    expect(differences.length, `${differences.length} of ${checked} tasks differ; first ones:\n${shown}`).toBe(0);
  });
});

/** Amounts in whole cents (the gold writes `61067.08`, the reader `"61067.08"`), the rest as is. */
function normalized(d: DossierInput): unknown {
  const cents = (v: AmountInput | undefined): number => Math.round(Number(v) * 100);
  const items = (xs: { label: string; value: AmountInput }[] | undefined) => xs?.map((x) => ({ ...x, value: cents(x.value) }));
  return {
    ...d,
    assets: items(d.assets),
    debts: items(d.debts),
    funeralCosts: d.funeralCosts === undefined ? undefined : cents(d.funeralCosts),
    bequests: d.bequests?.map((b) => ({ ...b, amount: cents(b.amount) })),
    gifts: d.gifts?.map((g) => ({ ...g, value: cents(g.value) })),
    priorGifts: d.priorGifts?.map((g) => ({ ...g, value: cents(g.value) })),
  };
}

describe("the dossier read from the prompt alone", () => {
  it("is the gold dossier, field for field, sexes included (every gendered word agrees), on 1,000 tasks", () => {
    let checked = 0;
    const differences: string[] = [];
    for (const task of tasksToCheck()) {
      checked += 1;
      let read: DossierInput;
      try {
        read = readPrompt(task.prompt);
      } catch (e) {
        differences.push(`${task.id}: ${(e as Error).message}`);
        continue;
      }
      // Key order too: the reader writes the contract's order, as the generator does.
      if (JSON.stringify(read.person) !== JSON.stringify(task.info.dossier.person)) differences.push(`${task.id}: person ${JSON.stringify(read.person)}`);
      read.beneficiaries.forEach((b, i) => {
        if (JSON.stringify(b) !== JSON.stringify(task.info.dossier.beneficiaries[i])) differences.push(`${task.id}: ${JSON.stringify(b)}`);
      });
      try {
        expect(normalized(read)).toEqual(normalized(task.info.dossier));
      } catch {
        differences.push(`${task.id}: the dossiers differ`);
      }
    }
    expect(checked).toBe(1000);
    expect(differences.length, `${differences.length} differences; first ones:\n${differences.slice(0, 5).join("\n")}`).toBe(0);
  });
});

/** The answer with its beneficiaries in id order, so that key order never counts. */
function sorted(a: Answer): Answer {
  const ids = Object.keys(a.beneficiaires).sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)) || x.localeCompare(y));
  return { beneficiaires: Object.fromEntries(ids.map((id) => [id, a.beneficiaires[id]!])), total_droits: a.total_droits };
}
