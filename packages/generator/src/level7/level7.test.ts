import { compute, devolutionJson, isDossierError, readDossier, type Answer } from "@succ/engine";
import { describe, expect, it } from "vitest";
import { numbersIn } from "../guards.js";
import { lawOf } from "../law.js";
import { examine } from "../pipeline.js";
import { implausibleParenthood } from "../plausible.js";
import { Rng } from "../random.js";
import { civilDecisionsOf } from "./decisions.js";
import { toCivilDossier } from "./dossier.js";
import { mayOweTax } from "./examine.js";
import { MISTAKES, civilMistakesGuard, mayHoldMistake, mistakesOf, perHeadFile, rightWhatever } from "./mistakes.js";
import { drawLevel7, LEVEL7_VARIANTS } from "./draw.js";
import { fileMayShow, level7PromptParts } from "./prompt.js";

type Json = Record<string, unknown>;

/** Every node of `family` with the relationship its place requires (the contract's §10.2). */
function placed(family: Json): { id: string; living: boolean; rel: string | null }[] {
  const out: { id: string; living: boolean; rel: string | null }[] = [];
  const walk = (nodes: unknown, rels: readonly string[], depth: number): void => {
    for (const n of (nodes as Json[] | undefined) ?? []) {
      const living = n.status === undefined;
      out.push({ id: n.id as string, living, rel: rels[depth] ?? null });
      walk(n.descendants, rels, depth + 1);
    }
  };
  walk(family.children, ["child", "grandchild", "greatgrandchild"], 0);
  walk(family.siblings, ["sibling", "nephew"], 0);
  for (const key of ["father", "mother"]) {
    const p = family[key] as Json;
    if (p.id) out.push({ id: p.id as string, living: true, rel: "parent" });
  }
  for (const a of (family.ascendants as Json[] | undefined) ?? []) out.push({ id: a.id as string, living: true, rel: "ascendant" });
  for (const a of (family.collaterals as Json[] | undefined) ?? []) out.push({ id: a.id as string, living: true, rel: "collateral" });
  if (family.spouse) out.push({ id: family.spouse as string, living: true, rel: "spouse" });
  if (family.partner) out.push({ id: family.partner as string, living: true, rel: "pacs" });
  return out;
}

describe("level 7 files", () => {
  const drafts = LEVEL7_VARIANTS.flatMap((v, k) => Array.from({ length: 150 }, (_, i) => ({ v, d: drawLevel7(new Rng(19, k * 1000 + i), v) })));

  it("are the same for the same (seed, index)", () => {
    for (const v of LEVEL7_VARIANTS) {
      const a = toCivilDossier(drawLevel7(new Rng(3, 41), v));
      const b = toCivilDossier(drawLevel7(new Rng(3, 41), v));
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    }
  });

  it("place every living person as a beneficiary of the right relationship, and no one else", () => {
    for (const { d } of drafts) {
      const input = toCivilDossier(d) as unknown as Json;
      const bens = new Map((input.beneficiaries as Json[]).map((b) => [b.id as string, b.relationship as string]));
      const nodes = placed(input.family as Json);
      const ids = nodes.map((n) => n.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const n of nodes) {
        if (n.living) expect(bens.get(n.id)).toBe(n.rel);
        else expect(bens.has(n.id)).toBe(false);
      }
      // A beneficiary outside the family is a legatee (a friend, a godchild), never kin.
      const inFamily = new Set(nodes.filter((n) => n.living).map((n) => n.id));
      for (const [id, rel] of bens) if (!inFamily.has(id)) expect(rel).toBe("unrelated");
    }
  });

  it("keep the contract's constraints that the drawing owns", () => {
    for (const { d } of drafts) {
      const input = toCivilDossier(d) as unknown as Json;
      const m = input.marriage as Json | undefined;
      const fam = input.family as Json;
      expect(m !== undefined).toBe(fam.spouse !== undefined);
      const children = fam.children as Json[];
      if (m) {
        const withDescendants = children.length > 0;
        expect(m.spouseOption !== undefined).toBe(withDescendants);
        if (m.spouseOption === "legal_usufruct") expect(children.every((c) => c.common === true)).toBe(true);
        if (typeof m.spouseOption === "string" && m.spouseOption.startsWith("ddv")) {
          expect(m.donationEntreEpoux).toBe(true);
          expect(input.bequests ?? input.will ?? input.priorGifts).toBeUndefined();
        }
        if (m.regime === "separation_de_biens") for (const a of input.assets as Json[]) expect(a.ownership).toBe("own");
        else for (const a of [...(input.assets as Json[]), ...(input.debts as Json[])]) expect(["own", "common"]).toContain(a.ownership);
      }
      for (const g of (input.priorGifts as Json[] | undefined) ?? []) expect(g.outsideShare).toBe(true);
    }
    // The task's family guard redraws the rest, as at levels 5-6.
    expect(drafts.filter(({ d }) => implausibleParenthood(d.parents) !== null).length).toBeLessThan(drafts.length / 50);
  });

  it("write the whole file in French: every person, every deed, no missing value", () => {
    for (const { d } of drafts) {
      const law = lawOf(d.date);
      const p = level7PromptParts(d, law, civilDecisionsOf(d, law), []);
      const text = `${p.dossier}\n${p.rules}\n${p.format}`;
      expect(text).not.toMatch(/undefined|NaN|null|\[object/);
      for (const b of d.beneficiaries) expect(p.dossier).toContain(`| ${b.id} | ${b.person.first} ${b.person.last} |`);
      for (const m of d.children) expect(p.dossier).toContain(`${m.person.first} ${m.person.last}`);
      if (d.will) expect(p.dossier).toContain("Testament olographe");
      if (d.marriage?.option) expect(p.dossier).toContain("a opté pour");
    }
  });

  it("tell, without writing the file's text, every number it shows (the leak guard reads the text only then)", () => {
    let numbers = 0;
    let unwritten = 0;
    for (const { d } of drafts) {
      const law = lawOf(d.date);
      const text = level7PromptParts(d, law, civilDecisionsOf(d, law), []).dossier;
      const shown = numbersIn(text);
      for (const n of shown) {
        expect(fileMayShow(d, new Set([n])), `${d.variant}: ${n}`).toBe(true);
        numbers++;
      }
      // Amounts of an answer's size beside those the file shows, not shown: told so without the text.
      const absent = new Set([...shown].map((n) => n + 1).filter((n) => n > 2200 && !shown.has(n)));
      if (absent.size > 0 && !fileMayShow(d, absent)) unwritten++;
    }
    expect(numbers).toBeGreaterThan(drafts.length * 20);
    expect(unwritten).toBeGreaterThan(drafts.length / 2);
  });

  it("write the file's text when first read, the same as it reads", () => {
    const { d } = drafts[0]!;
    const law = lawOf(d.date);
    const p = level7PromptParts(d, law, civilDecisionsOf(d, law), []);
    const text = p.dossier;
    expect(p.dossier).toBe(text);
    expect(level7PromptParts(d, law, civilDecisionsOf(d, law), []).dossier).toBe(text);
  });

  it("name, before the engine computes, every beneficiary who may owe tax (the guard that redraws a file where at most one could)", () => {
    let computed = 0;
    let fewOwing = 0;
    // Heirs told apart from the ceiling of their share: parents and ascendants without a spouse
    // nor a descendant, representatives of a child or a sibling.
    let parentsOut = 0;
    let representativesOut = 0;
    for (const { d } of drafts) {
      const may = mayOweTax(d);
      let answer: Answer | null = null;
      try {
        answer = compute(readDossier(toCivilDossier(d))).answer;
      } catch (e) {
        if (!isDossierError(e)) throw e;
      }
      if (answer === null) continue;
      computed++;
      // The engine's answer: whoever owes tax is among those named (the spouse never is: exempt).
      const owing = Object.entries(answer.beneficiaires).filter(([, l]) => l.droits > 0).map(([id]) => id);
      for (const id of owing) expect(may.has(id), `${d.variant}: ${id} owes tax`).toBe(true);
      if (d.spouse) expect(may.has(d.spouse.id)).toBe(false);
      if (may.size <= 1) fewOwing++;
      const out = d.beneficiaries.filter((b) => !may.has(b.id));
      if (d.spouse === null && out.some((b) => (b.relationship as string) === "parent" || (b.relationship as string) === "ascendant")) parentsOut++;
      if (out.some((b) => b.relationship === "grandchild" || b.relationship === "nephew")) representativesOut++;
    }
    expect(computed).toBeGreaterThan(drafts.length / 2);
    expect(fewOwing).toBeGreaterThan(20);
    expect(parentsOut).toBeGreaterThan(10);
    expect(representativesOut).toBeGreaterThan(10);
  });

  it("tell, before the engine computes, a file that holds no feature of a common civil mistake (the guard that redraws it)", () => {
    let none = 0;
    let computed = 0;
    let withinShare = 0;
    for (const { d } of drafts) {
      const input = toCivilDossier(d);
      let r;
      try {
        r = compute(readDossier(input));
      } catch (e) {
        if (!isDossierError(e)) throw e;
        continue;
      }
      if (r.kind !== "estate" || r.devolution === undefined) continue;
      computed++;
      const dev = devolutionJson(r.devolution);
      const held = mistakesOf(input, dev, r.answer).map((m) => m.key);
      // Each mistake's test on the file alone holds wherever its test on the devolution does.
      for (const m of MISTAKES) if (m.holds(input as unknown as Json, dev)) expect(m.mayHold(input as unknown as Json), `${m.key}, ${d.variant}`).toBe(true);
      // Fractional legacies within the disposable share, no prior gift: never reduced (art. 926).
      if (d.will !== null && d.will.fractional.length > 0 && !MISTAKES.find((m) => m.key === "noReduction")!.mayHold(input as unknown as Json)) withinShare++;
      if (!mayHoldMistake(input)) {
        none++;
        expect(held, d.variant).toEqual([]);
      }
    }
    expect(computed).toBeGreaterThan(drafts.length / 2);
    expect(none).toBeGreaterThan(10);
    expect(withinShare).toBeGreaterThan(5);
  });

  it("are redrawn before the engine only when a civil mistake would get them right once computed", () => {
    let redrawn = 0;
    for (const { d } of drafts) {
      const input = toCivilDossier(d);
      if (!rightWhatever(input)) continue;
      redrawn++;
      let r;
      try {
        r = compute(readDossier(input));
      } catch (e) {
        if (!isDossierError(e)) throw e;
        continue;
      }
      if (r.kind !== "estate" || r.devolution === undefined) continue;
      const found = mistakesOf(input, devolutionJson(r.devolution), r.answer);
      expect(found.some((m) => m.stillRight), d.variant).toBe(true);
    }
    expect(redrawn).toBeGreaterThan(10);
  });

  it("find the same mistakes and the same gold when the guard reads the engine's devolution and tells trials from their devolution alone", () => {
    let guarded = 0;
    for (const { d } of drafts) {
      const input = toCivilDossier(d);
      let read;
      let r;
      try {
        read = readDossier(input);
        r = compute(read);
      } catch (e) {
        if (!isDossierError(e)) throw e;
        continue;
      }
      if (r.kind !== "estate" || r.devolution === undefined) continue;
      const dev = devolutionJson(r.devolution);
      const told = civilMistakesGuard(input, r.devolution, r.answer, read, r);
      expect(told, d.variant).toEqual(civilMistakesGuard(input, r.devolution, r.answer, read));
      // The engine's devolution and its JSON (a task's info) hold the same features.
      expect(told.held).toEqual(mistakesOf(input, dev, r.answer).map((m) => m.key));
      expect(told.held).toEqual(MISTAKES.filter((m) => m.holds(input as unknown as Json, dev)).map((m) => m.key));
      if (told.held.length > 0) guarded++;
    }
    expect(guarded).toBeGreaterThan(drafts.length / 3);
  });

  it("compute the representatives per head, read again in the civil file only, as the engine computes the changed file read whole", () => {
    const perHead = MISTAKES.find((m) => m.key === "perHead")!;
    let compared = 0;
    for (const { d } of drafts) {
      const input = toCivilDossier(d) as unknown as Json;
      const f = perHeadFile(input);
      if (f === null) continue;
      let whole: Answer | null;
      try {
        whole = compute(readDossier(f.file as never)).answer;
      } catch (e) {
        if (!isDossierError(e)) throw e;
        whole = null;
      }
      expect(perHead.answers(input), d.variant).toEqual([whole]);
      if (whole !== null) compared++;
    }
    expect(compared).toBeGreaterThan(50);
  });

  it("carry the engine's devolution, written out when read, through examine", () => {
    let accepted = 0;
    for (const { d } of drafts) {
      const a = examine(d, 7);
      if (typeof a === "string") continue;
      accepted++;
      const r = compute(readDossier(a.dossier));
      expect(r.kind === "estate" && a.devolution).toEqual(r.kind === "estate" && devolutionJson(r.devolution!));
    }
    expect(accepted).toBeGreaterThan(50);
  });

  it("draw every feature of the common mistakes over the variants", () => {
    const all = drafts.map(({ d }) => d);
    const gone = (list: typeof all[number]["children"]) => list.some((m) => m.status !== "alive" && m.descendants.length > 0);
    expect(all.some((d) => d.marriage?.option?.startsWith("ddv"))).toBe(true);
    expect(all.some((d) => gone(d.children) && d.children.some((m) => m.status === "renounced"))).toBe(true);
    expect(all.some((d) => gone(d.siblings))).toBe(true);
    expect(all.some((d) => d.marriage?.regime === "communaute_legale" && d.marriage.recompense !== null)).toBe(true);
    expect(all.some((d) => d.marriage?.attributionIntegrale)).toBe(true);
    expect(all.some((d) => d.will?.disposableShareTo)).toBe(true);
    expect(all.some((d) => d.will?.universalLegatee)).toBe(true);
    expect(all.some((d) => d.assets.some((a) => a.receivedFrom))).toBe(true);
    expect(all.some((d) => d.father.status === "alive" && d.mother.status === "alive" && d.siblings.length > 0)).toBe(true);
    expect(all.some((d) => d.ascendants.some((a) => a.branch === "paternal") && d.ascendants.some((a) => a.branch === "maternal"))).toBe(true);
    expect(all.some((d) => d.children.some((m) => m.common === false))).toBe(true);
    expect(all.some((d) => d.gifts.length > 0)).toBe(true);
    expect(all.some((d) => d.contracts.length > 0)).toBe(true);
  });
});
