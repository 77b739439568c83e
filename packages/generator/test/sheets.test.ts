/**
 * The calculation sheet reads as a notary writes it, on the dossiers of every level: words agreed
 * with each person's sex where the dossier gives it and neutral where it does not, relationship
 * names from the sex, no line for an empty section, a flat rate said as a flat rate, the
 * exemption that applies named, no label repeated in its own brackets. Each dossier is read
 * twice: as generated (every person has a sex) and with every sex removed.
 */
import { compute, explain, isDossierError, readDossier, type ComputeResult, type DossierInput } from "@succ/engine";
import { RELATIONSHIP_FR, relationshipFr, type Relationship, type Sex } from "@succ/rules";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generateTasks, LEVELS } from "../src/index.js";

const PER_SET = 120;
const SETS = [0, ...LEVELS] as const;

interface Sheet {
  where: string;
  result: ComputeResult;
  text: string;
  lines: string[];
  sexed: boolean;
}

function withoutSex(d: DossierInput): DossierInput {
  const copy = structuredClone(d) as DossierInput & { person: { sex?: Sex }; beneficiaries: { sex?: Sex }[] };
  delete copy.person.sex;
  for (const b of copy.beneficiaries) delete b.sex;
  return copy;
}

const sheets: Sheet[] = [];
for (const level of SETS) {
  for (const task of generateTasks({ n: PER_SET, seed: 22, level })) {
    const input = task.info.dossier as DossierInput;
    for (const [sexed, d] of [
      [true, input],
      [false, withoutSex(input)],
    ] as const) {
      const result = compute(readDossier(d));
      const text = explain(result);
      sheets.push({ where: `${task.id} (set ${level}, seed 22${sexed ? "" : ", no sex"})`, result, text, lines: text.split("\n"), sexed });
    }
  }
}

// The worked cases of the civil devolution (computed mode): their sheets have a devolution section.
const CIVIL = JSON.parse(readFileSync(fileURLToPath(new URL("../../engine/test/__fixtures__/civil-cases.json", import.meta.url)), "utf8")) as { case: string; dossier: DossierInput }[];
for (const c of CIVIL) {
  for (const [sexed, d] of [
    [true, c.dossier],
    [false, withoutSex(c.dossier)],
  ] as const) {
    let result: ComputeResult;
    try {
      result = compute(readDossier(d));
    } catch (e) {
      // A case that shows a refusal has no sheet.
      if (isDossierError(e)) continue;
      throw e;
    }
    const text = explain(result);
    sheets.push({ where: `civil case ${c.case}${sexed ? "" : ", no sex"}`, result, text, lines: text.split("\n"), sexed });
  }
}

const sexOf = (s: Sheet, id: string): Sex | null => s.result.dossier.beneficiaries.find((b) => b.id === id)?.sex ?? null;

describe(`the sheets of ${sheets.length / 2} dossiers of every level and of the civil devolution's worked cases, with and without the sex of each person`, () => {
  it("holds dossiers of each kind that the checks below read", () => {
    expect(sheets.filter((s) => s.text.includes("Dévolution successorale")).length).toBeGreaterThan(30);
    const estates = sheets.filter((s) => s.result.kind === "estate");
    expect(estates.length).toBeGreaterThan(300);
    expect(sheets.length - estates.length).toBeGreaterThan(300);
    expect(sheets.some((s) => s.result.beneficiaries.some((r) => r.exemption?.reason === "spouse"))).toBe(true);
    expect(sheets.some((s) => s.result.beneficiaries.some((r) => r.exemption?.reason === "sibling"))).toBe(true);
    expect(sheets.some((s) => s.result.beneficiaries.some((r) => r.lifeInsurance?.exempt990I && r.lifeInsurance.capital990I.gt(0)))).toBe(true);
  });

  it("agrees the deceased's or the donor's words with the sex, and is neutral without it: « décès le », never « (e) »", () => {
    for (const s of sheets) {
      const sex = s.result.dossier.person.sex;
      expect(s.text, s.where).not.toMatch(/\p{L}\(e\)/u);
      if (s.result.kind === "estate") {
        const expected = sex === "F" ? "décédée le" : sex === "M" ? "décédé le" : "décès le";
        expect(s.lines[0], s.where).toMatch(new RegExp(`^FEUILLE DE CALCUL — Succession d[e'] ?.+, ${expected} \\d\\d/\\d\\d/\\d{4}$`));
      } else {
        const expected = sex === "F" ? "donatrice âgée" : "donateur âgé";
        expect(s.lines[0], s.where).toMatch(new RegExp(`^FEUILLE DE CALCUL — Donation d[e'] ?.+, acte du \\d\\d/\\d\\d/\\d{4} \\(${expected} de \\d+ ans\\)$`));
      }
    }
  });

  it("names each beneficiary's relationship from the sex (fils, fille, neveu, nièce…), the neutral name without it", () => {
    let gendered = 0;
    for (const s of sheets) {
      for (const b of s.result.dossier.beneficiaries) {
        // Its head in the section of the beneficiaries (the devolution section names them too, alike).
        const head = s.lines.find((l) => l.startsWith(`${b.id} — `));
        for (const l of s.lines) if (l.includes(`${b.id} — ${b.name} (`)) expect(l, s.where).toContain(`${b.id} — ${b.name} (${relationshipFr(b.relationship as Relationship, b.sex)})`);
        const expected = relationshipFr(b.relationship as Relationship, b.sex);
        expect(head, s.where).toBe(`${b.id} — ${b.name} (${expected})`);
        if (b.sex && ["child", "grandchild", "sibling", "nephew"].includes(b.relationship)) {
          gendered++;
          // « fils », « nièce »…: not the neutral « enfant », « neveu ou nièce ».
          expect(head, s.where).not.toContain(`(${RELATIONSHIP_FR[b.relationship as Relationship]})`);
        }
        if (!b.sex) expect(expected).toBe(RELATIONSHIP_FR[b.relationship as Relationship]);
      }
    }
    expect(gendered).toBeGreaterThan(1000);
  });

  it("writes no line for an empty section: no « Passif » without debts, no « Legs particuliers » without bequests", () => {
    let without = 0;
    for (const s of sheets) {
      if (s.result.kind !== "estate") continue;
      const passif = s.lines.some((l) => /^ {2}Passif \.+ − /.test(l));
      const legs = s.lines.some((l) => /^ {2}Legs particuliers \.+ − /.test(l));
      expect(passif, s.where).toBe(s.result.dossier.debts.length > 0);
      // In computed mode (level 7, the civil cases) the legacies are written in the devolution
      // section, each after its reduction, not deducted in section 1.
      const computed = s.result.devolution !== undefined;
      expect(legs, s.where).toBe(!computed && s.result.estate.bequests.gt(0));
      if (computed) expect(s.lines.some((l) => /legs particulier d'une somme d'argent \(art\. 1014\)/.test(l)), s.where).toBe(s.result.dossier.bequests.length > 0);
      if (!passif || !legs) without++;
      expect(s.text, s.where).not.toMatch(/^ {2}(Passif|Legs particuliers) \.+ − 0 €$/m);
    }
    expect(without).toBeGreaterThan(100);
  });

  it("says a flat rate as a flat rate: « taux unique de 55 % », never « tranche au-delà de 0 € »", () => {
    let flat = 0;
    for (const s of sheets) {
      expect(s.text, s.where).not.toMatch(/tranche au-delà de 0 €/);
      for (const r of s.result.beneficiaries) {
        if (r.bands.length === 1 && r.bands[0]!.from === 0 && r.bands[0]!.to === null) {
          flat++;
          const rate = String(r.bands[0]!.ratePercent).replace(".", ",");
          expect(s.text, s.where).toContain(`taux unique de ${rate} %`);
        }
      }
    }
    expect(flat).toBeGreaterThan(50);
  });

  it("names the exemption that applies: the spouse, the PACS partner, the brother or sister of art. 796-0 ter", () => {
    for (const s of sheets) {
      expect(s.text, s.where).not.toMatch(/conjoint, partenaire de PACS ou frère ou sœur/);
      expect(s.text, s.where).not.toMatch(/conjointe? survivante? ou partenaire de PACS/);
      for (const r of s.result.beneficiaries) {
        const sex = sexOf(s, r.id);
        const block = s.text.slice(s.text.indexOf(`\n${r.id} — `) + 1).split("\n\n")[0]!;
        if (r.exemption?.reason === "spouse") {
          const who = r.relationship === "pacs" ? (sex === "F" ? "partenaire liée par un PACS" : sex === "M" ? "partenaire lié par un PACS" : "partenaire de PACS") : sex === "F" ? "conjointe survivante" : "conjoint survivant";
          expect(block, s.where).toContain(`(art. ${r.exemption.article}, ${who})`);
        }
        if (r.exemption?.reason === "sibling") expect(block, s.where).toMatch(sex === "F" ? /\(art\. 796-0 ter, sœur / : sex === "M" ? /\(art\. 796-0 ter, frère / : /\(art\. 796-0 ter, frère ou sœur /);
        if (r.lifeInsurance?.exempt990I && r.lifeInsurance.capital990I.gt(0)) {
          const why = r.relationship === "spouse" ? "conjointe? survivante?, art. 796-0 bis" : r.relationship === "pacs" ? "partenaire (de PACS|liée? par un PACS), art. 796-0 bis" : "art. 796-0 ter";
          expect(block, s.where).toMatch(new RegExp(`xonérée? du prélèvement \\([^)]*${why}`));
        }
      }
    }
  });

  it("never says again in brackets what a gift's label says (« Somme d'argent (somme d'argent) »)", () => {
    let cash = 0;
    for (const s of sheets) {
      if (s.result.kind !== "gift") continue;
      const section = s.lines.slice(s.lines.indexOf("1. Biens donnés") + 1, s.lines.indexOf("2. Droits par donataire"));
      for (const g of s.result.dossier.gifts) {
        const l = section.find((x) => x.startsWith(`  ${g.label} `));
        expect(l, `${s.where}: ${g.label}`).toBeDefined();
        // The brackets right after the label: what the sheet adds to it.
        const flags = /^ \(([^)]+)\) \.+ /.exec(l!.slice(2 + g.label.length))?.[1]?.split(", ") ?? [];
        for (const f of flags) expect(g.label.toLowerCase(), `${s.where}: ${l}`).not.toContain(f.toLowerCase());
        if (g.cash && /somme d'argent/i.test(g.label)) cash++;
      }
    }
    expect(cash).toBeGreaterThan(20);
  });
});
