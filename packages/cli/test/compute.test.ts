/**
 * `succ compute`, end to end: the built CLI (packages/cli/dist/bin.js) run as a child process.
 * The root `pnpm test` builds first; run `pnpm build` before calling vitest directly.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "succ-compute-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function succ(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, "compute", ...args], { input: input ?? "", encoding: "utf8", cwd: dir, timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function file(name: string, content: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content));
  return p;
}

/** No stack trace anywhere: no "    at f (file:…)" line, no internal error. */
function noStack(text: string) {
  expect(text).not.toMatch(/^\s+at /m);
  expect(text).not.toMatch(/internal error/);
}

// Official example (service-public.gouv.fr F14198): a child inheriting 150,000 € pays 8,194 €:
// 150,000 − 100,000 = 50,000; 1,380.75 + 0.20 × (50,000 − 15,932) = 8,194.35 → 8,194.
// Here the estate is 151,500 with funeral costs of 5,000 capped at 1,500: net 150,000.
const estate = {
  kind: "estate",
  date: "2026-01-10",
  person: { name: "Odette Lambert", birthDate: "1940-01-01" },
  beneficiaries: [{ id: "E", name: "Julien Lambert", relationship: "child", birthDate: "1970-01-01" }],
  assets: [{ label: "Maison", value: 151500 }],
  funeralCosts: 5000,
  residue: [{ beneficiary: "E", share: "1" }],
};
const ESTATE_ANSWER = { beneficiaires: { E: { part_taxable: 50000, droits: 8194 } }, total_droits: 8194 };

// Official example (F14203): a gift of 100,000 € to a grandchild pays 11,821 €:
// 100,000 − 31,865 = 68,135; 1,380.75 + 0.20 × (68,135 − 15,932 = 52,203) = 11,821.35 → 11,821.
const gift = {
  kind: "gift",
  date: "2026-01-10",
  person: { name: "Gérard Morel", birthDate: "1950-01-01" },
  beneficiaries: [{ id: "G", name: "Léo Morel", relationship: "grandchild", birthDate: "2000-01-01" }],
  gifts: [{ label: "Appartement", value: 100000, to: [{ beneficiary: "G", fraction: "1" }] }],
};
const GIFT_ANSWER = { beneficiaires: { G: { part_taxable: 68135, droits: 11821 } }, total_droits: 11821 };

const invalid = { ...estate, date: "2026-02-30" };

describe("succ compute FILE | stdin", () => {
  it("computes a dossier from a file: one JSON line on stdout, exit 0", () => {
    const r = succ([file("estate.json", estate)]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout.endsWith("\n")).toBe(true);
    expect(r.stdout.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toEqual(ESTATE_ANSWER);
  });
  it("reads stdin when the file is absent or '-'", () => {
    for (const args of [[], ["-"]]) {
      const r = succ(args, JSON.stringify(gift, null, 2));
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual(GIFT_ANSWER);
    }
  });
  it("computes the example dossier kept in the repository", () => {
    const example = fileURLToPath(new URL("../../../examples/estate-spouse-children.json", import.meta.url));
    const r = succ([example]);
    expect(r.code).toBe(0);
    // Worked by hand: net 506,500.40 − 12,000 − 1,500 = 493,000.40; bequest 20,000 → residue
    // 473,000.40; spouse 86 → bare ownership 80 %. B2: ½ × 80 % = 189,200.16 − (100,000 − 60,000
    // recalled) = 149,200 → 1,380.75 + 0.20 × 133,268 = 28,034.35. B3, B4: ¼ × 80 % = 94,600.08 −
    // 50,000 (shared 100,000) = 44,600 → 1,380.75 + 0.20 × 28,668 = 7,114.35. B5 nephew: 20,000 −
    // 7,967 = 12,033 × 55 % = 6,618.15.
    expect(JSON.parse(r.stdout)).toEqual({
      beneficiaires: {
        B1: { part_taxable: 0, droits: 0 },
        B2: { part_taxable: 149200, droits: 28034 },
        B3: { part_taxable: 44600, droits: 7114 },
        B4: { part_taxable: 44600, droits: 7114 },
        B5: { part_taxable: 12033, droits: 6618 },
      },
      total_droits: 48880,
    });
  });
  it("--out writes the answer to a file, nothing on stdout", () => {
    const out = join(dir, "answer.json");
    const r = succ([file("gift.json", gift), "--out", out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(GIFT_ANSWER);
  });
});

describe("succ compute --explain", () => {
  it("prints the worked computation in French", () => {
    const r = succ([file("estate.json", estate), "--explain"]);
    expect(r.code).toBe(0);
    const t = r.stdout;
    expect(t).toMatch(/^FEUILLE DE CALCUL — Succession d'Odette Lambert, décès le 10\/01\/2026\n/);
    expect(t).toMatch(/Actif brut \.+ 151 500 €/);
    expect(t).toMatch(/Frais funéraires 5 000 €, déduits dans la limite de 1 500 € \(art\. 775\) \.+ − 1 500 €/);
    expect(t).toMatch(/Actif net \.+ 150 000 €/);
    expect(t).toMatch(/Abattement, art\. 779 I \.+ 100 000 €/);
    expect(t).toMatch(/Part taxable arrondie à l'euro \.+ 50 000 €/);
    expect(t).toMatch(/Barème en ligne directe \(art\. 777 tableau I\)/);
    expect(t).toMatch(/tranche de 15 932 € à 552 324 € à 20 %, de 15 932 € à 50 000 € : 34 068 € × 20 % \.+ 6 813,60 €/);
    expect(t).toMatch(/Droits exacts .+ 8 194,35 €/);
    expect(t).toMatch(/Total des droits \.+ 8 194 €/);
  });
  it("explains a gift, and says which rules a counterfactual ignored", () => {
    const r = succ([file("gift.json", gift), "--explain", "--ignore", "recall"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Donation de Gérard Morel, acte du 10\/01\/2026 \(donateur âgé de 76 ans\)/);
    expect(r.stdout).toMatch(/Abattement, art\. 790 B \.+ 31 865 €/);
    expect(r.stdout).toMatch(/règles écartées : rappel fiscal des donations antérieures \(art\. 784\)/);
  });
});

describe("succ compute --jsonl", () => {
  it("one answer a line, in order; an invalid line gives {error, line} in its place; exit 1", () => {
    const lines = [JSON.stringify(estate), JSON.stringify(invalid), JSON.stringify(gift), "{not json", "", JSON.stringify(gift)];
    const r = succ(["--jsonl", file("mixed.jsonl", `${lines.join("\n")}\n`)]);
    expect(r.code).toBe(1);
    const out = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(out).toHaveLength(6);
    expect(out[0]).toEqual(ESTATE_ANSWER);
    expect(out[1]).toEqual({ error: expect.stringMatching(/^date: not a date: "2026-02-30"/), line: 2 });
    expect(Object.keys(out[1])).toEqual(["error", "line"]);
    expect(out[2]).toEqual(GIFT_ANSWER);
    expect(out[3]).toEqual({ error: expect.stringMatching(/JSON, character/), line: 4 });
    // The blank line 5 gets an error line in its place: output line k answers input line k.
    expect(out[4]).toEqual({ error: "empty line, not a dossier", line: 5 });
    expect(out[5]).toEqual(GIFT_ANSWER);
    expect(r.stderr).toBe("succ compute: 3 of 6 lines are not valid dossiers\n");
    noStack(r.stderr);
  });
  it("blank lines, a blank last line and whitespace-only lines keep the output line-aligned", () => {
    const r = succ(["--jsonl"], `\n${JSON.stringify(gift)}\n  \n${JSON.stringify(estate)}\n\n`);
    expect(r.code).toBe(1);
    const out = r.stdout.split("\n").slice(0, -1).map((l) => JSON.parse(l));
    expect(out).toEqual([
      { error: "empty line, not a dossier", line: 1 },
      GIFT_ANSWER,
      { error: "empty line, not a dossier", line: 3 },
      ESTATE_ANSWER,
      { error: "empty line, not a dossier", line: 5 },
    ]);
    expect(r.stderr).toBe("succ compute: 3 of 5 lines are not valid dossiers\n");
  });
  it("a task line (from succ generate) says that its dossier is .info.dossier", () => {
    const taskLine = JSON.stringify({ id: "succession-1-0", level: 1, variant: "v", prompt: "…", answer: GIFT_ANSWER, info: { dossier: gift } });
    const hint = /a task line, not a dossier: its dossier is \.info\.dossier \(jq -c \.info\.dossier tasks\.jsonl \| succ compute --jsonl\)/;
    const r = succ(["--jsonl"], `${taskLine}\n${JSON.stringify(gift)}\n`);
    expect(r.code).toBe(1);
    const out = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(out[0]).toEqual({ error: expect.stringMatching(hint), line: 1 });
    expect(out[1]).toEqual(GIFT_ANSWER);
    const single = succ([file("task.json", taskLine)]);
    expect(single.code).toBe(1);
    expect(single.stdout).toBe("");
    expect(single.stderr).toMatch(hint);
    noStack(single.stderr);
  });
  it("all lines valid: exit 0, from stdin too, CRLF accepted", () => {
    const text = [estate, gift, estate].map((d) => JSON.stringify(d)).join("\r\n");
    for (const args of [["--jsonl"], ["--jsonl", "-"]]) {
      const r = succ(args, text);
      expect(r.code).toBe(0);
      expect(r.stdout.trim().split("\n").map((l) => JSON.parse(l))).toEqual([ESTATE_ANSWER, GIFT_ANSWER, ESTATE_ANSWER]);
    }
  });
  it("keeps the order over many lines", () => {
    // Gifts of 100,000 + k € to a child: taxable k, in input order.
    const lines: string[] = [];
    for (let k = 0; k < 3000; k++) {
      lines.push(JSON.stringify({ ...gift, beneficiaries: [{ ...gift.beneficiaries[0], relationship: "child" }], gifts: [{ ...gift.gifts[0], value: 100000 + k }] }));
    }
    const r = succ(["--jsonl", file("many.jsonl", lines.join("\n"))]);
    expect(r.code).toBe(0);
    const taxables = r.stdout.trim().split("\n").map((l) => JSON.parse(l).beneficiaires.G.part_taxable);
    expect(taxables).toEqual(Array.from({ length: 3000 }, (_, k) => k));
  });
});

describe("an invalid dossier", () => {
  it("non-zero exit, the errors on stderr with their path, nothing on stdout, no stack trace", () => {
    const bad = { ...estate, date: "2026-02-30", assets: [{ label: "Maison", value: -5 }] };
    const r = succ([file("bad.json", bad)]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/invalid dossier/);
    expect(r.stderr).toMatch(/date: not a date: "2026-02-30"/);
    expect(r.stderr).toMatch(/assets\[0\]\.value: negative amount: -5/);
    noStack(r.stderr);
  });
  it("the same from stdin, with --explain, and for malformed JSON", () => {
    for (const [args, input] of [
      [["--explain"], JSON.stringify(invalid)],
      [["-"], '{"kind": "estate",'],
      [[], ""],
      [[], JSON.stringify({ ...gift, gifts: [{ ...gift.gifts[0], value: "1e5" }] })],
    ] as const) {
      const r = succ([...args], input);
      expect(r.code, input).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr.length).toBeGreaterThan(0);
      noStack(r.stderr);
    }
  });
  it("a duplicate key is refused (not silently the last value)", () => {
    const text = JSON.stringify(gift).replace('"value":100000', '"value":100000,"value":1');
    const r = succ([file("dup.json", text)]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/gifts\[0\]\.value: duplicate key/);
  });
  it("a folder given as the file: a clear error, exit 2, no internal error", () => {
    for (const args of [[dir], ["--jsonl", dir]]) {
      const r = succ(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/cannot read .*: is a folder\n/);
      noStack(r.stderr);
    }
  });
  it("--out with an invalid dossier writes no file", () => {
    const out = join(dir, "never.json");
    const r = succ([file("bad2.json", invalid), "--out", out]);
    expect(r.code).toBe(1);
    expect(existsSync(out)).toBe(false);
    expect(r.stdout).toBe("");
  });
});

describe("--ignore (counterfactuals)", () => {
  it("--ignore funeralCap changes the answer", () => {
    // Funeral costs 5,000 deducted in full: net 146,500 → taxable 46,500 →
    // 1,380.75 + 0.20 × (46,500 − 15,932 = 30,568) = 7,494.35 → 7,494.
    const r = succ([file("estate.json", estate), "--ignore", "funeralCap"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ beneficiaires: { E: { part_taxable: 46500, droits: 7494 } }, total_droits: 7494 });
  });
  it("several rules, comma-separated", () => {
    // Disabled child, funeral cap and disability allowance ignored: as above.
    const d = { ...estate, beneficiaries: [{ ...estate.beneficiaries[0], disabled: true }] };
    const r = succ([file("disabled.json", d), "--ignore", "funeralCap,disabilityAllowance"]);
    expect(JSON.parse(r.stdout).total_droits).toBe(7494);
    // Not ignored: 150,000 − 100,000 − 159,325 < 0 → nothing.
    expect(JSON.parse(succ([file("disabled.json", d)]).stdout).total_droits).toBe(0);
  });
});

describe("--law (the rule set of a dossier without \"law\")", () => {
  // The estate of 2026-01-10 above with a funeral invoice of 900 €.
  // seed: the invoice within the cap, 900 deducted: net 150,600, taxable 50,600 →
  //   1,380.75 + 0.20 × (50,600 − 15,932 = 34,668) = 8,314.35 → 8,314.
  // cgi (art. 775): the flat 1,500 € whatever the invoice: net 150,000, taxable 50,000 → 8,194.
  const small = { ...estate, funeralCosts: 900 };
  const SEED = { beneficiaires: { E: { part_taxable: 50600, droits: 8314 } }, total_droits: 8314 };
  const CGI = { beneficiaires: { E: { part_taxable: 50000, droits: 8194 } }, total_droits: 8194 };
  it("seed is the default; --law cgi computes a dossier without \"law\" under the Code", () => {
    const f = file("small.json", small);
    expect(JSON.parse(succ([f]).stdout)).toEqual(SEED);
    expect(JSON.parse(succ([f, "--law", "seed"]).stdout)).toEqual(SEED);
    const r = succ([f, "--law", "cgi"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(CGI);
  });
  it("a dossier that states \"law\" keeps it, with --jsonl too", () => {
    const lines = [small, { ...small, law: "seed" }, { ...small, law: "cgi" }].map((d) => JSON.stringify(d)).join("\n");
    const out = (args: string[]) => succ(["--jsonl", ...args], `${lines}\n`).stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(out(["--law", "cgi"])).toEqual([CGI, SEED, CGI]);
    expect(out(["--law", "seed"])).toEqual([SEED, SEED, CGI]);
    expect(out([])).toEqual([SEED, SEED, CGI]);
  });
  it("--ignore funeralFlat under cgi takes the flat amount as a cap of the invoice; under seed, a rule it does not have changes nothing", () => {
    const f = file("small.json", small);
    expect(JSON.parse(succ([f, "--law", "cgi", "--ignore", "funeralFlat"]).stdout)).toEqual(SEED);
    expect(JSON.parse(succ([f, "--ignore", "funeralFlat"]).stdout)).toEqual(SEED);
  });
  it("--law cgi refuses an act outside the years the tables cover, naming them", () => {
    const r = succ([file("old.json", { ...small, date: "2016-12-31" }), "--law", "cgi"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/date: the "cgi" rules compute acts from 2017-01-01 to 2026-12-31, not 2016-12-31/);
    expect(r.stdout).toBe("");
  });
});

describe("bad options give a clear error (exit 2, no stack trace, nothing on stdout)", () => {
  const cases: [string, string[], RegExp][] = [
    ["an unknown rule", ["--ignore", "funeral"], /--ignore: unknown rule "funeral" \(rules: funeralCap, /],
    ["an unknown option", ["--bogus"], /bogus/],
    ["two files", ["a.json", "b.json"], /expected one dossier file, got 2/],
    ["--explain with --jsonl", ["--jsonl", "--explain"], /--explain works on a single dossier/],
    ["a missing file", ["missing.json"], /cannot read missing\.json: no such file\n/],
    ["a missing --jsonl file", ["--jsonl", "missing.jsonl"], /cannot read missing\.jsonl: no such file\n/],
    ["--out into a missing folder", ["--out", "no/such/dir/out.json"], /--out no\/such\/dir\/out\.json: the folder no\/such\/dir does not exist/],
    ["--ignore without a value", ["--ignore"], /--ignore/],
    ["an unknown rule set", ["--law", "CGI"], /--law: expected "seed" or "cgi", got "CGI"/],
    ["--law without a value", ["--law"], /--law/],
  ];
  it.each(cases)("%s", (_what, args, message) => {
    if (args.includes("--out")) args = [file("ok.json", gift), ...args];
    const r = succ(args, JSON.stringify(gift));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/^succ compute: /);
    expect(r.stdout).toBe("");
    noStack(r.stderr);
  });
  it("--help prints the usage on stdout, exit 0", () => {
    const r = succ(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: succ compute \[FILE\|-\] \[--jsonl\] \[--explain\]/);
    expect(r.stdout).toMatch(/--ignore RULES/);
    // The default rule set and why; the rules of each set.
    expect(r.stdout).toMatch(/--law seed\|cgi +the rule set of a dossier that has no "law" field; a dossier that states\n +"law" is computed under its own/);
    expect(r.stdout).toMatch(/seed \(the default\): the simplified rules of levels 1 to 4, which every\n +generated task states in its prompt/);
    expect(r.stdout).toMatch(/Rules of seed and cgi:\n +funeralCap, exemption790G, /);
    expect(r.stdout).toMatch(/Rules of cgi only:\n +funeralFlat, nephew790G, /);
    for (const line of r.stdout.split("\n")) expect(line.length, line).toBeLessThanOrEqual(100);
  });
});
