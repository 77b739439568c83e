// End to end, in Debian's Chromium (playwright-core, no browser download), against the built
// app served on 127.0.0.1. Screenshots of each view go to test-artifacts/ (git-ignored).
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { generateTask } from "@succ/generator";
import { formatAnswer } from "@succ/scoring";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_DIR, launch, serve } from "../scripts/browser.mjs";
import { percent, reward } from "../src/logic/format.js";
import { openTask } from "../src/logic/task.js";

const ARTIFACTS = join(APP_DIR, "test-artifacts");
const RUNS = join(APP_DIR, "fixtures", "runs");

let server: Awaited<ReturnType<typeof serve>>;
let browser: Awaited<ReturnType<typeof launch>>;
let context: BrowserContext;
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await serve(undefined, {
    "/fixtures/careful-model/results.jsonl": join(RUNS, "careful-model", "results.jsonl"),
    "/fixtures/careful-model/summary.json": join(RUNS, "careful-model", "summary.json"),
    "/fixtures/hasty-model/results.jsonl": join(RUNS, "hasty-model", "results.jsonl"),
    "/fixtures/hasty-model/summary.json": join(RUNS, "hasty-model", "summary.json"),
  });
  browser = await launch();
  context = browser.context;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(hash: string): Promise<Page> {
  const page = await context.newPage();
  page.on("pageerror", (e) => pageErrors.push(`${hash}: ${e.message}`));
  await page.goto(`${server.url}${hash}`);
  return page;
}

/** Amounts as the engine writes them: groups of three separated by a narrow no-break space. */
// The engine writes thousands with a plain space (and a browser may show it as any space).
const eurosRe = (digits: string) => new RegExp(`${digits.replace(/\B(?=(\d{3})+(?!\d))/g, "\\s")}\\s?€`);

describe("the tasks view", () => {
  it("opens the permalink #seed=0&i=17: task succession-4-17 and its sheet", async () => {
    const page = await open("#seed=0&i=17");
    await expect.poll(() => page.getByTestId("task-id").textContent()).toBe("succession-4-17");
    const sheet = page.getByTestId("sheet");
    expect(await sheet.getAttribute("data-task-id")).toBe("succession-4-17");
    expect(await sheet.textContent()).toMatch(/^FEUILLE DE CALCUL — Donation de /);
    // The interface in French by default.
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    expect(await page.locator("nav a.active").first().textContent()).toBe("Exercices");
    await page.screenshot({ path: join(ARTIFACTS, "tasks.png") });
    await page.close();
  });

  it("draws the family of a level-7 task beside its sheet: statuses, souches and each heir's share", async () => {
    const task = generateTask(0, 16, 7);
    const page = await open("#lang=en&seed=0&level=7&i=16");
    const tree = page.getByTestId("family-tree");
    await tree.waitFor();
    // Every beneficiary once, each with the engine's title; the predeceased child in a souche.
    for (const b of task.info.dossier.beneficiaries) {
      const box = tree.locator(`[data-id="${b.id}"][data-status="alive"]`);
      expect(await box.count(), b.id).toBe(1);
      expect(await box.getByTestId("ft-share").textContent()).toContain(task.info.devolution!.shares[b.id]!.title);
    }
    expect(await tree.locator('[data-status="predeceased"] .ft-souche').first().textContent()).toMatch(/souche [A-Z]/);
    // A dossier without family draws no tree.
    const plain = await open("#seed=0&i=17");
    await plain.getByTestId("sheet").waitFor();
    expect(await plain.getByTestId("family-tree").count()).toBe(0);
    await page.close();
    await plain.close();
  });

  it("wraps the sheet inside its panel at 1,400 px: no line cut off, the text as the engine wrote it", async () => {
    const page = await open("#seed=0&i=17");
    await page.setViewportSize({ width: 1400, height: 900 });
    const sheet = page.getByTestId("sheet");
    await expect.poll(() => sheet.getAttribute("data-task-id")).toBe("succession-4-17");
    const { scroll, client, longest } = await sheet.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      longest: Math.max(...(el.textContent ?? "").split("\n").map((l) => l.length)),
    }));
    // Some line of this sheet is longer than the panel holds (about 100 characters at 1,400 px),
    // and yet nothing overflows: it wraps.
    expect(longest).toBeGreaterThan(110);
    expect(scroll).toBeLessThanOrEqual(client);
    expect(await sheet.textContent()).toBe(openTask({ seed: 0, level: 0, index: 17 }).sheet);
    await page.close();
  });

  it("switches to English and back, the language kept in the permalink", async () => {
    const page = await open("#seed=0&i=17");
    await expect.poll(() => page.getByTestId("task-id").textContent()).toBe("succession-4-17");
    await page.getByTestId("lang-en").click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#lang=en&seed=0&i=17");
    await expect.poll(() => page.locator("nav a.active").first().textContent()).toBe("Tasks");
    // The page's language is set by an effect, after the paint that shows the English tabs: polled.
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    // The tabs carry the language: the score view opens in English too.
    await page.locator("nav a", { hasText: "Score a reply" }).first().click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#lang=en&view=score&seed=0&i=17");
    expect(await page.getByTestId("task-id").textContent()).toBe("succession-4-17");
    await page.getByTestId("lang-fr").click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#view=score&seed=0&i=17");
    await expect.poll(() => page.locator("nav a.active").first().textContent()).toBe("Noter une réponse");
    await page.close();
  });

  it("shows the gold amounts of task 0 worked out by hand", async () => {
    // Task 0 of seed 0 (death on 6 September 2026, law of 2026): net estate 643,741.62 less
    // 100,000 gives 543,742; tax 403.60 + 403.70 + 573.45 + 20 % × 527,810 = 106,942.75 → 106,943
    // (the arithmetic in full: test/score.test.ts).
    const page = await open("#seed=0&i=0");
    await expect.poll(() => page.getByTestId("task-id").textContent()).toBe("succession-1-0");
    const gold = (await page.getByTestId("gold").textContent()) ?? "";
    expect(gold).toMatch(eurosRe("543742"));
    expect(gold).toMatch(eurosRe("106943"));
    expect(await page.getByTestId("prompt").textContent()).toContain("Madeleine Lembrasse");
    await page.close();
  });

  it("names what it ignored in a mistyped link", async () => {
    const page = await open("#seed=0&i=-4");
    await expect.poll(() => page.getByRole("alert").textContent()).toContain('i doit être un nombre entier ≥ 0, et non "-4"');
    expect(await page.getByTestId("task-id").textContent()).toBe("succession-1-0");
    await page.close();
  });
});

describe("the score view", () => {
  const task = generateTask(0, 0, 0);
  /** The gold answer with B1's amounts replaced (every other field as the gold has it). */
  const reply = (part: number, droits: number) => {
    const answer = structuredClone(task.answer);
    answer.beneficiaires.B1 = { ...answer.beneficiaires.B1!, part_taxable: part, droits };
    answer.total_droits = droits;
    return formatAnswer(answer);
  };

  it("gives 1 to the gold answer", async () => {
    const page = await open("#view=score&seed=0&i=0");
    await page.getByTestId("reply").fill(`Calcul.\n${formatAnswer(task.answer)}`);
    await expect.poll(() => page.getByTestId("score").textContent()).toBe("1");
    expect(await page.getByTestId("reason").textContent()).toBe("ok");
    await page.close();
  });

  it("gives 0.18 to a reply with one wrong tax, and marks that field", async () => {
    // Only B1.droits wrong: 0.45 × 0.4 / (0.4 + 0.6) = 0.18.
    const page = await open("#view=score&seed=0&i=0");
    await page.getByTestId("reply").fill(reply(543742, 106950));
    await expect.poll(() => page.getByTestId("score").textContent()).toBe("0.18");
    expect(await page.getByTestId("reason").textContent()).toBe("partial");
    expect(await page.locator('[data-field="B1.droits"]').getAttribute("data-right")).toBe("false");
    expect(await page.locator('[data-field="B1.part_taxable"]').getAttribute("data-right")).toBe("true");
    expect(await page.getByTestId("counterfactual").textContent()).toContain("Premier champ faux\u00a0: B1.droits");
    await page.close();
  });

  it("names the rule a reply missed", async () => {
    // Funeral costs deducted in full: 541,500 and 106,494 (test/score.test.ts).
    const page = await open("#view=score&seed=0&i=0");
    await page.getByTestId("reply").fill(reply(541500, 106494));
    await expect.poll(() => page.getByTestId("counterfactual").textContent()).toContain("(funeralCap)");
    await page.screenshot({ path: join(ARTIFACTS, "score.png") });
    await page.close();
  });
});

describe("the what-if view", () => {
  it("shows the amounts that change with the funeral cap off", async () => {
    const page = await open("#view=whatif&seed=0&i=0");
    await page.locator('input[name="funeralCap"]').check();
    // B1's taxable share and tax, and the total.
    await expect.poll(() => page.getByTestId("change-count").textContent()).toMatch(/^3 montants sur \d+ changent\.$/);
    expect(await page.locator('tr[data-field="B1.part_taxable"]').textContent()).toMatch(eurosRe("541500"));
    await page.screenshot({ path: join(ARTIFACTS, "whatif.png") });
    await page.close();
  });
});

describe("the calculator", () => {
  it("shows an error with its field and marks its line", async () => {
    const page = await open("#view=calculator");
    const area = page.getByTestId("dossier");
    const text = (await area.inputValue()).replace('"birthDate": "1968-07-21"', '"birthDate": "1968-02-30"');
    await area.fill(text);
    const issues = page.getByTestId("issues");
    await expect.poll(() => issues.textContent()).toContain("beneficiaries[1].birthDate");
    const line = text.slice(0, text.indexOf("1968-02-30")).split("\n").length;
    expect(await issues.textContent()).toContain(`ligne ${line}`);
    expect(await page.locator(".gutter .bad").allTextContents()).toEqual([`${line}\n`]);
    expect(await page.getByTestId("editor-status").textContent()).toContain(`ligne ${line} · beneficiaries[1].birthDate: `);
    await page.screenshot({ path: join(ARTIFACTS, "calculator-error.png") });
    await page.close();
  });

  it("prints the sheet alone", async () => {
    const page = await open("#view=calculator");
    await expect.poll(() => page.getByTestId("sheet").textContent()).toMatch(/^FEUILLE DE CALCUL — Succession de Jeanne Martin/);
    await page.screenshot({ path: join(ARTIFACTS, "calculator.png") });
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("header.top").isVisible()).toBe(false);
    expect(await page.getByTestId("dossier").isVisible()).toBe(false);
    expect(await page.getByTestId("sheet").isVisible()).toBe(true);
    await page.pdf({ path: join(ARTIFACTS, "calculator-sheet.pdf"), format: "A4" });
    await page.close();
  });
});

describe("the runs view", () => {
  const summary = JSON.parse(readFileSync(join(RUNS, "careful-model", "summary.json"), "utf8")) as {
    per_level: Record<string, { success_rate: number; mean_reward: number; done: number }>;
  };

  it("shows the per-level figures of the summary of a run opened with the file picker", async () => {
    const page = await open("#view=runs");
    await page.getByTestId("files-A").setInputFiles([join(RUNS, "careful-model", "results.jsonl"), join(RUNS, "careful-model", "summary.json")]);
    await expect.poll(() => page.getByTestId("loaded-A").textContent()).toContain("careful-model\u00a0: 80 essais, résumé");
    const table = page.getByTestId("run-A").getByTestId("levels");
    for (const [level, f] of Object.entries(summary.per_level)) {
      const row = table.locator(`tr[data-level="${level}"]`);
      expect(await row.locator("td.rate").textContent()).toBe(percent(f.success_rate));
      expect(await row.locator("td.mean").textContent()).toBe(reward(f.mean_reward));
    }
    expect(await page.getByTestId("summary-agrees").isVisible()).toBe(true);
    await page.close();
  });

  it("compares a second run dropped on the page, and shows a rollout beside its gold", async () => {
    const page = await open("#view=runs");
    await page.getByTestId("files-A").setInputFiles([join(RUNS, "careful-model", "results.jsonl"), join(RUNS, "careful-model", "summary.json")]);
    // A real drop: the files fetched by the page, handed over in a DataTransfer.
    const handle = await page.evaluateHandle(async (url) => {
      const data = new DataTransfer();
      for (const name of ["results.jsonl", "summary.json"]) {
        const text = await (await fetch(`${url}fixtures/hasty-model/${name}`)).text();
        data.items.add(new File([text], name));
      }
      return data;
    }, server.url);
    await page.getByTestId("drop-B").dispatchEvent("drop", { dataTransfer: handle });
    await expect.poll(() => page.getByTestId("loaded-B").textContent()).toContain("hasty-model\u00a0: 80 essais");
    expect(await page.getByTestId("paired").textContent()).toContain("Sur les 40 exercices des deux évaluations");
    await page.screenshot({ path: join(ARTIFACTS, "runs.png") });
    const rows = page.getByTestId("run-A").getByTestId("rollout-table").locator("tbody tr");
    await rows.filter({ hasText: "succession-4-17" }).first().click();
    const detail = page.getByTestId("rollout-detail");
    await expect.poll(() => detail.textContent()).toContain(formatAnswer(generateTask(0, 17, 0).answer));
    await detail.screenshot({ path: join(ARTIFACTS, "runs-rollout.png") });
    await page.close();
  });

  it("says which file it cannot read", async () => {
    const page = await open("#view=runs");
    await page.getByTestId("files-A").setInputFiles({ name: "summary.json", mimeType: "application/json", buffer: Buffer.from("{not json") });
    await expect.poll(() => page.getByTestId("error-A").textContent()).toMatch(/^summary\.json: not valid JSON/);
    await page.close();
  });
});

describe("the whole session", () => {
  it("raised no error in any page", () => {
    expect(pageErrors).toEqual([]);
  });
});
