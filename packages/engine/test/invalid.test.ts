/**
 * Bad input: every invalid dossier is refused with a DossierError whose issues name
 * the field at fault; never a number.
 */
import { describe, expect, it } from "vitest";
import { answerOf, compute, DossierError, isDossierError, parseDate, parseDossierText, parseJsonExact, readDossier, type GiftDossier } from "../src/index.js";

type Json = Record<string, any>;

const estate = (): Json => ({
  kind: "estate",
  date: "2026-05-14",
  person: { name: "Jeanne Martin", birthDate: "1941-03-02" },
  beneficiaries: [
    { id: "B1", name: "Paul Martin", relationship: "spouse", birthDate: "1940-01-12", disabled: false },
    { id: "B2", name: "Claire Martin", relationship: "child", birthDate: "1968-07-21", disabled: false },
    { id: "B3", name: "Emma Roux", relationship: "grandchild", birthDate: "2001-02-02", disabled: false, represents: "Marc Martin" },
    { id: "B4", name: "Lucie Bernard", relationship: "nephew", birthDate: "1975-11-03", disabled: false },
  ],
  assets: [{ label: "Maison", value: 420000 }],
  debts: [{ label: "Prêt", value: 12000 }],
  funeralCosts: 3200,
  bequests: [{ beneficiary: "B4", amount: 20000 }],
  residue: [
    { beneficiary: "B2", share: "1/2" },
    { beneficiary: "B3", share: "1/2" },
  ],
  spouseUsufruct: "B1",
  priorGifts: [{ beneficiary: "B2", date: "2015-04-10", value: 60000, cash790G: false }],
});

const gift = (): Json => ({
  kind: "gift",
  date: "2026-05-14",
  person: { name: "Jeanne Martin", birthDate: "1951-03-02" },
  beneficiaries: [
    { id: "B1", name: "Claire Martin", relationship: "child", birthDate: "1978-07-21" },
    { id: "B2", name: "Emma Roux", relationship: "grandchild", birthDate: "2001-02-02" },
  ],
  gifts: [
    { label: "Appartement", value: 300000, cash: false, reservedUsufruct: true, to: [{ beneficiary: "B1", fraction: "1/2" }, { beneficiary: "B2", fraction: "1/2" }] },
    { label: "Somme d'argent", value: 40000, cash: true, reservedUsufruct: false, to: [{ beneficiary: "B1", fraction: "1" }] },
  ],
  priorGifts: [{ beneficiary: "B2", date: "2015-04-10", value: 10000, cash790G: true }],
});

/** The DossierError thrown by `f`, failing the test when there is none. */
function errorOf(f: () => unknown): DossierError {
  try {
    f();
  } catch (e) {
    expect(isDossierError(e)).toBe(true);
    expect(e).toBeInstanceOf(DossierError);
    return e as DossierError;
  }
  throw new Error("expected a DossierError, but the dossier was accepted");
}

/**
 * Expects `d` to be refused with an issue at `path` whose message matches `message`: by the
 * reader, or by the checks that need the law of the act's date, which run when it is computed.
 */
function refused(d: unknown, path: string, message: RegExp): DossierError {
  const e = errorOf(() => compute(readDossier(d)));
  const hit = e.issues.find((i) => i.path === path && message.test(i.message));
  expect(hit, `issues: ${JSON.stringify(e.issues)}`).toBeDefined();
  // The message names the path too ("path: problem").
  expect(e.message).toContain(path ? `${path}: ${hit!.message}` : hit!.message);
  // And the same dossier, as JSON text, is refused the same way.
  const e2 = errorOf(() => compute(parseDossierText(JSON.stringify(d))));
  expect(e2.issues.some((i) => i.path === path)).toBe(true);
  return e;
}

function edit(base: Json, f: (d: Json) => void): Json {
  const d = structuredClone(base);
  f(d);
  return d;
}

describe("the valid bases are accepted", () => {
  it("estate and gift", () => {
    expect(() => readDossier(estate())).not.toThrow();
    expect(() => readDossier(gift())).not.toThrow();
  });
});

describe("the invalid dossiers of docs/dossier.md", () => {
  it("shares that do not sum to 1", () => {
    const e = refused(
      edit(estate(), (d) => (d.residue = [{ beneficiary: "B2", share: "1/2" }, { beneficiary: "B3", share: "2/3" }])),
      "residue",
      /^shares sum to 7\/6, not 1$/,
    );
    expect(e.message).toBe("residue: shares sum to 7/6, not 1");
    refused(edit(estate(), (d) => (d.residue = [{ beneficiary: "B2", share: "3/4" }, { beneficiary: "B3", share: "1/3" }])), "residue", /shares sum to 13\/12, not 1/);
    refused(edit(estate(), (d) => (d.residue[1].share = "1/4")), "residue", /shares sum to 3\/4, not 1/);
  });
  it("a single share above 1 is refused at the share's path", () => {
    refused(edit(estate(), (d) => (d.residue[0].share = "3/2")), "residue[0].share", /at most 1/);
    refused(edit(estate(), (d) => (d.residue[0].share = "0")), "residue[0].share", /above 0/);
    refused(edit(estate(), (d) => (d.residue[0].share = "1/0")), "residue[0].share", /zero denominator/);
    refused(edit(estate(), (d) => (d.residue[0].share = "0.5")), "residue[0].share", /not a fraction/);
    refused(edit(estate(), (d) => (d.residue[0].share = 0.5)), "residue[0].share", /not a fraction string/);
    refused(edit(estate(), (d) => (d.residue[0].share = "-1/2")), "residue[0].share", /not a fraction/);
  });
  it("an unknown beneficiary id", () => {
    refused(edit(estate(), (d) => (d.residue[0].beneficiary = "B9")), "residue[0].beneficiary", /unknown beneficiary "B9"/);
    refused(edit(estate(), (d) => (d.bequests[0].beneficiary = "X")), "bequests[0].beneficiary", /unknown beneficiary/);
    refused(edit(estate(), (d) => (d.priorGifts[0].beneficiary = "B7")), "priorGifts[0].beneficiary", /unknown beneficiary/);
    refused(edit(estate(), (d) => (d.spouseUsufruct = "B8")), "spouseUsufruct", /unknown beneficiary/);
    refused(edit(gift(), (d) => (d.gifts[0].to[1].beneficiary = "B5")), "gifts[0].to[1].beneficiary", /unknown beneficiary/);
  });
  it("a sex other than F or M", () => {
    refused(edit(estate(), (d) => (d.person.sex = "female")), "person.sex", /must be "F" or "M", got "female"/);
    refused(edit(estate(), (d) => (d.beneficiaries[1].sex = 1)), "beneficiaries[1].sex", /must be "F" or "M"/);
    // Optional, and it changes no amount: the same answer with or without it.
    const withSex = edit(estate(), (d) => {
      d.person.sex = "F";
      d.beneficiaries[0].sex = "M";
    });
    expect(answerOf(withSex)).toEqual(answerOf(estate()));
    expect(readDossier(withSex).person.sex).toBe("F");
    expect(readDossier(estate()).beneficiaries[0]!.sex).toBeNull();
  });
  it("a negative amount", () => {
    refused(edit(estate(), (d) => (d.assets[0].value = -1)), "assets[0].value", /negative amount: -1/);
    refused(edit(estate(), (d) => (d.debts[0].value = "-12000")), "debts[0].value", /negative/);
    refused(edit(estate(), (d) => (d.funeralCosts = -0.5)), "funeralCosts", /negative/);
    refused(edit(estate(), (d) => (d.bequests[0].amount = -20000)), "bequests[0].amount", /negative/);
    refused(edit(gift(), (d) => (d.gifts[1].value = -40000)), "gifts[1].value", /negative/);
    refused(edit(gift(), (d) => (d.priorGifts[0].value = "-1.5")), "priorGifts[0].value", /negative/);
  });
  it("more than two decimals", () => {
    refused(edit(estate(), (d) => (d.assets[0].value = 420000.123)), "assets[0].value", /more than two decimals: 420000.123/);
    refused(edit(estate(), (d) => (d.assets[0].value = "420000.001")), "assets[0].value", /more than two decimals/);
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point: refused, not rounded.
    refused(edit(estate(), (d) => (d.debts[0].value = 0.1 + 0.2)), "debts[0].value", /more than two decimals/);
    refused(edit(gift(), (d) => (d.gifts[0].value = "300000.000")), "gifts[0].value", /more than two decimals/);
  });
  it("a prior gift dated after (or on) the act", () => {
    refused(edit(estate(), (d) => (d.priorGifts[0].date = "2026-05-15")), "priorGifts[0].date", /before the act/);
    refused(edit(estate(), (d) => (d.priorGifts[0].date = "2026-05-14")), "priorGifts[0].date", /before the act/);
  });
  it("bequests above the net estate", () => {
    // Net = 420,000 − 12,000 − 1,500 = 406,500; a bequest of 406,500.01 is above it.
    refused(edit(estate(), (d) => (d.bequests[0].amount = "406500.01")), "bequests", /bequests total 406500.01 €, above the net estate/);
    // The net estate counts the funeral costs up to 1,500 only: 406,500 − 3,200 + 1,500 = 404,800
    // is not the net estate; a bequest of 404,800 without residue leaves 1,700 to nobody.
    refused(
      edit(estate(), (d) => {
        d.bequests[0].amount = 404800;
        d.residue = [];
        d.spouseUsufruct = null;
      }),
      "residue",
      /no shares, but the net estate leaves a residue/,
    );
    // Exactly the net estate is fine (the residue is 0).
    expect(answerOf(edit(estate(), (d) => (d.bequests[0].amount = 406500))).beneficiaires.B2).toEqual({ part_taxable: 0, droits: 0 });
  });
  it("a spouseUsufruct that is not a spouse or PACS partner", () => {
    refused(edit(estate(), (d) => (d.spouseUsufruct = "B4")), "spouseUsufruct", /"B4" is a nephew, not a spouse or PACS partner/);
    refused(edit(estate(), (d) => (d.spouseUsufruct = "B2")), "spouseUsufruct", /not a spouse/);
    // A spouse who also holds a share of the residue cannot take its usufruct.
    refused(edit(estate(), (d) => d.residue.push({ beneficiary: "B1", share: "1/2" }) && (d.residue[1].share = "1/4") && (d.residue[0].share = "1/4")), "spouseUsufruct", /cannot also hold a share/);
  });
  it("a cash gift in a reservedUsufruct asset", () => {
    refused(edit(gift(), (d) => (d.gifts[1].reservedUsufruct = true)), "gifts[1].reservedUsufruct", /cash gift cannot be split/);
  });
  it("an impossible date", () => {
    refused(edit(estate(), (d) => (d.date = "2026-02-30")), "date", /not a date: "2026-02-30"/);
    refused(edit(estate(), (d) => (d.person.birthDate = "1941-02-29")), "person.birthDate", /not a date/);
    refused(edit(estate(), (d) => (d.beneficiaries[2].birthDate = "2001-13-02")), "beneficiaries[2].birthDate", /not a date/);
    refused(edit(estate(), (d) => (d.priorGifts[0].date = "2015/04/10")), "priorGifts[0].date", /not a date/);
    refused(edit(estate(), (d) => (d.date = 20260514)), "date", /not a date/);
  });
  it("a date is 4, 2 and 2 ASCII digits: parseDate against a regular expression, a character changed at each place", () => {
    const reference = (t: string) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
      if (!m) return null;
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
      return y >= 1800 && mo >= 1 && mo <= 12 && d >= 1 && d <= last ? { y, m: mo, d } : null;
    };
    const bases = ["2026-05-14", "1800-01-01", "2024-02-29", "2023-02-28", "2000-02-29", "1900-02-28", "9999-12-31"];
    const others = ["0", "9", "/", ":", " ", "-", "a", "\u0663", "\uff11", "\ud83d"];
    let tried = 0;
    for (const base of bases) {
      expect(parseDate(base)).toEqual(reference(base));
      for (let i = 0; i < base.length; i++) {
        for (const x of others) {
          const t = base.slice(0, i) + x + base.slice(i + 1);
          expect(parseDate(t), t).toEqual(reference(t));
          tried++;
        }
      }
    }
    for (const t of ["1799-12-31", "1900-02-29", "2023-02-29", "2026-00-10", "2026-13-01", "2026-04-31", "2026-04-00", "2026-5-14", "2026-05-140", "", "２０２６-05-14"]) {
      expect(parseDate(t), t).toBeNull();
      expect(reference(t), t).toBeNull();
    }
    expect(parseDate("2026-04-30")).toEqual({ y: 2026, m: 4, d: 30 });
    expect(tried).toBe(bases.length * 10 * others.length);
  });
});

describe("other invalid dossiers", () => {
  it("not an object, or an unknown kind", () => {
    for (const x of [null, 3, "dossier", [], [estate()]]) {
      const e = errorOf(() => readDossier(x));
      expect(e.issues[0]!.message).toMatch(/a dossier is a JSON object/);
    }
    refused(edit(estate(), (d) => (d.kind = "succession")), "kind", /must be "estate" or "gift", got "succession"/);
    refused(edit(estate(), (d) => delete d.kind), "kind", /got nothing/);
  });
  it("unknown fields, at any depth, and fields of the other kind", () => {
    refused(edit(estate(), (d) => (d.gifts = [])), "gifts", /unknown field/);
    refused(edit(gift(), (d) => (d.assets = [])), "assets", /unknown field/);
    refused(edit(gift(), (d) => (d.spouseUsufruct = null)), "spouseUsufruct", /unknown field/);
    refused(edit(estate(), (d) => (d.person.age = 85)), "person.age", /unknown field/);
    refused(edit(estate(), (d) => (d.beneficiaries[1].share = "1/2")), "beneficiaries[1].share", /unknown field/);
    refused(edit(gift(), (d) => (d.gifts[0].to[0].share = "1/2")), "gifts[0].to[0].share", /unknown field/);
    refused(edit(estate(), (d) => (d.priorGifts[0].cash790g = true)), "priorGifts[0].cash790g", /unknown field/);
  });
  it("the fields of computed mode without family, and an estate's fields in a gift: each named, the first of an item's only", () => {
    const issuesOf = (d: Json): string[] => errorOf(() => readDossier(d)).issues.map((i) => `${i.path}: ${i.message}`);
    const only = 'only read in computed mode, with "family" (docs/dossier.md)';
    const cgi = edit(estate(), (d) => (d.law = "cgi"));
    expect(() => readDossier(cgi)).not.toThrow();
    expect(issuesOf(edit(cgi, (d) => ((d.will = {}), (d.marriage = {}))))).toEqual([`marriage: ${only}`, `will: ${only}`]);
    expect(issuesOf(edit(cgi, (d) => (d.will = null)))).toEqual([`will: ${only}`]);
    expect(issuesOf(edit(cgi, (d) => (d.assets[0].receivedFrom = {})))).toEqual([`assets[0].receivedFrom: ${only}`]);
    expect(issuesOf(edit(cgi, (d) => ((d.assets[0].receivedFrom = {}), (d.assets[0].ownership = "own"))))).toEqual([`assets[0].ownership: ${only}`]);
    expect(issuesOf(edit(cgi, (d) => (d.priorGifts[0].valueAtDeath = 1)))).toEqual([`priorGifts[0].valueAtDeath: ${only}`]);
    expect(issuesOf(edit(cgi, (d) => ((d.priorGifts[0].valueAtDeath = 1), (d.priorGifts[0].outsideShare = true))))).toEqual([`priorGifts[0].outsideShare: ${only}`]);
    expect(issuesOf(edit(gift(), (d) => ((d.lifeInsurance = []), (d.furniture = null))))).toEqual(["furniture: only an estate has this field, not a gift", "lifeInsurance: only an estate has this field, not a gift"]);
    expect(issuesOf(edit(gift(), (d) => ((d.lifeInsurance = []), (d.will = {}))))).toEqual(["will: unknown field", "lifeInsurance: only an estate has this field, not a gift"]);
  });
  it("unknown fields after objects with the same keys (the reader remembers the last keys it accepted)", () => {
    const issuesOf = (d: Json): string[] => errorOf(() => readDossier(parseJsonExact(JSON.stringify(d)))).issues.map((i) => `${i.path}: ${i.message}`);
    const b = (n: number, extra: Json = {}): Json => ({ id: `B${n}`, name: `Person ${n}`, relationship: "child", birthDate: "1970-01-01", disabled: false, ...extra });
    const reversed = (o: Json): Json => Object.fromEntries(Object.entries(o).reverse());
    const known = estate();
    // Known keys, in the order of the next dossiers' first beneficiaries: read until remembered.
    for (let i = 0; i < 3; i++) expect(() => readDossier(parseJsonExact(JSON.stringify(known)))).not.toThrow();
    const d = edit(estate(), (x) => {
      x.residue = [{ beneficiary: "B2", share: "1" }];
      x.bequests = [];
      x.beneficiaries = [
        b(1, { relationship: "spouse" }),
        b(2),
        b(5, { nickname: "P" }), // the same keys, one more at the end
        { id: "B6", name: "Person 6", relationship: "child", birthDate: "1970-01-01", disabeld: false }, // as many keys, the last one misspelt
        b(7),
        reversed(b(8, { age: 50 })), // another order
        reversed(b(9)), // another order, all known: accepted
        { name: "Person 10", id: "B10", other: 1, relationship: "child", birthDate: "1970-01-01", disabled: false }, // known keys, then an unknown one in the middle
        b(11, { represents: "Marc Martin", extra: true }),
      ];
    });
    expect(issuesOf(d)).toEqual([
      "beneficiaries[2].nickname: unknown field",
      "beneficiaries[3].disabeld: unknown field",
      "beneficiaries[5].age: unknown field",
      "beneficiaries[7].other: unknown field",
      "beneficiaries[8].extra: unknown field",
      "beneficiaries[8].represents: only a grandchild represents a predeceased child here",
    ]);
    // A shorter object with known keys after a longer one: accepted, its missing fields reported.
    const e = edit(known, (x) => delete x.beneficiaries[3].disabled);
    expect(() => readDossier(parseJsonExact(JSON.stringify(e)))).not.toThrow();
    expect(issuesOf(edit(e, (x) => delete x.beneficiaries[3].birthDate))).toEqual(["beneficiaries[3].birthDate: missing"]);
    // The same keys again after a dossier with unknown ones: still checked, each time.
    expect(issuesOf(edit(known, (x) => (x.person.age = 85)))).toEqual(["person.age: unknown field"]);
    expect(issuesOf(edit(known, (x) => (x.person.age = 85)))).toEqual(["person.age: unknown field"]);
    expect(() => readDossier(parseJsonExact(JSON.stringify(known)))).not.toThrow();
    expect(issuesOf(edit(known, (x) => (x.assets[0] = { label: "Maison", valeur: 420000 })))).toEqual(["assets[0].valeur: unknown field", "assets[0].value: missing"]);
  });
  it("missing fields and wrong kinds of values", () => {
    refused(edit(estate(), (d) => delete d.date), "date", /missing/);
    refused(edit(estate(), (d) => delete d.assets), "assets", /missing/);
    refused(edit(gift(), (d) => delete d.gifts), "gifts", /missing/);
    refused(edit(gift(), (d) => (d.gifts = [])), "gifts", /empty/);
    refused(edit(estate(), (d) => (d.beneficiaries = [])), "beneficiaries", /empty/);
    refused(edit(estate(), (d) => (d.beneficiaries = {})), "beneficiaries", /not a list/);
    refused(edit(estate(), (d) => (d.person = "Jeanne")), "person", /not an object/);
    refused(edit(estate(), (d) => delete d.beneficiaries[0].name), "beneficiaries[0].name", /missing/);
    refused(edit(estate(), (d) => (d.beneficiaries[0].name = "  ")), "beneficiaries[0].name", /empty/);
    refused(edit(estate(), (d) => (d.beneficiaries[0].id = 1)), "beneficiaries[0].id", /not a string/);
    refused(edit(estate(), (d) => (d.beneficiaries[0].id = "B 1")), "beneficiaries[0].id", /not an id/);
    refused(edit(estate(), (d) => (d.beneficiaries[1].id = "B1")), "beneficiaries[1].id", /duplicate id "B1"/);
    // "__proto__" passes the id pattern but, as a key of the answer, would vanish from it.
    refused(edit(estate(), (d) => (d.beneficiaries[1].id = "__proto__")), "beneficiaries[1].id", /reserved name/);
    refused(edit(estate(), (d) => (d.beneficiaries[1].relationship = "son")), "beneficiaries[1].relationship", /must be one of spouse, pacs, child/);
    refused(edit(estate(), (d) => (d.beneficiaries[1].disabled = "yes")), "beneficiaries[1].disabled", /not true or false/);
    refused(edit(gift(), (d) => (d.gifts[1].cash = 1)), "gifts[1].cash", /not true or false/);
    refused(edit(gift(), (d) => (d.priorGifts[0].cash790G = "false")), "priorGifts[0].cash790G", /not true or false/);
    refused(edit(estate(), (d) => (d.assets[0].value = true)), "assets[0].value", /not an amount/);
    refused(edit(estate(), (d) => (d.assets[0].value = null)), "assets[0].value", /not an amount/);
    refused(edit(estate(), (d) => (d.assets = [420000])), "assets[0]", /not an object/);
    refused(edit(gift(), (d) => (d.gifts[0].to = [])), "gifts[0].to", /empty/);
  });
  it("amounts that are not plain decimals: exponents, NaN-like strings, separators, infinity", () => {
    refused(edit(estate(), (d) => (d.assets[0].value = "4.2e5")), "assets[0].value", /not a plain decimal amount: 4.2e5/);
    refused(edit(estate(), (d) => (d.assets[0].value = 1e21)), "assets[0].value", /not a plain decimal amount/);
    refused(edit(estate(), (d) => (d.assets[0].value = 1e-7)), "assets[0].value", /not a plain decimal amount/);
    for (const bad of ["NaN", "Infinity", "-Infinity", "420 000", "420,000.00", "420000,50", "€420000", "0x10", "", " ", "1.", ".5", "+5", "1/2"]) {
      const e = errorOf(() => readDossier(edit(estate(), (d) => (d.assets[0].value = bad))));
      expect(e.issues.map((i) => i.path), bad).toContain("assets[0].value");
    }
    for (const bad of [NaN, Infinity, -Infinity]) {
      refused(edit(estate(), (d) => (d.assets[0].value = bad)), "assets[0].value", /not a finite amount/);
    }
    // Absurdly large amounts: above 10^12 €.
    refused(edit(estate(), (d) => (d.assets[0].value = "1000000000000.01")), "assets[0].value", /amount above/);
  });
  it("holes in a list built in code are refused, not skipped", () => {
    const d = gift();
    d.gifts[3] = d.gifts[1];
    refused(d, "gifts[2]", /not an object/);
  });
  it("zero values where only a positive amount makes sense", () => {
    refused(edit(estate(), (d) => (d.bequests[0].amount = 0)), "bequests[0].amount", /above 0/);
    refused(edit(gift(), (d) => (d.gifts[1].value = 0)), "gifts[1].value", /above 0/);
    refused(edit(gift(), (d) => (d.priorGifts[0].value = "0.00")), "priorGifts[0].value", /above 0/);
  });
  it("dates out of order", () => {
    refused(edit(estate(), (d) => (d.person.birthDate = "2026-05-14")), "person.birthDate", /not before the act date/);
    refused(edit(estate(), (d) => (d.beneficiaries[3].birthDate = "2026-06-01")), "beneficiaries[3].birthDate", /not before the act date/);
  });
  it("inconsistent estates", () => {
    // Debts above the assets.
    refused(edit(estate(), (d) => (d.debts[0].value = 419000)), "debts", /exceed the assets/);
    // No residue although something is left after the bequests (a check of the net estate, made
    // once the dossier's structure is sound: here without the spouse's usufruct of the residue).
    refused(
      edit(estate(), (d) => {
        d.residue = [];
        d.spouseUsufruct = null;
      }),
      "residue",
      /no shares, but the net estate leaves a residue/,
    );
    // The usufruct of a residue that nobody holds.
    refused(
      edit(estate(), (d) => {
        d.residue = [];
        d.bequests[0].amount = 406500;
      }),
      "spouseUsufruct",
      /no residue to take in usufruct/,
    );
    refused(edit(estate(), (d) => d.residue.push({ beneficiary: "B2", share: "1/2" })), "residue[2].beneficiary", /already has a share/);
    refused(edit(estate(), (d) => d.beneficiaries.push({ id: "B5", name: "Second", relationship: "pacs", birthDate: "1950-01-01" })), "beneficiaries", /more than one spouse/);
  });
  it("representation only by a grandchild, only in an estate", () => {
    refused(edit(estate(), (d) => (d.beneficiaries[3].represents = "Marc Martin")), "beneficiaries[3].represents", /only a grandchild/);
    refused(edit(gift(), (d) => (d.beneficiaries[1].represents = "Marc Martin")), "beneficiaries[1].represents", /only exists in estates/);
  });
  it("inconsistent gifts", () => {
    refused(edit(gift(), (d) => (d.gifts[0].to[0].fraction = "2/3")), "gifts[0].to", /fractions sum to 7\/6, above 1/);
    refused(edit(gift(), (d) => (d.gifts[0].to[1].beneficiary = "B1")), "gifts[0].to[1].beneficiary", /listed twice/);
  });
  it("prior 790 G gifts: only to descendants, and within the ceiling", () => {
    refused(
      edit(estate(), (d) => (d.priorGifts[0] = { beneficiary: "B4", date: "2020-01-01", value: 1000, cash790G: true })),
      "priorGifts[0].cash790G",
      /does not cover a nephew/,
    );
    // 20,000 + 11,866 = 31,866 within 15 years: above the 31,865 ceiling.
    refused(
      edit(gift(), (d) => {
        d.priorGifts = [
          { beneficiary: "B2", date: "2015-04-10", value: 20000, cash790G: true },
          { beneficiary: "B2", date: "2019-04-10", value: 11866, cash790G: true },
        ];
      }),
      "priorGifts",
      /790 G gifts to B2 within 15 years total 31866 €, above the ceiling of 31865 €/,
    );
  });
  it("every problem is reported, not only the first", () => {
    const e = errorOf(() =>
      readDossier(
        edit(estate(), (d) => {
          d.date = "2026-02-30";
          d.assets[0].value = -5;
          d.beneficiaries[1].relationship = "cousin";
        }),
      ),
    );
    expect(e.issues.map((i) => i.path)).toEqual(expect.arrayContaining(["date", "assets[0].value", "beneficiaries[1].relationship"]));
    expect(e.message.split("\n")).toHaveLength(e.issues.length);
  });
});

describe("JSON text (parseDossierText)", () => {
  const text = JSON.stringify(estate());
  it("reads exact amounts from the text", () => {
    expect(parseDossierText(text).kind).toBe("estate");
    const t = text.replace('"value":420000', '"value":420000.10');
    expect(() => parseDossierText(t)).not.toThrow();
  });
  it("duplicate keys are refused with their path (JSON.parse would keep the last one)", () => {
    const e = errorOf(() => parseDossierText(text.replace('"funeralCosts":3200', '"funeralCosts":3200,"funeralCosts":0')));
    expect(e.issues[0]!.path).toBe("funeralCosts");
    expect(e.issues[0]!.message).toMatch(/duplicate key/);
    const e2 = errorOf(() => parseDossierText(text.replace('"name":"Paul Martin"', '"name":"Paul Martin","name":"X"')));
    expect(e2.issues[0]!.path).toBe("beneficiaries[0].name");
  });
  it("exponent numbers are refused even when JSON allows them", () => {
    const e = errorOf(() => parseDossierText(text.replace('"value":420000', '"value":4.2e5')));
    expect(e.issues).toEqual([{ path: "assets[0].value", message: "not a plain decimal amount: 4.2e5" }]);
    errorOf(() => parseDossierText(text.replace('"value":420000', '"value":420000.001')));
  });
  it("a JSON number keeps its decimals (no binary rounding)", () => {
    // 0.1 + 0.2 written as text 0.30 is exactly 0.30.
    expect(() => parseDossierText(text.replace('"value":12000', '"value":0.30'))).not.toThrow();
    // 17 significant digits: a double would silently round it; refused instead.
    errorOf(() => parseDossierText(text.replace('"value":420000', '"value":12345678901234567')));
  });
  it("malformed JSON gives a DossierError with a position, not a SyntaxError", () => {
    for (const bad of ["", "{", '{"kind":"estate",}', "[1,]", '{"kind":estate}', '{"a":1} x', "NaN", '{"a":01}', '{"a":"\u0001"}', '{"a":"\\x"}']) {
      const e = errorOf(() => parseDossierText(bad));
      expect(e.message, bad).toMatch(/JSON, character \d+|a dossier is a JSON object|kind/);
    }
  });
  it("deep nesting is refused, not a stack overflow", () => {
    errorOf(() => parseDossierText("[".repeat(100000)));
    errorOf(() => parseJsonExact('{"a":'.repeat(1000)));
  });
  it("__proto__ is an ordinary (unknown) key", () => {
    const e = errorOf(() => parseDossierText(text.replace('{"kind":"estate"', '{"__proto__":{"x":1},"kind":"estate"')));
    expect(e.issues.map((i) => i.path)).toContain("__proto__");
  });
});

describe("DossierError across packages", () => {
  it("isDossierError recognises the class and its code, and nothing else", () => {
    const e = new DossierError([{ path: "a", message: "b" }]);
    expect(isDossierError(e)).toBe(true);
    expect(e.name).toBe("DossierError");
    expect(e.code).toBe("SUCC_INVALID_DOSSIER");
    // A copy from another bundle: same code, different class.
    const foreign = Object.assign(new Error("x"), { code: "SUCC_INVALID_DOSSIER" });
    expect(isDossierError(foreign)).toBe(true);
    expect(isDossierError(new Error("x"))).toBe(false);
    expect(isDossierError({ code: "SUCC_INVALID_DOSSIER" })).toBe(false);
    expect(isDossierError(null)).toBe(false);
    expect(isDossierError(new TypeError("y"))).toBe(false);
  });
});

describe("ids that are names of Object.prototype", () => {
  it("a dossier built in code with the id __proto__ still gets its line in the answer", () => {
    const d = readDossier(gift()) as GiftDossier;
    d.beneficiaries[0]!.id = "__proto__";
    for (const g of d.gifts) for (const t of g.to) if (t.beneficiary === "B1") t.beneficiary = "__proto__";
    const a = compute(d).answer;
    expect(Object.keys(a.beneficiaires)).toEqual(["__proto__", "B2"]);
    const line = Object.getOwnPropertyDescriptor(a.beneficiaires, "__proto__")!.value;
    expect(line.droits).toBe(a.total_droits - a.beneficiaires.B2!.droits);
    expect(JSON.stringify(a)).toContain(`"__proto__":${JSON.stringify(line)}`);
  });
  it("constructor and toString are ordinary ids", () => {
    const d = edit(gift(), (x) => {
      x.beneficiaries[0].id = "constructor";
      x.beneficiaries[1].id = "toString";
      x.gifts[0].to = [{ beneficiary: "constructor", fraction: "1/2" }, { beneficiary: "toString", fraction: "1/2" }];
      x.gifts[1].to[0].beneficiary = "constructor";
      x.priorGifts[0].beneficiary = "toString";
    });
    const a = answerOf(d);
    expect(Object.keys(a.beneficiaires)).toEqual(["constructor", "toString"]);
    expect(compute(parseDossierText(JSON.stringify(d))).answer).toEqual(a);
  });
});
