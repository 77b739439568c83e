import { ageOn, compute, parseDate, readDossier, sameAnswer, type Answer, type DossierInput } from "@succ/engine";
import { lawOn, usufructPercent } from "@succ/rules";
import { describe, expect, it } from "vitest";
import { defaultSet, taskSet } from "./__fixtures__/sets.js";
import { levelRulesMatter, ruleMatters } from "./difficulty.js";
import { grownEstate, numbersIn, residueInsensitive, residueShortcut, zeroButOne } from "./guards.js";
import { redrawCounts, type Task } from "./task.js";

// The redraws counted while the tasks of this file are drawn (the guards' own test below).
redrawCounts.clear();
const TASKS: Task[] = [...defaultSet(), ...taskSet({ n: 150, level: 3, seed: 5 }), ...taskSet({ n: 150, level: 4, seed: 5 })];
const REDRAWS = new Map(redrawCounts);
const tasks = (): Task[] => TASKS;
const EXEMPT = new Set(["spouse", "pacs"]);

function answerOf(values: Record<string, { part_taxable: number; droits: number }>): Answer {
  return { beneficiaires: values, total_droits: Object.values(values).reduce((s, v) => s + v.droits, 0) };
}

describe("no shortcut answer is right (seed's generateur.sans_raccourci)", () => {
  it("zero for everyone but one is never right", () => {
    let checked = 0;
    for (const t of tasks()) {
      const ids = Object.keys(t.answer.beneficiaires);
      if (ids.length < 2) continue;
      for (const keep of ids) {
        const shortcut = answerOf(Object.fromEntries(ids.map((id) => [id, id === keep ? t.answer.beneficiaires[id]! : { part_taxable: 0, droits: 0 }])));
        expect(sameAnswer(shortcut, t.answer), `${t.id} keeping ${keep}`).toBe(false);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("no task is solved by the bequests alone", () => {
    let estates = 0;
    for (const t of tasks()) {
      const d = t.info.dossier;
      if (d.kind !== "estate") continue;
      estates++;
      const heirs = new Set((d.residue ?? []).map((s) => s.beneficiary));
      // "0 for the residue heirs, compute only the specific bequests".
      const shortcut = answerOf(
        Object.fromEntries(Object.entries(t.answer.beneficiaires).map(([id, v]) => [id, heirs.has(id) ? { part_taxable: 0, droits: 0 } : v])),
      );
      expect(sameAnswer(shortcut, t.answer), t.id).toBe(false);
    }
    expect(estates).toBeGreaterThan(150);
  });

  it("(a) two beneficiaries or more: at least two owe tax", () => {
    for (const t of tasks()) {
      const lines = Object.values(t.answer.beneficiaires);
      if (lines.length >= 2) expect(lines.filter((l) => l.droits > 0).length, t.id).toBeGreaterThanOrEqual(2);
    }
  });

  it("(b) some residue heir has a taxable share and tax, and the heirs' values follow a 10 % larger estate", () => {
    for (const t of tasks()) {
      const d = t.info.dossier;
      if (d.kind !== "estate") continue;
      const heirs = (d.residue ?? []).map((s) => s.beneficiary).filter((id) => !EXEMPT.has(d.beneficiaries.find((b) => b.id === id)!.relationship));
      expect(heirs.some((id) => t.answer.beneficiaires[id]!.part_taxable > 0 && t.answer.beneficiaires[id]!.droits > 0), t.id).toBe(true);
      const grown = compute(readDossier(grownEstate(d))).answer;
      expect(heirs.some((id) => grown.beneficiaires[id]!.droits !== t.answer.beneficiaires[id]!.droits), t.id).toBe(true);
    }
  });

  it("every task has a beneficiary who owes tax", () => {
    for (const t of tasks()) {
      expect(t.answer.total_droits, t.id).toBeGreaterThan(0);
      expect(Object.values(t.answer.beneficiaires).some((l) => l.droits > 0 && l.part_taxable > 0)).toBe(true);
    }
  });
});

describe("the guards themselves", () => {
  const base = {
    kind: "estate" as const,
    date: "2026-05-14",
    person: { name: "Odile Vallerand", birthDate: "1940-03-02" },
    debts: [],
    funeralCosts: 1200,
    spouseUsufruct: null,
    priorGifts: [],
  };
  // A child whose residue share is under the allowance, and a nephew's taxed bequest.
  const shortcutDossier: DossierInput = {
    ...base,
    beneficiaries: [
      { id: "B1", name: "Paul Vallerand", relationship: "child", birthDate: "1968-07-21", disabled: false },
      { id: "B2", name: "Lucie Bonnavel", relationship: "nephew", birthDate: "1975-11-03", disabled: false },
    ],
    assets: [{ label: "Comptes", value: 81200 }],
    bequests: [{ beneficiary: "B2", amount: 20000 }],
    residue: [{ beneficiary: "B1", share: "1" }],
  };

  it("catch a dossier where only the bequest is taxed", () => {
    const d = readDossier(shortcutDossier);
    const answer = compute(d).answer;
    expect(zeroButOne(d, answer)).toBe(true);
    expect(residueShortcut(d, answer)).toBe(true);
    expect(residueInsensitive(d, shortcutDossier, answer)).toBe(true);
  });

  it("let a dossier pass where both owe tax", () => {
    const input = { ...shortcutDossier, assets: [{ label: "Comptes", value: 281200 }] };
    const d = readDossier(input);
    const answer = compute(d).answer;
    expect(zeroButOne(d, answer)).toBe(false);
    expect(residueShortcut(d, answer)).toBe(false);
    expect(residueInsensitive(d, input, answer)).toBe(false);
  });

  it("grow the net estate by 10 % with one extra asset", () => {
    const grown = grownEstate({ ...shortcutDossier, funeralCosts: 4000, debts: [{ label: "Prêt", value: 1200.5 }] });
    // Net (death of 2026-05-14): 81,200 − 1,200.50 − 1,500 (the cap of the rules of
    // levels 1-4 on a 4,000 € invoice) = 78,499.50; a tenth, 7,849.95.
    expect(grown.assets!.at(-1)!.value).toBe("7849.95");
    // 81,200 − 1,500 = 79,700: a tenth is 7,970 exactly; 81,200.01 − 1,500 = 79,700.01: 7,970.001, rounded up to 7,970.01.
    expect(grownEstate({ ...shortcutDossier, funeralCosts: 4000 }).assets!.at(-1)!.value).toBe("7970.00");
    expect(grownEstate({ ...shortcutDossier, assets: [{ label: "Comptes", value: "81200.01" }], funeralCosts: 4000 }).assets!.at(-1)!.value).toBe("7970.01");
  });

  it("redraw dossiers of the default set and of levels 3-4 for several reasons", () => {
    for (const reason of ["zeroButOne", "levelRule", "amountInPrompt"] as const) expect(REDRAWS.get(reason) ?? 0, reason).toBeGreaterThan(0);
  });
});

describe("levels 3 and 4 make their rules matter (seed's generateur.niveau_utile)", () => {
  it("every level-3 and level-4 task changes its answer when a rule of its level is ignored", () => {
    for (const t of tasks()) {
      if (t.level < 3) continue;
      expect(levelRulesMatter(readDossier(t.info.dossier), t.answer, t.level), t.id).toBe(true);
    }
  });

  it("level 3: a gift's 790 G exemption matters (or wrongly applying it would, for an 80+ donor)", () => {
    let ageTraps = 0;
    for (const t of tasks()) {
      if (t.level !== 3 || t.info.dossier.kind !== "gift") continue;
      const d = readDossier(t.info.dossier);
      const donorAge = ageOn(d.person.birthDate, d.date);
      if (ruleMatters(d, t.answer, "exemption790G")) continue;
      expect(donorAge, t.id).toBeGreaterThanOrEqual(lawOn(t.info.dossier.date).cashGift790G.donorAgeBelow);
      expect(ruleMatters(d, t.answer, "ageConditions790G"), t.id).toBe(true);
      ageTraps++;
    }
    expect(ageTraps).toBeGreaterThan(0);
  });

  it("level 3: an estate has a recall, a representation or a non-recalled 790 G gift that matters", () => {
    for (const t of tasks()) {
      if (t.level !== 3 || t.info.dossier.kind !== "estate") continue;
      const d = readDossier(t.info.dossier);
      expect(["recall", "representation", "gift790G"].some((r) => ruleMatters(d, t.answer, r as never)), t.id).toBe(true);
    }
  });

  it("level 4: a bare-ownership gift makes art. 669, 790 G and the recall all matter", () => {
    let lowerBands = 0;
    for (const t of tasks()) {
      if (t.level !== 4 || t.info.dossier.kind !== "gift") continue;
      const d = readDossier(t.info.dossier);
      for (const r of ["usufruct669", "exemption790G", "recall"] as const) expect(ruleMatters(d, t.answer, r), `${t.id} ${r}`).toBe(true);
      if (ruleMatters(d, t.answer, "lowerBands")) lowerBands++;
    }
    expect(lowerBands).toBeGreaterThan(20);
  });

  it("level 4: a spouse-usufruct estate has a bequest, and art. 669, the recall, and a representation or 790 G gift that matter", () => {
    for (const t of tasks()) {
      if (t.level !== 4 || t.info.dossier.kind !== "estate") continue;
      const d = readDossier(t.info.dossier);
      expect(t.info.dossier.bequests!.length, t.id).toBeGreaterThan(0);
      expect(t.info.dossier.spouseUsufruct, t.id).not.toBeNull();
      expect(ruleMatters(d, t.answer, "usufruct669") && ruleMatters(d, t.answer, "recall"), t.id).toBe(true);
      expect(ruleMatters(d, t.answer, "representation") || ruleMatters(d, t.answer, "gift790G"), t.id).toBe(true);
    }
  });

  it("pins what the first six tasks show: 790 G in task 3, recall and representation in task 4", () => {
    const set = defaultSet();
    const d3 = readDossier(set[3]!.info.dossier);
    expect(ruleMatters(d3, set[3]!.answer, "exemption790G")).toBe(true);
    const d4 = readDossier(set[4]!.info.dossier);
    expect(ruleMatters(d4, set[4]!.answer, "recall") && ruleMatters(d4, set[4]!.answer, "representation")).toBe(true);
  });
});

describe("no expected amount in any prompt", () => {
  const forms = (v: number): string[] => {
    const digits = String(v);
    const group = (sep: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
    return [digits, group(" "), group("\u00a0"), group("\u202f"), group("."), group(","), `${group(" ")},00`, `${digits},00`, `${digits}.00`];
  };

  it("in any formatting, with or without thousands separators", () => {
    let searched = 0;
    for (const t of tasks()) {
      const seen = numbersIn(t.prompt);
      const values = [...Object.values(t.answer.beneficiaires).flatMap((l) => [l.part_taxable, l.droits]), t.answer.total_droits].filter((v) => v !== 0);
      for (const v of values) expect(seen.has(v), `${t.id}: ${v}`).toBe(false);
      // Every form of every value in one expression per prompt (one compiled pattern, not one a form).
      const all = values.flatMap(forms);
      searched += all.length;
      const hit = new RegExp(`(?<![\\d])(?:${all.map((f) => f.replace(/[.]/g, "\\.")).join("|")})(?![\\d])`).exec(t.prompt);
      expect(hit?.[0], t.id).toBeUndefined();
    }
    expect(searched).toBeGreaterThan(20_000);
  });
});

describe("dates", () => {
  const datesOf = (d: DossierInput): string[] => [d.date, d.person.birthDate, ...d.beneficiaries.map((b) => b.birthDate), ...(d.priorGifts ?? []).map((g) => g.date)];

  it("have a day of month of 28 at most, and no birthday falls on the act date", () => {
    for (const t of tasks()) {
      const d = t.info.dossier;
      for (const x of datesOf(d)) expect(Number(x.slice(8)), `${t.id} ${x}`).toBeLessThanOrEqual(28);
      for (const b of [d.person.birthDate, ...d.beneficiaries.map((x) => x.birthDate)]) expect(b.slice(5), t.id).not.toBe(d.date.slice(5));
    }
  });

  it("never make a usufructuary exactly 91", () => {
    let usufructs = 0;
    for (const t of tasks()) {
      const d = t.info.dossier;
      const act = parseDate(d.date)!;
      let birth: string | null = null;
      if (d.kind === "estate" && d.spouseUsufruct) birth = d.beneficiaries.find((b) => b.id === d.spouseUsufruct)!.birthDate;
      if (d.kind === "gift" && d.gifts!.some((g) => g.reservedUsufruct)) birth = d.person.birthDate;
      if (birth === null) continue;
      usufructs++;
      const age = ageOn(parseDate(birth)!, act);
      expect(age, t.id).not.toBe(91);
      expect(usufructPercent(lawOn(d.date).usufruct669, age)).toBeGreaterThan(0);
    }
    expect(usufructs).toBeGreaterThan(200);
  });
});

describe("dossiers and gold answers", () => {
  it("are valid for the engine, and the gold answer is the engine's", () => {
    for (const t of tasks()) expect(compute(readDossier(t.info.dossier)).answer, t.id).toEqual(t.answer);
  });

  it("survive a JSON round trip (what a consumer reads back from the JSONL line)", () => {
    for (const t of defaultSet().slice(0, 60)) {
      const back = JSON.parse(JSON.stringify(t.info.dossier)) as DossierInput;
      expect(sameAnswer(compute(readDossier(back)).answer, t.answer)).toBe(true);
    }
  });
});
