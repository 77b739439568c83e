/**
 * The law as dated data. The expected values are written here as literals on purpose: a change
 * of the tables must be a deliberate change of this test too. Each test states its dates.
 */
import { describe, expect, it } from "vitest";
import {
  ARTICLES,
  CGI_URL,
  CIVIL_ARTICLES,
  CIVIL_CODE_URL,
  DATED_LAW,
  disposableShareFor,
  HOUSING_GIFT_790ABIS_CONFIRMED_THROUGH,
  LAW_SERIES,
  SEED_LAW_DAY,
  RELATIONSHIPS,
  datedLaw,
  coverageStart,
  dayAfter,
  isDay,
  isLawCoverageError,
  lawOn,
  lawWithCivil,
  usufructPercent,
  valueOn,
  type Law,
  type LawSeries,
  type Series,
} from "./index.js";
import { isRegime, isSeries } from "./series.js";

/** Every series of a tree, with its path. */
function allSeries(tree: object, path = ""): [string, Series<unknown>][] {
  const out: [string, Series<unknown>][] = [];
  for (const [k, v] of Object.entries(tree)) {
    const p = path ? `${path}.${k}` : k;
    if (isSeries(v)) out.push([p, v]);
    else if (typeof v === "object" && v !== null && !Array.isArray(v)) out.push(...allSeries(v, p));
  }
  return out;
}

const SERIES = allSeries(LAW_SERIES);

describe("every value is a dated series with its article, link and source", () => {
  it("the tree holds the series the engine reads", () => {
    expect(SERIES.length).toBeGreaterThanOrEqual(35);
  });
  it.each(SERIES)("%s", (_path, s) => {
    expect(s.label.length).toBeGreaterThan(5);
    expect(["EUR", "percent", "years", "relationships", "scale", "table", "dates", "fraction", "degree"]).toContain(s.unit);
    if (s.reference.code === "civil") {
      // The civil devolution's fractions: an article of the Code civil, linked as CIVIL_ARTICLES says.
      expect(s.reference.article).toMatch(/^(736|738|738-1|745|747|757|757-1|757-3|913|914-1|1094-1|1475)$/);
      expect(s.reference.legifrance).toBe(CIVIL_ARTICLES[s.reference.article as keyof typeof CIVIL_ARTICLES].link);
      expect(s.reference.official).toBe("https://www.legifrance.gouv.fr/codes/texte_lc/LEGITEXT000006070721/");
      if (s.unit === "fraction") for (const p of s.periods) expect(p.value as string).toMatch(/^[1-9]\/[1-9]$/);
    } else expect(s.reference.article).toMatch(/^(669|757 B|764|764 bis|775|777|779|784|788|790 A bis|790 B|790 D|790 E|790 F|790 G|796-0|796-0 bis|796-0 ter|800|990 I)( (I|II|III|IV|V|3°|I 3°|tableau I|tableau II|tableau III))?$/);
    if (s.reference.code !== "civil") expect(s.reference.legifrance).toMatch(/^https:\/\/www\.legifrance\.gouv\.fr\/(codes\/article_lc\/LEGIARTI\d{12}|jorf\/article_jo\/JORFARTI\d{12}|codes\/texte_lc\/LEGITEXT000006069577\/)$/);
    if (s.reference.code !== "civil") expect(s.reference.official).toMatch(/^https?:\/\/(www\.service-public\.gouv\.fr|bofip\.impots\.gouv\.fr|bofip-archives\.impots\.gouv\.fr|www11\.minefi\.gouv\.fr)\//);
    expect(s.periods.length).toBeGreaterThan(0);
    for (const [i, p] of s.periods.entries()) {
      expect(isDay(p.from), p.from).toBe(true);
      if (p.to !== null) {
        expect(isDay(p.to), p.to).toBe(true);
        expect(p.to >= p.from).toBe(true);
      }
      expect(p.enactedBy.length).toBeGreaterThan(10);
      // Contiguous: each period starts the day after the previous one ends.
      if (i > 0) expect(p.from).toBe(dayAfter(s.periods[i - 1]!.to!));
      // Only the last period may stay open.
      if (i < s.periods.length - 1) expect(p.to).not.toBeNull();
    }
  });
  it("an article with a LEGIARTI id links to it", () => {
    for (const [article, a] of Object.entries(ARTICLES)) {
      if (a.legiarti !== null) expect(a.link, article).toBe(`https://www.legifrance.gouv.fr/codes/article_lc/${a.legiarti}`);
      else expect(a.link === CGI_URL || a.link.startsWith("https://www.legifrance.gouv.fr/jorf/article_jo/JORFARTI"), article).toBe(true);
    }
  });
  it("a Code civil reference links to its own LEGIARTI article where the id is confirmed, to the code otherwise", () => {
    const civil = SERIES.filter(([, s]) => s.reference.code === "civil");
    expect(civil.length).toBeGreaterThanOrEqual(13);
    const linked: string[] = [];
    for (const [path, s] of civil) {
      const a = CIVIL_ARTICLES[s.reference.article as keyof typeof CIVIL_ARTICLES];
      expect(a, path).toBeDefined();
      if (a.legiarti !== null) {
        expect(a.legiarti, path).toMatch(/^LEGIARTI\d{12}$/);
        expect(s.reference.legifrance, path).toBe(`https://www.legifrance.gouv.fr/codes/article_lc/${a.legiarti}`);
        linked.push(s.reference.article);
      } else expect(s.reference.legifrance, path).toBe(CIVIL_CODE_URL);
    }
    // The ids confirmed by the article's text (civil.ts says where): art. 736 « chacun pour moitié »,
    // art. 1094-1 in its version of 2007-01-01. The others keep the code until an id is confirmed.
    expect([...new Set(linked)].sort()).toEqual(["1094-1", "736"]);
    expect(CIVIL_ARTICLES["736"].legiarti).toBe("LEGIARTI000006430967");
    expect(CIVIL_ARTICLES["1094-1"].legiarti).toBe("LEGIARTI000006435800");
    // Every article of the table is read by some series, and no two articles share an id.
    expect(new Set(civil.map(([, s]) => s.reference.article))).toEqual(new Set(Object.keys(CIVIL_ARTICLES)));
    const ids = Object.values(CIVIL_ARTICLES).flatMap((a) => (a.legiarti === null ? [] : [a.legiarti]));
    expect(new Set(ids).size).toBe(ids.length);
    // The CGI and the Code civil never share an id either.
    for (const a of Object.values(ARTICLES)) if (a.legiarti !== null) expect(ids).not.toContain(a.legiarti);
  });
  it("the civil fractions of the law of 2006 start on 2007-01-01, art. 738-1 included (created in 2006, not in 2001)", () => {
    const c = LAW_SERIES.civil;
    for (const s of [c.parentWithOtherBranch, c.disposableShareWithSpouse, c.familyPropertyToSiblings, c.spouseLiberalityQuarter]) {
      expect(s.periods[0]!.from, s.reference.article).toBe("2007-01-01");
      expect(s.periods[0]!.enactedBy, s.reference.article).toMatch(/^loi n° 2006-728 du 23 juin 2006/);
    }
  });
  it("the tables are read-only", () => {
    expect(Object.isFrozen(LAW_SERIES)).toBe(true);
    expect(() => {
      (LAW_SERIES.allowances.personal.estate.child.periods[1] as { value: number }).value = 1;
    }).toThrow(TypeError);
    expect(Object.isFrozen(lawOn("2026-05-14"))).toBe(true);
  });
  it("the laws of the days whose values are all covered have one layout: the same keys in the same order at each place of the tree, data properties only, the bounds first", () => {
    // The layout of an object: its keys in order, a getter marked, the nested objects' layouts.
    const layout = (o: object): unknown =>
      Object.entries(Object.getOwnPropertyDescriptors(o)).map(([k, d]) =>
        d.get !== undefined ? `${k} (getter)` : typeof d.value === "object" && d.value !== null && !Array.isArray(d.value) ? [k, layout(d.value)] : k,
      );
    const start = coverageStart();
    const first = lawOn(start);
    expect(Object.keys(first).slice(0, 2)).toEqual(["from", "to"]);
    const seen = new Set<Law>();
    for (let day = start; day <= LAW_SERIES.coverage.verifiedThrough.day; day = dayAfter(day)) {
      const law = lawOn(day);
      if (!seen.has(law)) expect(layout(law), day).toEqual(layout(first));
      seen.add(law);
    }
    expect(seen.size).toBeGreaterThan(1);
    // Before it (the replay day, 2012-08-17, is), a value the tables do not hold stays a getter.
    expect(start > LAW_SERIES.coverage.replayFrom.day).toBe(true);
    expect(JSON.stringify(layout(lawOn(LAW_SERIES.coverage.replayFrom.day)))).toContain("(getter)");
  });
  it("the tables and the law of a day are read-only in their types too (tsc checks the @ts-expect-error lines)", () => {
    const law = lawOn("2026-05-14");
    const writes = [
      () => {
        // @ts-expect-error: a series of the tables cannot be replaced
        LAW_SERIES.funeralDeduction = LAW_SERIES.funeralDeduction;
      },
      () => {
        // @ts-expect-error: nor a group of series
        LAW_SERIES.allowances.personal = LAW_SERIES.allowances.personal;
      },
      () => {
        // @ts-expect-error: nor a period of a series
        LAW_SERIES.recallYears.periods[0]!.value = 10;
      },
      () => {
        // @ts-expect-error: nor a value of the law of a day
        law.allowances.personal.estate.child = 150_000;
      },
      () => {
        // @ts-expect-error: nor a band of a scale
        law.scales.directLine[0]!.ratePercent = 6;
      },
    ];
    for (const write of writes) expect(write).toThrow(TypeError);
    expect(lawOn("2026-05-14").allowances.personal.estate.child).toBe(100_000);
  });
});

describe("the values change on the days the law says", () => {
  it("child allowance (art. 779 I): 159,325 € on 2012-08-16, 100,000 € from 2012-08-17 (loi n° 2012-958)", () => {
    expect(lawOn("2012-08-16").allowances.personal.estate.child).toBe(159_325);
    expect(lawOn("2012-08-17").allowances.personal.estate.child).toBe(100_000);
    expect(lawOn("2012-08-17").allowances.personal.gift.child).toBe(100_000);
    expect(lawOn("2011-01-01").allowances.personal.gift.child).toBe(159_325);
  });
  it("recall (art. 784): 6 years until 2011-07-30, 10 years until 2012-08-16, 15 years from 2012-08-17", () => {
    expect(lawOn("2011-07-30").recallYears).toBe(6);
    expect(lawOn("2011-07-31").recallYears).toBe(10);
    expect(lawOn("2012-08-16").recallYears).toBe(10);
    expect(lawOn("2012-08-17").recallYears).toBe(15);
  });
  it("art. 790 G: donor under 65 until 2011-07-30, under 80 from 2011-07-31; renewed every 10, then 15 years", () => {
    expect(lawOn("2011-07-30").cashGift790G.donorAgeBelow).toBe(65);
    expect(lawOn("2011-07-31").cashGift790G.donorAgeBelow).toBe(80);
    expect(lawOn("2012-08-16").cashGift790G.renewalYears).toBe(10);
    expect(lawOn("2012-08-17").cashGift790G.renewalYears).toBe(15);
  });
  it("art. 777: the last two direct-line rates are 35 % and 40 % until 2011-07-30, 40 % and 45 % from 2011-07-31", () => {
    const top = (day: string) => lawOn(day).scales.directLine.slice(-2).map((b) => b.ratePercent);
    expect(top("2011-07-30")).toEqual([35, 40]);
    expect(top("2011-07-31")).toEqual([40, 45]);
  });
  it("art. 990 I: 25 % above 902,838 € until 2014-06-30, 31.25 % above 700,000 € from 2014-07-01", () => {
    expect(lawOn("2014-06-30").lifeInsurance.scale990I).toEqual([{ upTo: 902_838, ratePercent: 20 }, { upTo: null, ratePercent: 25 }]);
    expect(lawOn("2014-07-01").lifeInsurance.scale990I).toEqual([{ upTo: 700_000, ratePercent: 20 }, { upTo: null, ratePercent: 31.25 }]);
  });
  it("art. 790 A bis: in force for gifts from 2025-02-15 to 2026-12-31 only", () => {
    expect(lawOn("2025-02-14").housingGift790ABis.ceiling).toBeNull();
    expect(lawOn("2025-02-15").housingGift790ABis.ceiling).toBe(100_000);
    expect(lawOn("2026-12-31").housingGift790ABis.ceiling).toBe(100_000);
    expect(lawOn("2027-01-01").housingGift790ABis.ceiling).toBeNull();
  });
  it("a value asked on a day the tables do not cover is an error naming the article and the first day, only when read", () => {
    const law = lawOn("2010-06-01");
    expect(law.usufruct669.length).toBe(9); // art. 669 is covered since 2004
    let error: unknown;
    try {
      void law.allowances.personal.estate.child;
    } catch (e) {
      error = e;
    }
    expect(isLawCoverageError(error)).toBe(true);
    expect((error as Error).message).toMatch(/^art\. 779 I \(abattement en ligne directe \(enfant\)\): the law tables hold no value before 2011-01-01$/);
  });
  it("not a date is refused", () => {
    expect(() => lawOn("2026-02-30")).toThrow(RangeError);
    expect(() => lawOn("14/05/2026")).toThrow(RangeError);
  });
});

/** The values of a law that answers depend on, without the stretch of days it covers. */
function values(law: Law): unknown {
  const { from: _from, to: _to, housingGift790ABis: _housing, ...rest } = law;
  return JSON.parse(JSON.stringify(rest));
}

describe("the law of 2017-2026", () => {
  it("every value but art. 790 A bis is the same on every day from 2017-01-01 to 2026-12-31", () => {
    const first = values(lawOn("2017-01-01"));
    for (let day = "2017-01-01"; day <= "2026-12-31"; day = dayAfter(day)) {
      // The law changes at most on a few days: compare only where the stretch changes.
      const law = lawOn(day);
      if (law.from === day) expect(values(law), day).toEqual(first);
    }
  });
  it("2026-05-14: the amounts of the rules of levels 1-4", () => {
    const law = lawOn("2026-05-14");
    expect(law.funeralDeduction).toBe(1500);
    expect(law.allowances.personal.estate).toEqual({ child: 100_000, parent: 100_000, ascendant: 100_000, sibling: 15_932, nephew: 7_967 });
    expect(law.allowances.personal.gift).toEqual({ spouse: 80_724, pacs: 80_724, child: 100_000, grandchild: 31_865, greatgrandchild: 5_310, sibling: 15_932, nephew: 7_967 });
    expect(law.allowances.default).toBe(1_594);
    expect(law.allowances.disability).toBe(159_325);
    expect([...law.exemptions.spouseEstate]).toEqual(["spouse", "pacs"]);
    expect(law.cashGift790G).toMatchObject({ ceiling: 31_865, donorAgeBelow: 80, doneeMinimumAge: 18, renewalYears: 15 });
    expect([...law.cashGift790G.donees]).toEqual(["child", "grandchild", "greatgrandchild"]);
    expect([...law.cashGift790G.doneesWithoutDescendants]).toEqual(["nephew"]);
    expect(law.recallYears).toBe(15);
    const bands = (name: keyof Law["scales"]) => law.scales[name].map((b) => [b.upTo, b.ratePercent]);
    expect(bands("directLine")).toEqual([[8072, 5], [12109, 10], [15932, 15], [552324, 20], [902838, 30], [1805677, 40], [null, 45]]);
    expect(bands("spouse")).toEqual([[8072, 5], [15932, 10], [31865, 15], [552324, 20], [902838, 30], [1805677, 40], [null, 45]]);
    expect(bands("sibling")).toEqual([[24430, 35], [null, 45]]);
    expect(bands("nephew")).toEqual([[null, 55]]);
    expect(bands("unrelated")).toEqual([[null, 60]]);
    expect(law.scaleOf).toEqual({ spouse: "spouse", pacs: "spouse", child: "directLine", grandchild: "directLine", greatgrandchild: "directLine", sibling: "sibling", nephew: "nephew", unrelated: "unrelated", parent: "directLine", ascendant: "directLine", collateral: "nephew" });
    expect(law.relativesMaxDegree).toBe(4);
    expect(law.exemptions.smallEstate).toMatchObject({ directLineBelow: 50_000, everyoneBelow: 3_000 });
    expect(law.exemptions.sibling).toEqual({ statuses: ["single", "widowed", "divorced", "separated"], olderThan: 50, cohabitationYears: 5 });
    expect(law.lifeInsurance).toMatchObject({ allowance990I: 152_500, allowance757B: 30_500, insuredAgeLimit: 70, contractsFrom: "1991-11-20" });
    expect(law.furnitureFlatRate).toBe(5);
    expect(law.mainResidence).toEqual({ reductionPercent: 20, partners: ["spouse", "pacs"], children: ["child"], minorBelow: 18 });
  });
  it("2026-05-14: the art. 669 table at every edge", () => {
    const rows = lawOn("2026-05-14").usufruct669;
    const expected: [number, number][] = [
      [0, 90], [20, 90], [21, 80], [30, 80], [31, 70], [40, 70], [41, 60], [50, 60], [51, 50],
      [60, 50], [61, 40], [70, 40], [71, 30], [80, 30], [81, 20], [90, 20], [91, 10], [120, 10],
    ];
    for (const [age, pct] of expected) expect(usufructPercent(rows, age), `age ${age}`).toBe(pct);
  });
  it("the relationships", () => {
    expect([...RELATIONSHIPS]).toEqual(["spouse", "pacs", "child", "grandchild", "greatgrandchild", "sibling", "nephew", "unrelated", "parent", "ascendant", "collateral"]);
  });
  it("2026-05-14: the civil devolution's fractions (Code civil)", () => {
    const c = lawOn("2026-05-14").civil;
    // Art. 1475: halves of the community; art. 738: a parent's quarter beside siblings; art. 736: each parent's half alone.
    expect([c.communityHalf, c.parentQuarter, c.parentHalf, c.parentWithOtherBranch, c.branchHalf]).toEqual(["1/2", "1/4", "1/2", "1/2", "1/2"]);
    // Art. 913: 1/2 with one child, 1/3 with two, 1/4 with three or more; art. 914-1: 3/4 beside a spouse.
    expect(c.disposableShare).toEqual([{ maxChildren: 1, share: "1/2" }, { maxChildren: 2, share: "1/3" }, { maxChildren: null, share: "1/4" }]);
    expect(c.disposableShareWithSpouse).toBe("3/4");
    expect([1, 2, 3, 7].map((k) => disposableShareFor(c.disposableShare, k))).toEqual(["1/2", "1/3", "1/4", "1/4"]);
    // Art. 757, 757-1, 757-3, 1094-1; art. 745: no collateral beyond the 6th degree.
    expect([c.spouseQuarter, c.spouseWithBothParents, c.spouseWithOneParent, c.familyPropertyToSiblings, c.spouseLiberalityQuarter]).toEqual(["1/4", "1/2", "3/4", "1/2", "1/4"]);
    expect(c.collateralMaxDegree).toBe(6);
  });
  it("the civil fractions are in force since the laws of 2001 and 2006 (the first days of their periods)", () => {
    const c = LAW_SERIES.civil;
    expect(c.spouseQuarter.periods[0]!.from).toBe("2002-07-01");
    expect(c.disposableShare.periods[0]!.from).toBe("2007-01-01");
    expect(c.communityHalf.periods[0]!.from).toBe("1966-02-01");
  });
});

describe("issue 18: the real law's dates and minimums (law of 2026-05-14)", () => {
  const law = lawOn("2026-05-14");
  it("art. 990 I taxes only the premiums paid from 1998-10-13 (RM n° 52843)", () => {
    expect(law.lifeInsurance.premiumsFrom990I).toBe("1998-10-13");
  });
  it("annexe II, art. 294: a beneficiary under 18 is judged on his instruction or training", () => {
    expect(law.allowances.disabilityMinorBelow).toBe(18);
  });
  it("the seed rules read the law of a day of 2026: the child allowance 100,000 €, not the 159,325 € of 2012", () => {
    expect(SEED_LAW_DAY.startsWith("2026-")).toBe(true);
    expect(lawOn(SEED_LAW_DAY).allowances.personal.estate.child).toBe(100_000);
  });
  it("art. 790 A bis: no official text read confirms its wording in 2026, so the confirmed day is in 2025, within the regime", () => {
    expect(HOUSING_GIFT_790ABIS_CONFIRMED_THROUGH.day < "2026-01-01").toBe(true);
    expect(lawOn(HOUSING_GIFT_790ABIS_CONFIRMED_THROUGH.day).housingGift790ABis.ceiling).toBe(100_000);
    expect(HOUSING_GIFT_790ABIS_CONFIRMED_THROUGH.source).toMatch(/^https:\/\/www\.senat\.fr\//);
  });
});

describe("a value that starts next year changes no value of this year", () => {
  /** A copy of the tables where the child allowance becomes 150,000 € on 2027-01-01. */
  function withChildAllowance2027(): LawSeries {
    const copy = structuredClone(LAW_SERIES) as unknown as { allowances: { personal: { estate: { child: { periods: unknown[] } }; gift: { child: unknown } } } };
    const child = copy.allowances.personal.estate.child;
    const last = child.periods.at(-1) as { value: number; from: string; to: string | null; enactedBy: string };
    child.periods = [...child.periods.slice(0, -1), { ...last, to: "2026-12-31" }, { value: 150_000, from: "2027-01-01", to: null, enactedBy: "loi fictive (test)" }];
    copy.allowances.personal.gift.child = child;
    return copy as unknown as LawSeries;
  }
  it("on 2026-12-31 the copy's law equals today's; on 2027-01-01 the child allowance is 150,000 €", () => {
    const law = datedLaw(withChildAllowance2027());
    expect(values(law.on("2026-12-31"))).toEqual(values(lawOn("2026-12-31")));
    expect(values(law.on("2026-05-14"))).toEqual(values(lawOn("2026-05-14")));
    expect(law.on("2027-01-01").allowances.personal.estate.child).toBe(150_000);
    expect(law.on("2027-01-01").allowances.personal.gift.child).toBe(150_000);
  });
  it("valueOn reads one series on a day", () => {
    expect(valueOn(LAW_SERIES.allowances.personal.estate.child, "2012-08-16")).toBe(159_325);
    expect(valueOn(LAW_SERIES.allowances.personal.estate.child, "2010-12-31")).toBeUndefined();
    expect(isRegime(LAW_SERIES.housingGift790ABis.ceiling)).toBe(true);
  });
});

describe("dates", () => {
  it("dayAfter crosses months, years and leap days", () => {
    expect(dayAfter("2024-02-28")).toBe("2024-02-29");
    expect(dayAfter("2024-02-29")).toBe("2024-03-01");
    expect(dayAfter("2026-02-28")).toBe("2026-03-01");
    expect(dayAfter("2026-12-31")).toBe("2027-01-01");
  });
});

describe("no runtime dependency", () => {
  it("package.json has no dependencies", async () => {
    const { readFile } = await import("node:fs/promises");
    const pkg = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
    expect(pkg.dependencies ?? {}).toEqual({});
  });
});

describe("lawWithCivil", () => {
  it("replaces the named civil fractions on every day and leaves the rest of the law as dated", () => {
    // Art. 738 gives each parent a quarter (1/4) in force on 2017-06-01 and 2026-06-01; a notary
    // who ignores it computes with 0. Art. 757 gives the spouse a quarter in full ownership: unchanged.
    const mistaken = lawWithCivil({ parentQuarter: "0" });
    for (const day of ["2017-06-01", "2026-06-01"]) {
      expect(mistaken.on(day).civil.parentQuarter).toBe("0");
      expect(mistaken.on(day).civil.spouseQuarter).toBe("1/4");
      expect(DATED_LAW.on(day).civil.parentQuarter).toBe("1/4");
      expect(mistaken.on(day).scales).toEqual(DATED_LAW.on(day).scales);
      expect(mistaken.on(day).allowances).toEqual(DATED_LAW.on(day).allowances);
      expect(mistaken.on(day).scales).toBeDefined();
    }
  });
});
