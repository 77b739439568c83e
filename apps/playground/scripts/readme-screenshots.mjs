// The README's screenshots of the playground, taken from the built app in Debian's Chromium:
//
//   pnpm build && pnpm --filter playground screenshots
//
// Writes docs/img/playground-{tasks,score,whatif,calculator,runs,family-tree,family-tree-calculator}.png
// at the repository's root.
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { APP_DIR, launch, serve } from "./browser.mjs";

const out = resolve(APP_DIR, "../../docs/img");
const runs = join(APP_DIR, "fixtures", "runs");
mkdirSync(out, { recursive: true });

const server = await serve();
const browser = await launch();
try {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1360, height: 860 });
  const shot = (name) => page.screenshot({ path: join(out, `playground-${name}.png`) });

  await page.goto(`${server.url}#seed=0&i=17`);
  await page.waitForSelector('[data-testid="sheet"][data-task-id="succession-4-17"]');
  await shot("tasks");

  await page.goto(`${server.url}#view=score&seed=0&i=17`);
  await page.getByTestId("missed-rule").click();
  await page.waitForSelector('[data-testid="counterfactual"]');
  await shot("score");

  await page.goto(`${server.url}#view=whatif&seed=0&i=17`);
  await page.locator('input[name="recall"]').check();
  await page.waitForSelector('tr.changed');
  await shot("whatif");

  await page.goto(`${server.url}#view=calculator`);
  const area = page.getByTestId("dossier");
  await area.fill((await area.inputValue()).replace('"birthDate": "1968-07-21"', '"birthDate": "1968-02-30"'));
  await page.waitForSelector('[data-testid="issues"]');
  await shot("calculator");

  await page.goto(`${server.url}#view=runs`);
  await page.getByTestId("files-A").setInputFiles([join(runs, "careful-model", "results.jsonl"), join(runs, "careful-model", "summary.json")]);
  await page.getByTestId("files-B").setInputFiles([join(runs, "hasty-model", "results.jsonl"), join(runs, "hasty-model", "summary.json")]);
  await page.waitForSelector('[data-testid="compare"]');
  await shot("runs");

  // Level 7: the family tree beside the sheet, for a task and for a dossier in the calculator.
  await page.goto(`${server.url}#lang=en&seed=0&level=7&i=16`);
  await page.waitForSelector('[data-testid="sheet"][data-task-id="succession-7-16"]');
  await page.getByTestId("family-tree").evaluate((e) => e.scrollIntoView({ block: "start" }));
  await shot("family-tree");

  await page.goto(`${server.url}#lang=en&view=calculator&seed=0&level=7&i=57`);
  await page.getByRole("button", { name: "Load the current task's dossier" }).click();
  await page.waitForSelector('[data-testid="family-tree"] [data-testid="ft-share"]');
  await page.getByTestId("family-tree").evaluate((e) => e.scrollIntoView({ block: "start" }));
  await shot("family-tree-calculator");
} finally {
  await browser.close();
  await server.close();
}
