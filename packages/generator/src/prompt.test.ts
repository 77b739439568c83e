import { euros } from "@succ/engine";
import { dayAfter, lawOn, type Law } from "@succ/rules";
import { describe, expect, it } from "vitest";
import { defaultSet, taskSet } from "./__fixtures__/sets.js";
import { LAW_DAY } from "./dates.js";
import { lawSection } from "./presentation.js";
import { generateTask } from "./task.js";

/** The law the rules of the prompts state: that of the generator's law date, 2026-11-29. */
const LAW = lawOn("2026-11-29");

const ruleTitles = (prompt: string): string[] => {
  const rules = prompt.slice(prompt.indexOf("## Règles à appliquer"), prompt.indexOf("## Format de la réponse"));
  return [...rules.matchAll(/^(\d+)\. ([^.]+)\./gm)].map((m) => `${m[1]} ${m[2]}`);
};

describe("prompts", () => {
  it("number the rules of each level and kind, in the seed's order", () => {
    const byKey = new Map<string, string[]>();
    for (const t of defaultSet()) byKey.set(`${t.level}-${t.info.dossier.kind}`, ruleTitles(t.prompt));
    expect(byKey.get("1-estate")).toEqual(["1 Arrondis", "2 Actif net", "3 Abattement", "4 Barèmes (art"]);
    expect(byKey.get("1-gift")).toEqual(["1 Arrondis", "2 Valeur reçue", "3 Abattement", "4 Barèmes (art"]);
    expect(byKey.get("2-estate")).toEqual(["1 Arrondis", "2 Actif net et valeur reçue", "3 Abattements et exonération (succession)", "4 Barèmes (art"]);
    expect(byKey.get("3-gift")).toEqual([
      "1 Arrondis",
      "2 Valeur reçue",
      "3 Âges",
      "4 Abattements (donation)",
      "5 Don familial de sommes d'argent (art",
      "6 Rappel fiscal des donations antérieures (art",
      "7 Barèmes (art",
    ]);
    expect(byKey.get("3-estate")).toEqual(["1 Arrondis", "2 Actif net et valeur reçue", "3 Abattements et exonération (succession)", "4 Rappel fiscal des donations antérieures (art", "5 Barèmes (art"]);
    expect(byKey.get("4-gift")!.map((x) => x.split(" ")[0])).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    expect(byKey.get("4-gift")![3]).toBe("4 Usufruit et nue-propriété (art");
    expect(byKey.get("4-estate")).toHaveLength(7);
  });

  it("refer to other rules by their number", () => {
    const gift = generateTask(0, 5).prompt;
    expect(gift).toContain("exonération de la règle 6 − abattement restant (règle 7)");
    expect(gift).toContain("pourcentage de nue-propriété (règle 4, selon l'âge du donateur");
    expect(gift).not.toMatch(/@\w+@/);
  });

  it("use the legal vocabulary of the level", () => {
    const set = defaultSet();
    const words = (level: number, kind: string): string => set.filter((t) => t.level === level && t.info.dossier.kind === kind).map((t) => t.prompt).join("\n");
    for (const w of ["Actif de succession", "Passif", "Frais funéraires", "abattement", "Barèmes", "### Dévolution\n", "recueille la totalité de la succession."]) {
      expect(words(1, "estate")).toContain(w);
    }
    for (const w of ["Legs particuliers", "legs particulier", "quote-part", "surplus", "Dévolution du surplus (quotes-parts fixées par testament)", "exonérés"]) {
      expect(words(2, "estate")).toContain(w);
    }
    for (const w of ["Don familial de sommes d'argent", "Rappel fiscal", "donation ordinaire, enregistrée le ", "années révolues", "fait générateur"]) expect(words(3, "gift")).toContain(w);
    for (const w of ["nue-propriété", "usufruit", "Réserve d'usufruit", "art. 669"]) expect(words(4, "gift")).toContain(w);
    for (const w of [/est usufruitière? de la totalité du surplus/, /venant par représentation de (son père|sa mère)/, /représentée? par/, /nue-propriété/]) expect(words(4, "estate")).toMatch(w);
  });

  it("say what a notary says: no deed in a succession, no 'en représentation', no 'reliquat', no tax assumed on earlier gifts", () => {
    const set = [...defaultSet(), ...taskSet({ n: 200, level: 3, seed: 8 }), ...taskSet({ n: 200, level: 4, seed: 8 })];
    for (const t of set) {
      expect(t.prompt, t.id).not.toMatch(/en représentation|reliquat|Partage du|quotes-parts écrites|déclarée et taxée|taxée à l'époque|l'acte \(|jour de l'acte/);
      // A succession has a day of death, not a deed.
      if (t.info.dossier.kind === "estate") expect(t.prompt, t.id).not.toMatch(/\bactes?\b/);
      // Every earlier gift says when it was registered.
      const prior = t.prompt.slice(t.prompt.indexOf("## Donations antérieures"), t.prompt.indexOf("## Règles"));
      for (const g of t.info.dossier.priorGifts ?? []) expect(prior, t.id).toMatch(new RegExp(`\\| ${g.beneficiary} \\| (donation ordinaire, enregistrée|don familial de sommes d'argent exonéré \\(art\\. 790 G\\), enregistré) le ${g.date.slice(8)}/${g.date.slice(5, 7)}/${g.date.slice(0, 4)} \\|`));
    }
    // The rules that count ages and the recall from the day of the death or of the gift call it the "fait générateur".
    expect(lawSection("steps", 4, "estate")).toMatch(/Âges\. Les âges s'entendent en années révolues au jour du fait générateur \(jour du décès, ou jour de la donation\)/);
    expect(lawSection("steps", 3, "estate")).toContain("avant le fait générateur (le jour du décès)");
    expect(lawSection("steps", 3, "gift")).toContain("avant le fait générateur (le jour de la donation)");
  });

  it("state the simplifications of the exercise at every level, level 1 included, amounts from @succ/rules", () => {
    const cap = euros(LAW.funeralDeduction);
    for (const level of [1, 2, 3, 4] as const) {
      const estate = lawSection("steps", level, "estate");
      const line = estate.split("\n").find((l) => l.startsWith("Simplifications propres à cet exercice : "))!;
      expect(line, `level ${level}`).toBeDefined();
      expect(line).toContain(`les frais funéraires sont déduits pour le montant de leur facture, dans la limite de ${cap} (l'art. 775 accorde en réalité une déduction forfaitaire de ${cap}, sans justificatif)`);
      for (const w of ["pas d'assurance-vie", "pas de forfait mobilier", "pas d'abattement sur la résidence principale", "art. 790 A bis", "les neveux et nièces héritent de leur chef"]) expect(line).toContain(w);
      expect(line).toContain(`l'abattement par défaut de ${euros(LAW.allowances.default)} se cumule avec l'abattement en faveur des personnes handicapées`);
      expect(line).toContain(level >= 3 ? "pas d'autre donation antérieure que celles listées" : "pas de donation antérieure");
      const gift = lawSection("steps", level, "gift").split("\n").find((l) => l.startsWith("Simplifications propres à cet exercice : "))!;
      expect(gift, `level ${level}`).toContain("art. 790 A bis");
      expect(gift).toContain(level >= 3 ? "pas d'autre donation antérieure que celles listées" : "pas de donation antérieure");
      // No estate-only clause in a gift.
      expect(gift).not.toMatch(/funéraires|assurance-vie|neveux/);
    }
  });

  it("elide 'de' before a vowel or a mute h: « succession d'Adrien », « donation d'Hélène »", () => {
    let elided = 0;
    for (const t of [...defaultSet(), ...taskSet({ n: 300, level: 1, seed: 12 })]) {
      const m = /^## Dossier : (succession|donation) (d'|de )(.+)$/m.exec(t.prompt)!;
      expect(m[3], t.id).toBe(t.info.dossier.person.name);
      const vowel = /^[AEIOUYHÀÂÉÈÊÎÔÛ]/.test(m[3]!);
      expect(m[2], t.id).toBe(vowel ? "d'" : "de ");
      if (vowel) elided++;
      const dossier = t.prompt.slice(0, t.prompt.indexOf("## Règles"));
      expect(dossier, t.id).not.toMatch(/\bde [AEIOUYHÀÂÉÈÊÎÔÛ]/);
    }
    expect(elided).toBeGreaterThan(20);
  });

  it("write every amount and rate of the rules from @succ/rules", () => {
    const estate = lawSection("steps", 3, "estate");
    // 1,500 € (art. 775), 159,325 € (779 II), 100,000 € (779 I, shared by representatives),
    // 7,967 € (779 V), 15,932 € (779 IV): the amounts of 2026.
    for (const v of [1_500, 159_325, 100_000, 7_967, 15_932]) expect(estate).toContain(euros(v));
    for (const v of [LAW.funeralDeduction, LAW.allowances.disability, LAW.allowances.personal.estate.child, LAW.allowances.personal.estate.nephew, LAW.allowances.personal.estate.sibling]) {
      expect(estate).toContain(euros(v));
    }
    for (const b of LAW.scales.directLine) if (b.upTo !== null) expect(estate).toContain(euros(b.upTo));
    expect(estate).toContain(euros(LAW.scales.sibling[0]!.upTo!));
    const gift = lawSection("steps", 4, "gift");
    expect(gift).toContain(euros(LAW.cashGift790G.ceiling));
    expect(gift).toContain(euros(LAW.allowances.personal.gift.grandchild));
    expect(gift).toContain(`moins de ${LAW.cashGift790G.donorAgeBelow} ans`);
    for (const row of LAW.usufruct669) expect(gift).toContain(`| ${row.usufructPercent} % | ${100 - row.usufructPercent} % |`);
  });

  it("follow the law they are given (the rules text is not frozen)", () => {
    // The law of 2026-11-29 with a child allowance of 123,456 € (art. 779 I, estates and gifts).
    const personal = LAW.allowances.personal;
    const changed: Law = { ...LAW, allowances: { ...LAW.allowances, personal: { estate: { ...personal.estate, child: 123_456 }, gift: { ...personal.gift, child: 123_456 } } } };
    expect(lawSection("steps", 2, "estate", changed)).toContain("enfant 123 456 €");
    expect(lawSection("steps", 2, "estate", changed)).not.toContain("enfant 100 000 €");
    expect(lawSection("steps", 1, "gift", changed)).toContain("abattement de 123 456 €");
    // The law of the tables themselves is unchanged.
    expect(lawSection("steps", 2, "estate")).toContain("enfant 100 000 €");
  });

  it("state the law in force on every day the generator draws as an act", () => {
    // Acts are drawn from 2026-01-01 to the generator's law date: one stretch of unchanged law.
    for (let day = `${LAW_DAY.slice(0, 4)}-01-01`; day <= LAW_DAY; day = dayAfter(day)) expect(lawOn(day), day).toBe(LAW);
    for (const t of defaultSet()) expect(lawOn(t.info.dossier.date), t.id).toBe(LAW);
  });

  it("write amounts the French way", () => {
    for (const t of defaultSet().slice(0, 80)) {
      // Every "… €" amount is grouped by three with spaces, with a decimal comma if any.
      for (const m of t.prompt.matchAll(/(\d[\d ,.]*) €/g)) expect(m[1], t.id).toMatch(/^\d{1,3}( \d{3})*(,\d{2})?$/);
      expect(t.prompt).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    }
  });

  it("list every beneficiary in the table and in the answer format", () => {
    for (const t of defaultSet()) {
      const ids = t.info.dossier.beneficiaries.map((b) => b.id);
      for (const id of ids) expect(t.prompt, t.id).toContain(`| ${id} | ${t.info.dossier.beneficiaries.find((b) => b.id === id)!.name} |`);
      const format = t.prompt.slice(t.prompt.indexOf("## Format de la réponse"));
      for (const id of ids) expect(format).toContain(id);
      expect(format).toContain('<droits>{"beneficiaires": {');
      expect(format).toMatch(/un unique bloc <droits>…<\/droits>/);
    }
  });

  it("are 4.1k (level 1) to 9.3k (level 4) characters on average, roughly", () => {
    const mean = (level: number): number => {
      const set = taskSet({ n: 60, level: level as 1, seed: 4 });
      return set.reduce((s, t) => s + t.prompt.length, 0) / set.length;
    };
    expect(mean(1)).toBeGreaterThan(3800);
    expect(mean(1)).toBeLessThan(4400);
    expect(mean(2)).toBeGreaterThan(5500);
    expect(mean(3)).toBeGreaterThan(7500);
    expect(mean(4)).toBeGreaterThan(8800);
    expect(mean(4)).toBeLessThan(10_000);
  });

  it("never state a total that is part of the computation", () => {
    for (const t of defaultSet()) expect(t.prompt).not.toMatch(/actif net (?:de succession )?(?:est|:) \d/i);
  });
});
