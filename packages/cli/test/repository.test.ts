/**
 * The repository documents itself: docs/dossier.md and examples/ agree with the engine and with
 * amounts worked by hand; no file names a path outside the repository; no source file outside
 * @succ/rules writes a date or an amount of the law; `pnpm succ` before `pnpm build` says to
 * build; generated files are ignored by git.
 * Law of 2026 (the amounts of @succ/rules, still in force on 2026-12-01).
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compute, isDossierError, readDossier, type Answer } from "@succ/engine";
import { dayAfter, LAW_SERIES } from "@succ/rules";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const read = (path: string): string => readFileSync(join(ROOT, path), "utf8");
const json = (path: string): Record<string, any> => JSON.parse(read(path));
const answerOf = (dossier: unknown): Answer => compute(readDossier(dossier)).answer;

const tmp: string[] = [];
afterAll(() => {
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});

// Worked by hand (direct-line bands: 5 % of 8,072 = 403.60, 10 % of 4,037 = 403.70, 15 % of
// 3,823 = 573.45: 1,380.75 up to 15,932, then 20 % up to 552,324).
// Net estate 380,000 + 96,400 + 23,611.80 − 4,900 − 1,500 (funeral 2,950 capped) = 493,611.80;
// residue after the 15,000 bequest: 478,611.80.
// B1 child, ½: 239,305.90; recalled 2014 gift 120,000 (2009 is older than 15 years):
//   U = 100,000, allowance left 0, T = 20,000; taxable 239,306;
//   tax = scale(259,306) − scale(20,000) = 50,055.55 − 2,194.35 = 47,861.20 → 47,861.
// B2 grandchild representing, ¼: 119,652.95; allowance 100,000 / 2 = 50,000 (its 790 G gift is
//   not recalled); taxable 69,652.95 → 69,653; 1,380.75 + 0.2 × 53,721 = 12,124.95 → 12,125.
// B3 grandchild representing, ¼: 119,652.95; 50,000 − 12,000 recalled = 38,000 left, T = 0;
//   taxable 81,652.95 → 81,653; 1,380.75 + 0.2 × 65,721 = 14,524.95 → 14,525.
// B4 nephew, bequest 15,000 − 7,967 = 7,033; 55 % = 3,868.15 → 3,868.
// Total 47,861 + 12,125 + 14,525 + 3,868 = 78,379.
const ESTATE_ANSWER: Answer = {
  beneficiaires: {
    B1: { part_taxable: 239306, droits: 47861 },
    B2: { part_taxable: 69653, droits: 12125 },
    B3: { part_taxable: 81653, droits: 14525 },
    B4: { part_taxable: 7033, droits: 3868 },
  },
  total_droits: 78379,
};

// Donor 69 on 2026-03-12 (born 1956-06-20): usufruct 40 %, bare ownership 60 % (art. 669);
// each child ½ × 350,000 × 60 % = 105,000.
// B1: 105,000 + cash 50,000 = 155,000; 790 G: min(50,000, 31,865 − 10,000 prior 790 G) = 21,865;
//   allowance 100,000 whole (790 G gifts are not recalled); taxable 33,135;
//   1,380.75 + 0.2 × 17,203 = 4,821.35 → 4,821.
// B2: 105,000; recalled 2018 gift 80,000: U = 80,000, 20,000 left, T = 0; taxable 85,000;
//   1,380.75 + 0.2 × 69,068 = 15,194.35 → 15,194.  Total 20,015.
const GIFT_ANSWER: Answer = {
  beneficiaires: { B1: { part_taxable: 33135, droits: 4821 }, B2: { part_taxable: 85000, droits: 15194 } },
  total_droits: 20015,
};

// Under cgi, death on 2026-05-14: the house (300,000) reduced by 20 % as the husband S lives
// there (art. 764 bis): 240,000; savings 51,500; furniture 5 % × 291,500 = 14,575 (art. 764 I);
// gross 306,075; flat funeral deduction 1,500: net 304,575; the daughter C's ¾: 228,431.25.
// Life insurance: 400,000 for premiums before 70, half each: C 200,000 − 152,500 = 47,500 at
//   20 % = 9,500 (art. 990 I); S exempt, 0. 90,000 of premiums after 70, half each: S exempt,
//   C takes the whole 30,500: 45,000 − 30,500 = 14,500 added to her share (art. 757 B).
// C: 228,431.25 + 14,500 − 100,000 = 142,931.25 → 142,931; 1,380.75 + 0.2 × 126,999 =
//   26,780.55 → 26,781. S: exempt (art. 796-0 bis).
const CGI_ANSWER: Answer = {
  beneficiaires: { C: { part_taxable: 142931, droits: 26781, prelevement_990I: 9500 }, S: { part_taxable: 0, droits: 0, prelevement_990I: 0 } },
  total_droits: 26781,
};

// Computed mode (docs/dossier.md, its two examples), deaths of 2026 under cgi.
// Spouse and three children, one of a first union, community of acquests: common mass
// 800,000 + 100,000 − 50,000 = 850,000, the estate's half 425,000; estate 400,000 + 50,000 +
// 200,000 own − 25,000 − 1,500 = 623,500. A child not common: the spouse's quarter only,
// 155,875 (art. 757); the three children 155,875 each (art. 735): 55,875 taxable,
// 1,380.75 + 0.2 × 39,943 = 9,369.35 → 9,369.
const SPOUSE_STEPCHILD_ANSWER: Answer = {
  beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 55875, droits: 9369 }, B3: { part_taxable: 55875, droits: 9369 }, B4: { part_taxable: 55875, droits: 9369 } },
  total_droits: 28107,
};
// Spouse, both parents, a sister, no child; a legacy of 9/10 to a nephew. N = 600,000; the
// disposable share ¾ (art. 914-1) = 450,000: the 540,000 legacy is reduced to it (art. 926).
// E = 150,000: the spouse min(300,000, 150,000) = 150,000 (art. 757-1, 758-5), the parents 0.
// The nephew: 450,000 − 7,967 = 442,033 at 55 % = 243,118.15 → 243,118.
const PARENTS_REDUCED_ANSWER: Answer = {
  beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 0, droits: 0 }, B3: { part_taxable: 0, droits: 0 }, B4: { part_taxable: 0, droits: 0 }, B5: { part_taxable: 442033, droits: 243118 } },
  total_droits: 243118,
};

/** The ```json blocks of a Markdown file, parsed. */
function jsonBlocks(markdown: string): unknown[] {
  return [...markdown.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!));
}

describe("examples/", () => {
  it("estate-recall-representation.json: a level-3 estate with a recall and a representation, computed by hand", () => {
    const d = json("examples/estate-recall-representation.json");
    expect(d.kind).toBe("estate");
    expect(d.beneficiaries.filter((b: any) => b.represents)).toHaveLength(2);
    expect(answerOf(d)).toEqual(ESTATE_ANSWER);
  });

  it("gift-usufruct-cash.json: a gift with a reserved usufruct and a cash gift, computed by hand", () => {
    const d = json("examples/gift-usufruct-cash.json");
    expect(d.gifts.some((g: any) => g.reservedUsufruct === true)).toBe(true);
    expect(d.gifts.some((g: any) => g.cash === true)).toBe(true);
    expect(answerOf(d)).toEqual(GIFT_ANSWER);
  });

  it("estate-cgi-life-insurance.json: an estate under cgi with a main residence, furniture and life insurance, computed by hand", () => {
    const d = json("examples/estate-cgi-life-insurance.json");
    expect(d.law).toBe("cgi");
    expect(answerOf(d)).toEqual(CGI_ANSWER);
  });

  it("estate-computed-spouse-stepchild.json: computed mode, a spouse with common and non-common children, computed by hand", () => {
    const d = json("examples/estate-computed-spouse-stepchild.json");
    expect(d.family.children.some((c: any) => c.common === false)).toBe(true);
    expect(answerOf(d)).toEqual(SPOUSE_STEPCHILD_ANSWER);
  });

  it("estate-computed-parents-will-reduced.json: computed mode, parents and a sister with a will reduced to the disposable share, computed by hand", () => {
    const d = json("examples/estate-computed-parents-will-reduced.json");
    expect(d.family.father.id).toBeDefined();
    expect(answerOf(d)).toEqual(PARENTS_REDUCED_ANSWER);
  });

  it("the CLI computes them to the same answers", () => {
    const bin = join(ROOT, "packages/cli/dist/bin.js");
    for (const [file, answer] of [["examples/estate-recall-representation.json", ESTATE_ANSWER], ["examples/gift-usufruct-cash.json", GIFT_ANSWER], ["examples/estate-cgi-life-insurance.json", CGI_ANSWER], ["examples/estate-computed-spouse-stepchild.json", SPOUSE_STEPCHILD_ANSWER], ["examples/estate-computed-parents-will-reduced.json", PARENTS_REDUCED_ANSWER]] as const) {
      const r = spawnSync(process.execPath, [bin, "compute", join(ROOT, file)], { encoding: "utf8" });
      expect(r.status, file).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual(answer);
    }
  });
});

describe("docs/dossier.md", () => {
  const doc = read("docs/dossier.md");
  const blocks = jsonBlocks(doc) as Array<Record<string, any>>;

  it("its two examples are the files of examples/, followed by their answers, which the engine gives", () => {
    const dossiers = blocks.map((b, i) => [b, blocks[i + 1]] as const).filter(([b]) => "kind" in b);
    expect(dossiers).toHaveLength(2);
    // The cgi example's answer is shown after its worked computation (the file itself is linked).
    expect(blocks).toContainEqual(CGI_ANSWER);
    const [[estate, estateAnswer], [gift, giftAnswer]] = dossiers as unknown as [[unknown, Answer], [unknown, Answer]];
    expect(estate).toEqual(json("examples/estate-recall-representation.json"));
    expect(gift).toEqual(json("examples/gift-usufruct-cash.json"));
    expect(estateAnswer).toEqual(ESTATE_ANSWER);
    expect(giftAnswer).toEqual(GIFT_ANSWER);
    expect(answerOf(estate)).toEqual(estateAnswer);
    expect(answerOf(gift)).toEqual(giftAnswer);
  });

  it("every answer shown is one of the examples'", () => {
    const answers = blocks.filter((b) => "beneficiaires" in b);
    expect(answers.length).toBeGreaterThanOrEqual(3);
    for (const a of answers) expect([ESTATE_ANSWER, GIFT_ANSWER, CGI_ANSWER, SPOUSE_STEPCHILD_ANSWER, PARENTS_REDUCED_ANSWER]).toContainEqual(a);
    // The computed-mode examples' answers follow their worked computations.
    expect(blocks).toContainEqual(SPOUSE_STEPCHILD_ANSWER);
    expect(blocks).toContainEqual(PARENTS_REDUCED_ANSWER);
  });

  it("every field it documents is accepted by the engine, in the object it is documented for", () => {
    const estate = json("examples/estate-recall-representation.json");
    const gift = json("examples/gift-usufruct-cash.json");
    // Each documented object: where it lies in the two examples (null: not in that kind).
    const places: Record<string, (d: Record<string, any>) => Array<[Record<string, any>, string]>> = {
      "The dossier (top level)": (d) => [[d, ""]],
      person: (d) => [[d.person, "person."]],
      "beneficiaries[]": (d) => [[d.beneficiaries[0], "beneficiaries[0]."]],
      "assets[]": (d) => (d.kind === "estate" ? [[d.assets[0], "assets[0]."]] : []),
      "debts[]": (d) => (d.kind === "estate" ? [[d.debts[0], "debts[0]."]] : []),
      "bequests[]": (d) => (d.kind === "estate" ? [[d.bequests[0], "bequests[0]."]] : []),
      "residue[]": (d) => (d.kind === "estate" ? [[d.residue[0], "residue[0]."]] : []),
      "gifts[]": (d) => (d.kind === "gift" ? [[d.gifts[0], "gifts[0]."]] : []),
      "gifts[].to[]": (d) => (d.kind === "gift" ? [[d.gifts[0].to[0], "gifts[0].to[0]."]] : []),
      "priorGifts[]": (d) => [[d.priorGifts[0], "priorGifts[0]."]],
    };
    const unknownAt = (dossier: unknown): string[] => {
      try {
        readDossier(dossier);
        return [];
      } catch (e) {
        if (!isDossierError(e)) throw e;
        return e.issues.filter((i) => i.message === "unknown field").map((i) => i.path);
      }
    };
    const sections = doc.split(/^#{2,3} /m).slice(1);
    const seen = new Set<string>();
    let fields = 0;
    for (const section of sections) {
      const title = section.slice(0, section.indexOf("\n")).replace(/`/g, "").trim();
      const place = places[title];
      if (!place) continue;
      seen.add(title);
      for (const row of section.matchAll(/^\| `([A-Za-z0-9]+)` \|(?: (both|estate|gift) \|)?/gm)) {
        const [, field, kind] = row;
        fields++;
        for (const sample of [estate, gift]) {
          if (kind !== undefined && kind !== "both" && kind !== sample.kind) continue;
          for (const [, prefix] of place(sample)) {
            const d = structuredClone(sample);
            const [target] = place(d).find(([, p]) => p === prefix)!;
            if (!(field! in target)) target[field!] = null;
            expect(unknownAt(d), `${sample.kind}: ${prefix}${field}`).not.toContain(`${prefix}${field}`);
            // The probe can fail: a field that is not one is refused there.
            const bogus = structuredClone(sample);
            place(bogus).find(([, p]) => p === prefix)![0].notAField = 1;
            expect(unknownAt(bogus)).toContain(`${prefix}notAField`);
          }
        }
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(places).sort());
    expect(fields).toBeGreaterThanOrEqual(35);
  });
});

/** Text files of the repository (what a clone holds, generated folders aside). */
function repositoryFiles(dir = ROOT): string[] {
  const skip = new Set(["node_modules", "dist", ".git", ".turbo", "coverage", "outputs"]);
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...repositoryFiles(path));
    else if (/\.(md|ts|mts|mjs|js|json|ya?ml|txt)$/.test(name) && name !== "pnpm-lock.yaml") out.push(relative(ROOT, path));
  }
  return out;
}

describe("no file of the repository names a path outside it", () => {
  // Written in pieces so that this file does not match itself.
  const POINTERS = [new RegExp(`(^|[\\s\`'"(])${"shared"}/`, "m"), new RegExp(`\\b(spec|dossier) ${"§"}`, "i"), new RegExp(`\\bthe ${"spec"}('s)?\\b`, "i"), new RegExp(`/${"work"}/`)];
  const files = repositoryFiles();
  const pointing = (f: string) => POINTERS.some((p) => p.test(readFileSync(join(ROOT, f), "utf8")));

  it("README, docs, --help texts, package READMEs, comments, changesets", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("README.md");
    expect(files.filter((f) => pointing(f))).toEqual([]);
  });
});

describe("the root of a clone", () => {
  it("`pnpm succ` runs the built CLI through scripts/succ.mjs", () => {
    expect(json("package.json").scripts.succ).toBe("node scripts/succ.mjs");
    const r = spawnSync(process.execPath, [join(ROOT, "scripts/succ.mjs"), "--version"], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${json("packages/cli/package.json").version}\n`);
  });

  it("`pnpm succ` reads relative paths from the folder it was typed in (INIT_CWD, which pnpm sets)", () => {
    const r = spawnSync(process.execPath, [join(ROOT, "scripts/succ.mjs"), "compute", "../examples/gift-usufruct-cash.json"], {
      cwd: ROOT,
      env: { ...process.env, INIT_CWD: join(ROOT, "docs") },
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    // docs/dossier.md works this gift by hand: 4,821 € and 15,194 €.
    expect(JSON.parse(r.stdout).total_droits).toBe(20015);
  });

  it("before `pnpm build`, `pnpm succ` says in one line to build first", () => {
    // The launcher in a copy of the tree without packages/cli/dist, as in a fresh clone.
    const clone = mkdtempSync(join(tmpdir(), "succ-clone-"));
    tmp.push(clone);
    mkdirSync(join(clone, "scripts"));
    copyFileSync(join(ROOT, "scripts/succ.mjs"), join(clone, "scripts/succ.mjs"));
    const r = spawnSync(process.execPath, [join(clone, "scripts/succ.mjs"), "generate", "-n", "1"], { encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("succ: the CLI is not built yet: run `pnpm build` first (then `pnpm succ …`)\n");
    expect(existsSync(join(clone, "packages"))).toBe(false);
  });

  it(".gitignore keeps generated tasks and eval outputs out of git", () => {
    const lines = read(".gitignore").split("\n").map((l) => l.trim());
    expect(lines).toContain("tasks.jsonl");
    expect(lines).toContain("outputs/");
  });
});

/**
 * The law's days and amounts, from the tables: every day a value starts or stops applying (and
 * the day after it stops), the days the tables are verified for, every amount in euros and every
 * threshold of a scale.
 */
function lawLiterals(): { days: Map<string, string>; amounts: Map<number, string> } {
  const days = new Map<string, string>();
  const amounts = new Map<number, string>();
  const walk = (tree: object, path: string): void => {
    for (const [k, v] of Object.entries(tree)) {
      if (v !== null && typeof v === "object" && Array.isArray((v as { periods?: unknown }).periods)) {
        const s = v as { unit: string; periods: { value: unknown; from: string; to: string | null }[] };
        for (const p of s.periods) {
          days.set(p.from, path + k);
          if (p.to !== null) {
            days.set(p.to, path + k);
            days.set(dayAfter(p.to), path + k);
          }
          if (s.unit === "EUR" && typeof p.value === "number") amounts.set(p.value, path + k);
          if (s.unit === "scale") for (const b of p.value as { upTo: number | null }[]) if (b.upTo !== null) amounts.set(b.upTo, path + k);
        }
      } else if (v !== null && typeof v === "object") walk(v, `${path}${k}.`);
    }
  };
  walk(LAW_SERIES, "");
  for (const [k, c] of Object.entries(LAW_SERIES.coverage)) days.set(c.day, `coverage.${k}`);
  return { days, amounts };
}

/** A source text with its comments blanked (strings kept): `//`, `/* *\/`, and `#` in Python. */
function withoutComments(text: string, python: boolean): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if ((python && c === "#") || (!python && c === "/" && next === "/")) {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (!python && c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Source files outside @succ/rules: code of packages, apps, scripts and integrations, tests and fixtures aside. */
function sourceFiles(): string[] {
  const tests = /(^|\/)(test|e2e|__fixtures__)\/|\.test\.|\.bench\.|\.config\./;
  return repositoryFiles()
    .concat(pythonFiles())
    .filter((f) => /^(packages|apps|scripts|integrations)\//.test(f) && /\.(ts|tsx|mts|mjs|js|py)$/.test(f) && !f.startsWith("packages/rules/") && !tests.test(f));
}

function pythonFiles(dir = join(ROOT, "integrations")): string[] {
  const out: string[] = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".") || name === "__pycache__") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...pythonFiles(path));
    else if (name.endsWith(".py")) out.push(relative(ROOT, path));
  }
  return out;
}

/** Significant digits of a whole number (1,500 has 2, 30,500 has 3). */
function significant(n: number): number {
  return String(n).replace(/0+$/, "").length;
}

/**
 * The law's dates and amounts written in source files outside @succ/rules, as `file:line: literal
 * (series)`. A day of the law is flagged wherever it is written (`"2012-08-17"`, `{ y: 2012, m: 8,
 * d: 17 }`). An amount of the law with three significant digits or more (1,594, 30,500, 159,325)
 * is flagged as a number or a text (`30_500`, `"30 500"`); a round one (1,500, 50,000, 100,000) is
 * flagged only when written as euros in a text (`"100 000 €"`), since as a bare number it cannot be
 * told from a draw's bound or a timeout. Comments are not read.
 */
function lawLiteralsOutsideRules(files: readonly string[]): string[] {
  const { days, amounts } = lawLiterals();
  const found: string[] = [];
  for (const f of files) {
    const lines = withoutComments(readFileSync(join(ROOT, f), "utf8"), f.endsWith(".py")).split("\n");
    lines.forEach((text, k) => {
      const hits: string[] = [];
      for (const m of text.matchAll(/(?<![\w.])(\d{1,3}(?:[_ \u00a0\u202f,]\d{3})+|\d{4,})(?![\d_])(\s*(?:€|euros?\b))?/g)) {
        const value = Number(m[1]!.replace(/[_ \u00a0\u202f,]/g, ""));
        const series = amounts.get(value);
        if (series !== undefined && (significant(value) >= 3 || m[2] !== undefined)) hits.push(`${m[0].trim()} (${series})`);
      }
      for (const m of text.matchAll(/\b\d{4}-\d{2}-\d{2}\b/g)) if (days.has(m[0])) hits.push(`${m[0]} (${days.get(m[0])})`);
      for (const m of text.matchAll(/\by:\s*(\d{4}),\s*m:\s*(\d{1,2}),\s*d:\s*(\d{1,2})/g)) {
        const day = `${m[1]}-${m[2]!.padStart(2, "0")}-${m[3]!.padStart(2, "0")}`;
        if (days.has(day)) hits.push(`${m[0]} (${days.get(day)})`);
      }
      for (const h of hits) found.push(`${f}:${k + 1}: ${h}`);
    });
  }
  return found;
}

describe("the law is written in @succ/rules only", () => {
  it("the scan finds a law literal where there is one (the tables themselves)", () => {
    const inRules = lawLiteralsOutsideRules(["packages/rules/src/allowances.ts", "packages/rules/src/coverage.ts"]);
    expect(inRules.some((h) => h.includes("159_325"))).toBe(true);
    expect(inRules.some((h) => h.includes("2012-08-17"))).toBe(true);
    expect(inRules.some((h) => h.includes("2026-12-31"))).toBe(true);
  });

  it("no source file outside @succ/rules writes a date or an amount of the law (file:line: literal)", () => {
    const files = sourceFiles();
    expect(files).toContain("packages/engine/src/compute.ts");
    expect(files).toContain("packages/generator/src/index.ts");
    expect(files.some((f) => f.startsWith("packages/rules/"))).toBe(false);
    expect(lawLiteralsOutsideRules(files)).toEqual([]);
  });
});
