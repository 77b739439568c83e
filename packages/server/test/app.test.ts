import { fingerprint, generateTask, GENERATOR_VERSION } from "@succ/generator";
import { formatAnswer, hostileReplies, type ExpectedAnswer } from "@succ/scoring";
import scoringPackage from "@succ/scoring/package.json" with { type: "json" };
import serverPackage from "../package.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { createApp, DEFAULT_CONFIG, type AppConfig } from "../src/app";

// The example of @succ/scoring's README: B1 exempt, B2 with 149,270 € taxable and 28,048 € of tax.
const EXPECTED: ExpectedAnswer = {
  beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149270, droits: 28048 } },
  total_droits: 28048,
};
const GOLD_REPLY = `Calcul terminé.\n${formatAnswer(EXPECTED)}`;
// B2.droits and the total wrong, B2.part_taxable right: 0.45 × 0.4 / (0.4 + 0.6) = 0.18.
const PARTIAL_REPLY = GOLD_REPLY.replaceAll("28048", "28000");

function app(config: Partial<AppConfig> = {}) {
  return createApp({ ...DEFAULT_CONFIG, ...config });
}

type App = ReturnType<typeof app>;

async function post(server: App, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await server.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, any>, text, headers: response.headers };
}

describe("POST /score", () => {
  const server = app();

  it("scores replies against gold answers given in the request", async () => {
    const r = await post(server, "/score", { items: [{ reply: GOLD_REPLY, answer: EXPECTED }, { reply: PARTIAL_REPLY, answer: EXPECTED }, { reply: "Je ne sais pas.", answer: EXPECTED }] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ scores: [1, 0.18, 0], reasons: ["ok", "partial", "no_block"] });
  });

  it("scores each item against its own answer when answers recur across requests with one total (golds kept by content)", async () => {
    // B2's part 149,271 instead of 149,270, the same total: the gold reply is then partial,
    // 0.45 × 0.6 / (0.4 + 0.6) = 0.27 (B2.droits right, B2.part_taxable wrong).
    const other: ExpectedAnswer = { ...EXPECTED, beneficiaires: { ...EXPECTED.beneficiaires, B2: { part_taxable: 149271, droits: 28048 } } };
    const items = [{ reply: GOLD_REPLY, answer: EXPECTED }, { reply: GOLD_REPLY, answer: other }, { reply: PARTIAL_REPLY, answer: EXPECTED }];
    for (let round = 0; round < 3; round++) {
      const r = await post(server, "/score", { items });
      expect(r.body).toEqual({ scores: [1, 0.27, 0.18], reasons: ["ok", "partial", "partial"] });
    }
  });

  it("reads a body of ASCII bytes (other characters as \\u escapes) as the same body in UTF-8; drops a leading BOM and reads a bad byte as U+FFFD", async () => {
    // The third reply's amounts are French text ("28 048 €", a narrow no-break space): right only if read as UTF-8.
    const french = GOLD_REPLY.replaceAll("28048", '"28\u202f048 €"');
    const items = [{ reply: GOLD_REPLY, answer: EXPECTED }, { reply: `Réponse : ${PARTIAL_REPLY}`, answer: EXPECTED }, { reply: french, answer: EXPECTED }];
    const utf8 = JSON.stringify({ items });
    const ascii = utf8.replace(/[^\x00-\x7f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
    expect(ascii).not.toBe(utf8); // "terminé", "Réponse"
    for (const body of [utf8, ascii, `\ufeff${utf8}`]) {
      const r = await post(server, "/score", body);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ scores: [1, 0.18, 1], reasons: ["ok", "partial", "ok"] });
    }
    // A byte that is not UTF-8 reads as U+FFFD, as c.req.text() reads it: the reply is text without a block.
    const bytes = Buffer.concat([Buffer.from('{"items": [{"reply": "'), Buffer.from([0xff]), Buffer.from(`", "answer": ${JSON.stringify(EXPECTED)}}]}`)]);
    const response = await server.request("/score", { method: "POST", headers: { "content-type": "application/json" }, body: bytes });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ scores: [0], reasons: ["no_block"] });
  });

  it("rebuilds the gold answer from an id and a seed, in the set the item names", async () => {
    const mix = generateTask(0, 1, 0);
    const single = generateTask(0, 1, 4);
    const other = generateTask(7, 9, 0);
    const r = await post(server, "/score", {
      items: [
        { reply: formatAnswer(mix.answer), id: "succession-4-1", seed: 0 },
        { reply: formatAnswer(mix.answer), id: "succession-4-1" }, // seed 0 and the mix by default
        { reply: formatAnswer(mix.answer), id: "succession-4-1", seed: 0, set: "level-4" },
        { reply: formatAnswer(single.answer), id: "succession-4-1", seed: 0, set: "level-4" },
        { reply: formatAnswer(other.answer), id: other.id, seed: 7, options: {} },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.scores[0]).toBe(1);
    expect(r.body.scores[1]).toBe(1);
    expect(r.body.scores[2]).toBeLessThan(1); // the level-4 set's task 1 is another dossier
    expect(r.body.scores[3]).toBe(1);
    expect(r.body.scores[4]).toBe(1);
  });

  it("rebuilds the gold of a task of --fictional-law when the item's options say so", async () => {
    const real = generateTask(0, 3, 0);
    const fictional = generateTask(0, 3, 0, { fictionalLaw: true });
    const level5 = generateTask(2, 4, 5, { fictionalLaw: true });
    expect(fictional.id).toBe(real.id);
    expect(fictional.answer).not.toEqual(real.answer);
    const r = await post(server, "/score", {
      items: [
        { reply: formatAnswer(fictional.answer), id: real.id, options: { fictionalLaw: true } },
        { reply: formatAnswer(fictional.answer), id: real.id }, // the real law's gold: another answer
        { reply: formatAnswer(real.answer), id: real.id, options: { fictionalLaw: false } },
        { reply: formatAnswer(fictional.answer), id: real.id, options: '{"fictionalLaw":true}' }, // as an export's column holds it
        { reply: formatAnswer(level5.answer), id: level5.id, seed: 2, set: "level-5", options: { fictionalLaw: true } },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.scores[0]).toBe(1);
    expect(r.body.scores[1]).toBeLessThan(1);
    expect(r.body.scores[2]).toBe(1);
    expect(r.body.scores[3]).toBe(1);
    expect(r.body.scores[4]).toBe(1);
  });

  it("gives 0 to every hostile reply, in one batch, and keeps serving", async () => {
    const task = generateTask(0, 3, 0);
    const hostile = hostileReplies(task.answer);
    const r = await post(server, "/score", { items: hostile.map((h) => ({ reply: h.reply, id: task.id })) });
    expect(r.status).toBe(200);
    expect(r.body.scores).toEqual(hostile.map(() => 0));
    expect(r.body.reasons).toHaveLength(hostile.length);
    const after = await post(server, "/score", { items: [{ reply: formatAnswer(task.answer), id: task.id }] });
    expect(after.body.scores).toEqual([1]);
  });

  it("follows allOrNothing, from the request or the server's default", async () => {
    const items = [{ reply: PARTIAL_REPLY, answer: EXPECTED }];
    expect((await post(server, "/score", { items, allOrNothing: true })).body.scores).toEqual([0]);
    const strict = app({ allOrNothing: true });
    expect((await post(strict, "/score", { items })).body.scores).toEqual([0]);
    expect((await post(strict, "/score", { items, allOrNothing: false })).body.scores).toEqual([0.18]);
  });

  it("drops <think> only when asked; the end-of-sequence token after the block is allowed unless strictEnd", async () => {
    const reply = `<think>brouillon ${formatAnswer(EXPECTED)}</think>${GOLD_REPLY}<|im_end|>`;
    const items = [{ reply, answer: EXPECTED }];
    expect((await post(server, "/score", { items })).body).toEqual({ scores: [0], reasons: ["several_blocks"] });
    expect((await post(server, "/score", { items, trimReply: true })).body).toEqual({ scores: [1], reasons: ["ok"] });
    expect((await post(app({ trimReply: true }), "/score", { items })).body.scores).toEqual([1]);
    const ended = [{ reply: `${GOLD_REPLY}<|im_end|>`, answer: EXPECTED }];
    expect((await post(server, "/score", { items: ended })).body).toEqual({ scores: [1], reasons: ["ok"] });
    expect((await post(server, "/score", { items: ended, strictEnd: true })).body).toEqual({ scores: [0], reasons: ["text_after_block"] });
    expect((await post(app({ strictEnd: true }), "/score", { items: ended })).body.scores).toEqual([0]);
    expect((await post(app({ strictEnd: true }), "/score", { items: ended, strictEnd: false })).body.scores).toEqual([1]);
    // The gold followed by 300,000 characters of </s>: over the limit as received, trimmed or not.
    const padded = [{ reply: `${GOLD_REPLY}${"</s>".repeat(75_000)}`, answer: EXPECTED }];
    expect((await post(server, "/score", { items: padded, trimReply: true })).body).toEqual({ scores: [0], reasons: ["too_long"] });
  });

  it("answers an empty batch with empty lists", async () => {
    expect((await post(server, "/score", { items: [] })).body).toEqual({ scores: [], reasons: [] });
  });
});

describe("bad requests: a 4xx and a one-line error naming what is wrong", () => {
  const server = app({ maxBatch: 3, maxBodyBytes: 4096 });
  const ok = { reply: GOLD_REPLY, answer: EXPECTED };

  it.each([
    ["invalid JSON", '{"items": [', 400, /^invalid JSON: /],
    ["an empty body", "", 400, /^invalid JSON: /],
    ["a JSON array", "[1, 2]", 400, 'the body must be a JSON object {"items": [...]}, got an array'],
    ["null", "null", 400, 'the body must be a JSON object {"items": [...]}, got null'],
    ["no items", {}, 400, 'items: missing (the body is {"items": [{"reply": …, "id": …}, …]})'],
    ["items not a list", { items: { reply: "x" } }, 400, "items: expected an array, got an object"],
    ["an unknown top-level field", { items: [], allornothing: true }, 400, 'unknown field "allornothing" (expected "items", "allOrNothing", "trimReply", "strictEnd")'],
    ["__proto__ at the top", '{"items": [], "__proto__": {"polluted": true}}', 400, 'unknown field "__proto__" (expected "items", "allOrNothing", "trimReply", "strictEnd")'],
    ["a top-level key given twice", '{"items": [], "allOrNothing": true, "allOrNothing": false}', 400, 'duplicate key "allOrNothing"'],
    ["an option given twice (JSON.parse would keep the last)", '{"items": [{"reply": "x", "id": "succession-1-0", "options": {"fictionalLaw": true, "fictionalLaw": false}}]}', 400, 'items[0].options: duplicate key "fictionalLaw"'],
    ["a key given twice in a gold answer, one spelt with an escape", '{"items": [{"reply": "x", "answer": {"beneficiaires": {"B1": {"part_taxable": 1, "droits": 1, "droits": 0}}, "total_droits": 1}}]}', 400, 'items[0].answer.beneficiaires.B1: duplicate key "droits"'],
    ["a key given twice, once escaped", '{"items": [{"reply": "x", "id": "succession-1-0", "se\\u0065d": 1, "seed": 2}]}', 400, 'items[0]: duplicate key "seed"'],
    ["a key given twice in the options as text", { items: [{ reply: "x", id: "succession-1-0", options: '{"fictionalLaw": true, "fictionalLaw": false}' }] }, 400, 'items[0].options: duplicate key "fictionalLaw"'],
    ["an item that is a string", { items: ["x"] }, 400, 'items[0]: expected an object {"reply", "id" or "answer"}, got a string'],
    ["no reply", { items: [ok, { answer: EXPECTED }] }, 400, "items[1].reply: missing"],
    ["a reply that is a number", { items: [{ reply: 12, answer: EXPECTED }] }, 400, "items[0].reply: expected a string, got a number"],
    ["neither answer nor id", { items: [{ reply: "x" }] }, 400, 'items[0]: missing "id" (with "seed") or "answer" (the gold answer)'],
    ["both answer and id", { items: [{ reply: "x", answer: EXPECTED, id: "succession-1-0" }] }, 400, 'items[0]: give "answer" or "id", not both'],
    ["a seed with an answer", { items: [{ reply: "x", answer: EXPECTED, seed: 1 }] }, 400, 'items[0].seed: only with "id" (an "answer" is already the gold)'],
    ["a misspelt field", { items: [{ reply: "x", id: "succession-1-0", sede: 1 }] }, 400, 'items[0]: unknown field "sede" (expected "reply", "answer", "id", "seed", "set", "options")'],
    ["a malformed answer", { items: [{ reply: "x", answer: { beneficiaires: {}, total_droits: 0 } }] }, 400, "items[0].answer: not a gold answer: expected.beneficiaires is empty"],
    ["an answer whose total is not the sum", { items: [{ reply: "x", answer: { ...EXPECTED, total_droits: 1 } }] }, 400, /^items\[0\]\.answer: not a gold answer: /],
    ["a negative seed", { items: [{ reply: "x", id: "succession-1-0", seed: -1 }] }, 400, `items[0].seed: expected a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got -1`],
    ["a seed as text", { items: [{ reply: "x", id: "succession-1-0", seed: "0" }] }, 400, `items[0].seed: expected a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got "0"`],
    ["a fractional seed", { items: [{ reply: "x", id: "succession-1-0", seed: 1.5 }] }, 400, /^items\[0\]\.seed: .* got 1\.5$/],
    ["set level-8", { items: [{ reply: "x", id: "succession-1-0", set: "level-8" }] }, 400, 'items[0].set: expected "mix", "level-1", "level-2", "level-3", "level-4", "level-5", "level-6", "level-7", got "level-8"'],
    ["set as a number", { items: [{ reply: "x", id: "succession-1-0", set: 0 }] }, 400, 'items[0].set: expected "mix", "level-1", "level-2", "level-3", "level-4", "level-5", "level-6", "level-7", got 0'],
    ["an unknown set option", { items: [{ reply: "x", id: "succession-1-0", options: { law: "fictional" } }] }, 400, 'items[0].options: unknown option "law" (expected "fictionalLaw")'],
    ["options not an object", { items: [{ reply: "x", id: "succession-1-0", options: [] }] }, 400, "items[0].options: expected an object, got an array"],
    ["options text that is not JSON", { items: [{ reply: "x", id: "succession-1-0", options: "fictionalLaw" }] }, 400, 'items[0].options: expected an object such as {"fictionalLaw": true}, or its JSON text; got a string that is not JSON'],
    ["fictionalLaw not a boolean", { items: [{ reply: "x", id: "succession-1-0", options: { fictionalLaw: "yes" } }] }, 400, "items[0].options.fictionalLaw: expected true or false, got a string"],
    ["fictionalLaw at level 6", { items: [{ reply: "x", id: "succession-6-0", set: "level-6", options: { fictionalLaw: true } }] }, 400, 'items[0].id: "succession-6-0" is a level-6 task, which has no fictional law (its prompt states no law, only "the law in force on the date"): drop options.fictionalLaw'],
    ["an unknown id", { items: [ok, { reply: "x", id: "succession-9-1" }] }, 400, 'items[1].id: unknown task id "succession-9-1" (expected "succession-<level>-<index>", level 1, 2, 3, 4, 5, 6, 7)'],
    ["a batch over --max-batch", { items: [ok, ok, ok, ok] }, 413, "items: 4 items, over the limit of 3 a request (succ serve --max-batch)"],
    ["a body over the size limit", { items: [{ reply: "x".repeat(5000), answer: EXPECTED }] }, 413, "the body is over the limit of 4096 bytes (succ serve --max-body-mb)"],
  ])("%s", async (_what, body, status, error) => {
    const r = await post(server, "/score", body);
    expect(r.status).toBe(status);
    expect(Object.keys(r.body)).toEqual(["error"]);
    expect(r.text).not.toContain("\n");
    if (typeof error === "string") expect(r.body.error).toBe(error);
    else expect(r.body.error).toMatch(error);
  });

  it("refuses a body that is not application/json", async () => {
    const response = await server.request("/score", { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 'content-type: expected application/json, got "text/plain"' });
  });

  it("answers 404 for an unknown route and 405 for a wrong method", async () => {
    const missing = await server.request("/scores", { method: "POST" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "no route POST /scores (routes: POST /score, POST /openrlhf, GET /health, GET /version)" });
    const wrong = await server.request("/score");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });

  it("does not pollute Object.prototype through a __proto__ key in an item", async () => {
    const r = await post(server, "/score", `{"items": [{"reply": "x", "id": "succession-1-0", "__proto__": {"polluted": true}}]}`);
    expect(r.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("POST /openrlhf: OpenRLHF's remote reward protocol", () => {
  // OpenRLHF (openrlhf/utils/agent.py) posts {"query", "prompts", "labels"}: the query is the
  // prompt and the response decoded together, special tokens kept.
  const chat = (prompt: string) => `<|im_start|>user\n${prompt}<|im_end|>\n<|im_start|>assistant\n`;
  const mix1 = generateTask(0, 1, 0);
  const seed5 = generateTask(5, 2, 0);
  const prompts = [chat(mix1.prompt), chat(seed5.prompt), chat("p"), chat("q")];
  const query = [
    `${prompts[0]}Calcul…\n${formatAnswer(mix1.answer)}<|im_end|>`,
    `${prompts[1]}${formatAnswer(seed5.answer)}<|im_end|>`,
    `${prompts[2]}${formatAnswer(EXPECTED)}<|im_end|>`,
    `${prompts[3]}${PARTIAL_REPLY}<|im_end|>`,
  ];
  const labels = [mix1.id, JSON.stringify({ id: seed5.id, seed: 5 }), JSON.stringify(EXPECTED), JSON.stringify(EXPECTED)];

  it("scores the reply (the query less its prompt) against the label's gold", async () => {
    const r = await post(app({ trimReply: true }), "/openrlhf", { query, prompts, labels });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      rewards: [1, 1, 1, 0.18],
      scores: [1, 1, 1, 0.18],
      extra_logs: { succ_all_right: [1, 1, 1, 0], succ_well_formed: [1, 1, 1, 1] },
      reasons: ["ok", "ok", "ok", "partial"],
    });
  });

  it("allows the end-of-sequence token after the block by default, refuses it with ?strictEnd=1", async () => {
    expect((await post(app(), "/openrlhf", { query, prompts, labels })).body.rewards).toEqual([1, 1, 1, 0.18]);
    const r = await post(app(), "/openrlhf?strictEnd=1", { query, prompts, labels });
    expect(r.body.rewards).toEqual([0, 0, 0, 0]);
    expect(r.body.reasons).toEqual(["text_after_block", "text_after_block", "text_after_block", "text_after_block"]);
    expect(r.body.extra_logs.succ_well_formed).toEqual([0, 0, 0, 0]);
    expect((await post(app({ strictEnd: true }), "/openrlhf", { query, prompts, labels })).body.rewards).toEqual([0, 0, 0, 0]);
    // The gold followed by 300,000 characters of </s>: over the limit as received, trimmed or not.
    const padded = { query: [`${prompts[2]}${formatAnswer(EXPECTED)}${"</s>".repeat(75_000)}`], prompts: [prompts[2]], labels: [labels[2]] };
    expect((await post(app(), "/openrlhf?trimReply=1", padded)).body).toMatchObject({ rewards: [0], reasons: ["too_long"] });
  });

  it("takes the settings from the URL: seed, set, trimReply, allOrNothing", async () => {
    const single = generateTask(3, 1, 4);
    const body = { query: [`${chat("x")}${formatAnswer(single.answer)}<|im_end|>`, query[3]], prompts: [chat("x"), prompts[3]], labels: [single.id, labels[3]] };
    const r = await post(app(), "/openrlhf?seed=3&set=level-4&trimReply=1&allOrNothing=true", body);
    expect(r.body.rewards).toEqual([1, 0]);
    const bad = await post(app(), "/openrlhf?seed=x", body);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(`?seed: expected a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got "x"`);
    expect((await post(app(), "/openrlhf?trim=1", body)).body.error).toBe("?trim: unknown parameter (expected seed, set, trimReply, strictEnd, allOrNothing, token)");
  });

  it("takes a label given as an object, as a dataset's struct column arrives", async () => {
    const r = await post(app({ trimReply: true }), "/openrlhf", { query: query.slice(2, 3), prompts: prompts.slice(2, 3), labels: [EXPECTED] });
    expect(r.body.rewards).toEqual([1]);
  });

  it("scores 0 with a reason when the prompt is not in the query", async () => {
    const r = await post(app({ trimReply: true }), "/openrlhf", { query: [formatAnswer(EXPECTED)], prompts: ["a prompt that was never sent"], labels: [labels[2]] });
    expect(r.body).toMatchObject({ rewards: [0], reasons: ["prompt_not_in_query"] });
  });

  it.each([
    ["no labels (OpenRLHF run without --data.label_key)", { query: ["a"], prompts: ["a"] }, "labels: missing (run OpenRLHF with --data.label_key naming the column of task ids or gold answers)"],
    ["empty labels", { query: ["a"], prompts: ["a"], labels: [""] }, "labels[0]: empty (run OpenRLHF with --data.label_key naming the column of task ids or gold answers)"],
    ["lists of different lengths", { query: ["a", "b"], prompts: ["a"], labels: ["succession-1-0"] }, "query, prompts and labels must have one length, got 2, 1 and 1"],
    ["a query that is not a string", { query: [1], prompts: ["a"], labels: ["succession-1-0"] }, "query[0]: expected a string, got a number"],
    ["a label that is broken JSON", { query: ["a"], prompts: ["a"], labels: ["{beneficiaires"] }, 'labels[0]: starts with "{" but is not valid JSON (expected a gold answer or {"id", "seed"})'],
    ["an unknown id", { query: ["a"], prompts: ["a"], labels: ["succession-2-0"] }, 'labels[0]: unknown task id "succession-2-0" in the mix of levels (task 0 of the mix is "succession-1-0"); for the level-2 set, give "set": "level-2"'],
    ["a label that is a number", { query: ["a"], prompts: ["a"], labels: [3] }, 'labels[0]: expected a task id, a gold answer or {"id", "seed"}, got a number'],
    ["a label whose JSON text gives a key twice", { query: ["a"], prompts: ["a"], labels: ['{"id": "succession-1-0", "seed": 1, "seed": 0}'] }, 'labels[0]: duplicate key "seed"'],
  ])("refuses %s", async (_what, body, error) => {
    const r = await post(app(), "/openrlhf", body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error });
  });
});

describe("GET /health, GET /version, the bearer token", () => {
  it("reports health, versions and the default set's fingerprint", async () => {
    const server = app({ versions: { "@succ/cli": "9.9.9" } });
    expect(await (await server.request("/health")).json()).toEqual({ status: "ok" });
    const version = (await (await server.request("/version")).json()) as Record<string, any>;
    expect(version.packages["@succ/scoring"]).toBe(scoringPackage.version);
    expect(version.packages["@succ/server"]).toBe(serverPackage.version);
    expect(version.packages["@succ/cli"]).toBe("9.9.9");
    expect(Object.keys(version.packages).sort()).toEqual(["@succ/cli", "@succ/engine", "@succ/generator", "@succ/rules", "@succ/scoring", "@succ/server"]);
    expect(version.generatorVersion).toBe(GENERATOR_VERSION);
    expect(version.defaultSet).toEqual({ n: 400, seed: 0, set: "mix", fingerprint: fingerprint({ n: 400, seed: 0, level: 0 }) });
  });

  it("asks every route but /health for the token", async () => {
    const server = app({ token: "s3cret" });
    const items = [{ reply: GOLD_REPLY, answer: EXPECTED }];
    expect((await server.request("/health")).status).toBe(200);
    const none = await post(server, "/score", { items });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: "missing bearer token (Authorization: Bearer …)" });
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="succ serve"');
    expect((await post(server, "/score", { items }, { authorization: "Bearer s3cre" })).body).toEqual({ error: "wrong bearer token" });
    expect((await post(server, "/score", { items }, { authorization: "Bearer s3cret" })).body.scores).toEqual([1]);
    expect((await server.request("/version")).status).toBe(401);
    // OpenRLHF sends no header: /openrlhf (only) takes the token in the URL.
    const body = { query: [`p${GOLD_REPLY}`], prompts: ["p"], labels: [JSON.stringify(EXPECTED)] };
    expect((await post(server, "/openrlhf", body)).status).toBe(401);
    expect((await post(server, "/openrlhf?token=s3cret", body)).body.rewards).toEqual([1]);
    expect((await post(server, "/score?token=s3cret", { items })).status).toBe(401);
  });

  it("reports draining while stopping, and answers 503 to the requests that arrive then", async () => {
    const state = { draining: false };
    const server = createApp(DEFAULT_CONFIG, state);
    expect((await post(server, "/score", { items: [{ reply: GOLD_REPLY, answer: EXPECTED }] })).body.scores).toEqual([1]);
    state.draining = true;
    const health = await server.request("/health");
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "draining" });
    const r = await post(server, "/score", { items: [{ reply: GOLD_REPLY, answer: EXPECTED }] });
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ error: "succ serve is stopping (SIGTERM): this request was not read; send it to another server" });
  });
});
