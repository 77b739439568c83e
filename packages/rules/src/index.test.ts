/**
 * The law tables against spec §2, value by value. The expected values are written here as
 * literals on purpose: a change of the tables must be a deliberate change of this test too.
 */
import { describe, expect, it } from "vitest";
import {
  ALLOWANCES,
  AMOUNT_DECIMALS,
  CASH_GIFT_790G,
  CGI_URL,
  DISABILITY_ALLOWANCE,
  FUNERAL_COSTS_CAP,
  RECALL_PERIOD,
  RELATIONSHIPS,
  REPRESENTED_CHILD_ALLOWANCE,
  SCALES,
  SCALE_OF,
  SPOUSE_ESTATE_EXEMPTION,
  USUFRUCT_669,
  usufructPercent,
  type Parameter,
  type Reference,
} from "./index.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkReference(r: Reference, where: string) {
  // An article of the CGI that issue 2 lists, with its paragraph: "779 I", "790 G", "796-0 bis".
  expect(r.article, where).toMatch(/^(669|775|777|779|784|788|790|796-0)( (bis|ter|[IVX]+|[A-G]|tableau [IVX]+))*$/);
  expect(r.legifrance, where).toBe("https://www.legifrance.gouv.fr/codes/texte_lc/LEGITEXT000006069577/");
  if (r.official !== undefined) expect(r.official, where).toMatch(/^https:\/\/(www\.service-public\.gouv\.fr|bofip\.impots\.gouv\.fr)\//);
}

function checkParameter(p: Parameter<number>, where: string) {
  expect(p.since, where).toMatch(DATE);
  expect(Number.isSafeInteger(p.value) && p.value >= 0, where).toBe(true);
  expect(["EUR", "percent", "years"]).toContain(p.unit);
  expect(p.label.length, where).toBeGreaterThan(5);
  checkReference(p.reference, where);
}

describe("every parameter has an article, a Légifrance link, a date and a label", () => {
  it("allowances", () => {
    for (const kind of ["estate", "gift"] as const) {
      for (const rel of RELATIONSHIPS) {
        const p = ALLOWANCES[kind][rel];
        if (p !== null) checkParameter(p, `${kind}.${rel}`);
      }
    }
  });
  it("other amounts and periods", () => {
    checkParameter(FUNERAL_COSTS_CAP, "funeral");
    checkParameter(REPRESENTED_CHILD_ALLOWANCE, "representation");
    checkParameter(DISABILITY_ALLOWANCE, "disability");
    checkParameter(RECALL_PERIOD, "recall");
    checkParameter(CASH_GIFT_790G.ceiling, "790 G ceiling");
    checkParameter(CASH_GIFT_790G.donorAgeBelow, "790 G donor");
    checkParameter(CASH_GIFT_790G.doneeMinimumAge, "790 G donee");
    checkParameter(CASH_GIFT_790G.period, "790 G period");
    expect(SPOUSE_ESTATE_EXEMPTION.since).toMatch(DATE);
    checkReference(SPOUSE_ESTATE_EXEMPTION.reference, "spouse exemption");
  });
  it("scales and the art. 669 table", () => {
    for (const [name, s] of Object.entries(SCALES)) {
      expect(s.since, name).toMatch(DATE);
      checkReference(s.reference, name);
    }
    expect(USUFRUCT_669.since).toMatch(DATE);
    checkReference(USUFRUCT_669.reference, "669");
  });
  it("units say what the value is", () => {
    expect(FUNERAL_COSTS_CAP.unit).toBe("EUR");
    expect(DISABILITY_ALLOWANCE.unit).toBe("EUR");
    expect(RECALL_PERIOD.unit).toBe("years");
    expect(CASH_GIFT_790G.donorAgeBelow.unit).toBe("years");
    expect(CASH_GIFT_790G.ceiling.unit).toBe("EUR");
    expect(CGI_URL).toBe("https://www.legifrance.gouv.fr/codes/texte_lc/LEGITEXT000006069577/");
    expect(AMOUNT_DECIMALS).toBe(2);
  });
});

describe("values of spec §2", () => {
  it("net estate: funeral costs capped at 1,500 (art. 775)", () => {
    expect(FUNERAL_COSTS_CAP.value).toBe(1500);
    expect(FUNERAL_COSTS_CAP.reference.article).toBe("775");
  });
  it("estate allowances; spouse and PACS partner exempt (art. 796-0 bis)", () => {
    const v = Object.fromEntries(RELATIONSHIPS.map((r) => [r, ALLOWANCES.estate[r]?.value ?? null]));
    expect(v).toEqual({ spouse: null, pacs: null, child: 100000, grandchild: 1594, greatgrandchild: 1594, sibling: 15932, nephew: 7967, unrelated: 1594 });
    expect(SPOUSE_ESTATE_EXEMPTION.reference.article).toBe("796-0 bis");
    expect(ALLOWANCES.estate.child!.reference.article).toBe("779 I");
  });
  it("gift allowances (art. 779, 790 B, 790 D, 790 E, 790 F)", () => {
    const v = Object.fromEntries(RELATIONSHIPS.map((r) => [r, ALLOWANCES.gift[r]?.value ?? null]));
    expect(v).toEqual({ spouse: 80724, pacs: 80724, child: 100000, grandchild: 31865, greatgrandchild: 5310, sibling: 15932, nephew: 7967, unrelated: 0 });
    expect(ALLOWANCES.gift.grandchild!.reference.article).toBe("790 B");
    expect(ALLOWANCES.gift.greatgrandchild!.reference.article).toBe("790 D");
    expect(ALLOWANCES.gift.spouse!.reference.article).toBe("790 E");
    expect(ALLOWANCES.gift.pacs!.reference.article).toBe("790 F");
  });
  it("disability +159,325; a predeceased child's 100,000 shared by his representatives", () => {
    expect(DISABILITY_ALLOWANCE.value).toBe(159325);
    expect(DISABILITY_ALLOWANCE.reference.article).toBe("779 II");
    expect(REPRESENTED_CHILD_ALLOWANCE.value).toBe(100000);
  });
  it("art. 790 G: 31,865 per 15 years, donor under 80, donee of 18 or more, children and descendants", () => {
    expect(CASH_GIFT_790G.ceiling.value).toBe(31865);
    expect(CASH_GIFT_790G.period.value).toBe(15);
    expect(CASH_GIFT_790G.donorAgeBelow.value).toBe(80);
    expect(CASH_GIFT_790G.doneeMinimumAge.value).toBe(18);
    expect([...CASH_GIFT_790G.donees]).toEqual(["child", "grandchild", "greatgrandchild"]);
    expect(CASH_GIFT_790G.ceiling.reference.article).toBe("790 G");
  });
  it("recall: 15 years (art. 784)", () => {
    expect(RECALL_PERIOD.value).toBe(15);
    expect(RECALL_PERIOD.reference.article).toBe("784");
  });
  it("scales of art. 777", () => {
    const bands = (name: keyof typeof SCALES) => SCALES[name].bands.map((b) => [b.upTo, b.ratePercent]);
    expect(bands("directLine")).toEqual([
      [8072, 5],
      [12109, 10],
      [15932, 15],
      [552324, 20],
      [902838, 30],
      [1805677, 40],
      [null, 45],
    ]);
    expect(bands("spouse")).toEqual([
      [8072, 5],
      [15932, 10],
      [31865, 15],
      [552324, 20],
      [902838, 30],
      [1805677, 40],
      [null, 45],
    ]);
    expect(bands("sibling")).toEqual([
      [24430, 35],
      [null, 45],
    ]);
    expect(bands("nephew")).toEqual([[null, 55]]);
    expect(bands("unrelated")).toEqual([[null, 60]]);
    for (const s of Object.values(SCALES)) expect(s.reference.article).toMatch(/^777 tableau (I|II|III)$/);
  });
  it("which scale applies to whom", () => {
    expect(SCALE_OF).toEqual({
      spouse: "spouse",
      pacs: "spouse",
      child: "directLine",
      grandchild: "directLine",
      greatgrandchild: "directLine",
      sibling: "sibling",
      nephew: "nephew",
      unrelated: "unrelated",
    });
  });
  it("the relationships of spec §1", () => {
    expect([...RELATIONSHIPS]).toEqual(["spouse", "pacs", "child", "grandchild", "greatgrandchild", "sibling", "nephew", "unrelated"]);
  });
});

describe("scales are well formed", () => {
  it.each(Object.entries(SCALES))("%s: bounds strictly increasing, rates non-decreasing, last band open", (_name, s) => {
    const bounds = s.bands.slice(0, -1).map((b) => b.upTo);
    for (const b of bounds) expect(Number.isSafeInteger(b) && b! > 0).toBe(true);
    for (let i = 1; i < bounds.length; i++) expect(bounds[i]!).toBeGreaterThan(bounds[i - 1]!);
    for (let i = 1; i < s.bands.length; i++) expect(s.bands[i]!.ratePercent).toBeGreaterThan(s.bands[i - 1]!.ratePercent);
    expect(s.bands.at(-1)!.upTo).toBeNull();
    for (const b of s.bands) expect(Number.isInteger(b.ratePercent) && b.ratePercent > 0 && b.ratePercent < 100).toBe(true);
  });
});

describe("art. 669", () => {
  it("the table of spec §2", () => {
    expect(USUFRUCT_669.rows.map((r) => [r.maxAge, r.usufructPercent])).toEqual([
      [20, 90],
      [30, 80],
      [40, 70],
      [50, 60],
      [60, 50],
      [70, 40],
      [80, 30],
      [90, 20],
      [null, 10],
    ]);
    expect(USUFRUCT_669.reference.article).toBe("669 I");
  });
  it("usufructPercent at every step", () => {
    const expected: [number, number][] = [
      [0, 90], [18, 90], [20, 90], [21, 80], [30, 80], [31, 70], [40, 70], [41, 60], [50, 60], [51, 50],
      [60, 50], [61, 40], [70, 40], [71, 30], [80, 30], [81, 20], [90, 20], [91, 10], [120, 10],
    ];
    for (const [age, pct] of expected) expect(usufructPercent(age), `age ${age}`).toBe(pct);
  });
});

describe("no runtime dependency", () => {
  it("package.json has no dependencies", async () => {
    const { readFile } = await import("node:fs/promises");
    const pkg = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
    expect(pkg.dependencies ?? {}).toEqual({});
  });
});
