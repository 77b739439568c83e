/**
 * The reward server's routes (Hono): POST /score, POST /openrlhf, GET /health, GET /version.
 * Stateless but for a cache of gold answers, so any number of copies can sit behind a balancer.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createRequire } from "node:module";
import { fingerprint, GENERATOR_VERSION } from "@succ/generator";
import { isSuccess, scoreAndReason, scoreReply, type PreparedExpected } from "@succ/scoring";
import type { HttpBindings } from "@hono/node-server";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { BodyTooLarge, canReadBody, dropBody, readBodyBytes, type RequestBody } from "./body.js";
import { RequestError, badRequest } from "./errors.js";
import { AnswerCache, GoldCache, readSeed, readSetName, setName, type PreloadedGolds, type SetDefaults } from "./gold.js";
import { parseJson } from "./json.js";
import { readOpenRlhfRequest, readScoreBytes, readScoreRequest, readScoreText, type GoldSource } from "./requests.js";
import { ClientGone, Slices } from "./slices.js";
import { replyFromQuery, trimReply } from "./reply.js";

export interface AppConfig {
  /** The set of an id that names no seed or set, and of OpenRLHF labels. */
  defaults: SetDefaults;
  /** Most replies in one request. */
  maxBatch: number;
  /** Largest request body, in bytes. */
  maxBodyBytes: number;
  /** Most gold answers kept in memory. */
  cacheSize: number;
  /** Bearer token every route but /health asks for; null for none. */
  token: string | null;
  /** Default of a request's `trimReply`: drop a leading <think>…</think>. */
  trimReply: boolean;
  /** Default of a request's `strictEnd`: refuse end-of-sequence tokens after the block (@succ/scoring's strictEnd). */
  strictEnd: boolean;
  /** Default of a request's `allOrNothing`: 0 unless every value is right. */
  allOrNothing: boolean;
  /** Versions to report besides the packages the server uses (e.g. the CLI's). */
  versions?: Record<string, string>;
  /** Gold answers read from task files (`succ serve --tasks`): never rebuilt, never dropped. */
  preloaded?: PreloadedGolds;
  /** Where the server says what went wrong with a request (one line each); stderr by default. */
  log?: (line: string) => void;
}

/**
 * Set by the process when it stops: /health answers 503 "draining", and every other request
 * received from then on 503 with `Connection: close` (the requests already received finish).
 */
export interface AppState {
  draining: boolean;
}

export const DEFAULT_CONFIG: AppConfig = {
  defaults: { seed: 0, set: 0 },
  maxBatch: 4096,
  maxBodyBytes: 64 * 1024 * 1024,
  cacheSize: 65_536,
  token: null,
  trimReply: false,
  strictEnd: false,
  allOrNothing: false,
};

const ROUTES: Record<string, string> = { "/score": "POST", "/openrlhf": "POST", "/health": "GET", "/version": "GET" };
const ROUTE_LIST = Object.entries(ROUTES)
  .map(([path, method]) => `${method} ${path}`)
  .join(", ");

/** Versions of this package and of the packages it scores and builds tasks with, read from their manifests. */
export function packageVersions(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const version = (req: NodeJS.Require, name: string): [string, string] => [name, (req(`${name}/package.json`) as { version: string }).version];
  const fromGenerator = createRequire(require.resolve("@succ/generator/package.json"));
  return Object.fromEntries([
    version(require, "@succ/server"),
    version(require, "@succ/generator"),
    version(require, "@succ/scoring"),
    version(fromGenerator, "@succ/engine"),
    version(fromGenerator, "@succ/rules"),
  ]);
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function sendError(c: Context, e: RequestError): Response {
  // The rest of an oversized body is not worth reading: close the connection after the answer.
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (e.status === 413 && outgoing !== undefined) outgoing.shouldKeepAlive = false;
  if (e.status === 401) c.header("WWW-Authenticate", 'Bearer realm="succ serve"');
  return c.json({ error: e.message.replace(/\s*\n\s*/g, " ") }, e.status);
}

/** The 413 of a body over the limit. */
function bodyTooLarge(maxBodyBytes: number): RequestError {
  return new RequestError(413, `the body is over the limit of ${maxBodyBytes} bytes (succ serve --max-body-mb)`);
}

/** How long the rest of an oversized body may take to be read and dropped before its 413. */
const DROP_MS = 10_000;

/**
 * The most bytes of an oversized body read and dropped before its 413 (body.ts, dropBody): as
 * many again as the limit, 64 MiB at least. Past that, or DROP_MS, the 413 is sent at once and
 * the client may find its connection reset instead.
 */
function dropBytes(maxBodyBytes: number): number {
  return Math.max(maxBodyBytes, 64 * 2 ** 20);
}

/**
 * The request's body, after its type (JSON) and size were checked: as bytes (body.ts) when it
 * comes straight from a socket (its size checked from the header by `limit`, or as it arrives
 * when chunked), else as text by hono (app.request in tests, counted by bodyLimit's stream).
 */
async function readBody(c: Context, maxBodyBytes: number): Promise<RequestBody | string> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new RequestError(415, `content-type: expected application/json, got ${type === "" ? "none" : JSON.stringify(type.slice(0, 80))}`);
  }
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (incoming !== undefined && canReadBody(incoming)) {
    try {
      return await readBodyBytes(incoming, maxBodyBytes);
    } catch (e) {
      if (!(e instanceof BodyTooLarge)) throw e;
      await dropBody(incoming, dropBytes(maxBodyBytes), DROP_MS);
      throw bodyTooLarge(maxBodyBytes);
    }
  }
  return c.req.text();
}

function textOf(body: RequestBody | string): string {
  return typeof body === "string" ? body : body.text();
}

/** The request's JSON body, after its type and size were checked. */
async function readJson(c: Context, maxBodyBytes: number): Promise<unknown> {
  return parseJson(textOf(await readBody(c, maxBodyBytes)));
}

/** The fingerprint of the default set, computed once a process (400 tasks: a few hundred ms). */
let defaultFingerprint: string | undefined;

export function defaultSetFingerprint(): string {
  return (defaultFingerprint ??= fingerprint());
}

/** An upload the client gave up (its connection closed before the whole body arrived). */
function abortedUpload(c: Context): boolean {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return incoming !== undefined && !incoming.complete && (incoming.destroyed || incoming.errored !== null);
}

/** Query parameters of /openrlhf (OpenRLHF sends only a URL and a body, so settings ride in the URL). */
function openRlhfSettings(c: Context, config: AppConfig) {
  const query = c.req.query();
  const known = ["seed", "set", "trimReply", "strictEnd", "allOrNothing", "token"];
  for (const key of Object.keys(query)) {
    if (!known.includes(key)) throw badRequest(`?${key.slice(0, 40)}: unknown parameter (expected ${known.join(", ")})`);
  }
  // A number when it reads as one; otherwise the text, for the error message to quote.
  const number = (key: string): unknown => {
    const raw = query[key];
    return raw !== undefined && /^\d{1,16}$/.test(raw) ? Number(raw) : raw;
  };
  const flag = (key: string, fallback: boolean): boolean => {
    const raw = query[key];
    if (raw === undefined) return fallback;
    if (raw === "1" || raw === "true") return true;
    if (raw === "0" || raw === "false") return false;
    throw badRequest(`?${key}: expected 1, 0, true or false, got ${JSON.stringify(raw.slice(0, 40))}`);
  };
  const seed = number("seed");
  const set = query.set;
  const defaults: SetDefaults = {
    seed: seed === undefined ? config.defaults.seed : readSeed(seed, "?seed"),
    set: set === undefined ? config.defaults.set : readSetName(set, "?set"),
  };
  return {
    defaults,
    trimReply: flag("trimReply", config.trimReply),
    strictEnd: flag("strictEnd", config.strictEnd),
    allOrNothing: flag("allOrNothing", config.allOrNothing),
  };
}

export function createApp(config: AppConfig, state: AppState = { draining: false }): Hono {
  const cache = new GoldCache(config.cacheSize, config.preloaded);
  // Golds given by answer, kept prepared by content: a task's rollouts carry the same gold.
  const answers = new AnswerCache(config.cacheSize);
  const expectedToken = config.token === null ? null : digest(config.token);
  const versions = { ...packageVersions(), ...config.versions };
  const log = config.log ?? ((line: string) => console.error(`succ serve: ${line}`));
  const app = new Hono();

  /** The gold of item `i` of `list` ("items", "labels"), named so in an error only. */
  const goldOf = (source: GoldSource, list: string, i: number): PreparedExpected => {
    if ("answer" in source) return source.answer;
    try {
      return cache.prepared(source.task);
    } catch (e) {
      const { id, seed } = source.task;
      throw new RequestError(500, `${list}[${i}]: cannot build the gold answer of ${id} (seed ${seed}): ${(e as Error).message}`);
    }
  };

  app.use("*", async (c, next) => {
    if (state.draining && c.req.path !== "/health") {
      return sendError(c, new RequestError(503, "succ serve is stopping (SIGTERM): this request was not read; send it to another server"));
    }
    if (expectedToken !== null && c.req.path !== "/health") {
      const header = c.req.header("authorization") ?? "";
      const given = header.startsWith("Bearer ") ? header.slice(7) : c.req.path === "/openrlhf" ? (c.req.query("token") ?? "") : "";
      if (!timingSafeEqual(digest(given), expectedToken)) {
        return sendError(c, new RequestError(401, given === "" ? "missing bearer token (Authorization: Bearer …)" : "wrong bearer token"));
      }
    }
    await next();
  });

  const tooLarge = (c: Context) => sendError(c, bodyTooLarge(config.maxBodyBytes));
  const streamLimit = bodyLimit({ maxSize: config.maxBodyBytes, onError: tooLarge });
  // hono's bodyLimit, but for the usual request (a content-length and no transfer-encoding) the
  // header is checked here, as bodyLimit checks it, without touching c.req.raw.body: that would
  // build a web stream of the body, and the body could then no longer be read straight from the
  // socket (readBody). A body over the limit is read and dropped first (dropBody), up to
  // dropBytes. A chunked body from a socket is counted as readBody reads it; bodyLimit counts
  // the rest (app.request in tests).
  const limit: MiddlewareHandler = (c, next) => {
    const length = c.req.header("content-length");
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    if (length === undefined || c.req.header("transfer-encoding") !== undefined) {
      return incoming !== undefined && canReadBody(incoming) ? next() : streamLimit(c, next);
    }
    const declared = parseInt(length || "0", 10);
    if (declared <= config.maxBodyBytes) return next();
    const drop = dropBytes(config.maxBodyBytes);
    if (incoming === undefined || declared > config.maxBodyBytes + drop) return Promise.resolve(tooLarge(c));
    return dropBody(incoming, declared, DROP_MS).then(() => tooLarge(c));
  };

  app.post("/score", limit, async (c) => {
    const body = await readBody(c, config.maxBodyBytes);
    // Items by answer read straight from the bytes or the text; any other body (by id, or wrong) read whole.
    const request =
      (typeof body === "string" ? readScoreText(body, config.maxBatch, answers) : readScoreBytes(body, config.maxBatch, answers)) ??
      readScoreRequest(parseJson(textOf(body)), config.defaults, config.maxBatch, answers);
    const allOrNothing = request.allOrNothing ?? config.allOrNothing;
    const trim = request.trimReply ?? config.trimReply;
    const strictEnd = request.strictEnd ?? config.strictEnd;
    const scores: number[] = [];
    const reasons: string[] = [];
    const options = { allOrNothing, strictEnd };
    const slices = new Slices(() => c.req.raw.signal);
    for (let i = 0; i < request.jobs.length; i++) {
      const job = request.jobs[i]!;
      const turn = slices.next(i, request.jobs.length);
      if (turn !== undefined) await turn;
      const gold = goldOf(job.gold, "items", i);
      // The response holds scores and reasons only: no verdicts of the fields are made.
      const result = scoreAndReason(trim ? trimReply(job.reply) : job.reply, gold, options);
      scores.push(result.score);
      reasons.push(result.reason);
    }
    return c.json({ scores, reasons });
  });

  app.post("/openrlhf", limit, async (c) => {
    const settings = openRlhfSettings(c, config);
    const request = readOpenRlhfRequest(await readJson(c, config.maxBodyBytes), settings.defaults, config.maxBatch, answers);
    const scores: number[] = [];
    const reasons: string[] = [];
    const allRight: number[] = [];
    const wellFormed: number[] = [];
    const slices = new Slices(() => c.req.raw.signal);
    for (let i = 0; i < request.queries.length; i++) {
      const query = request.queries[i]!;
      const turn = slices.next(i, request.queries.length);
      if (turn !== undefined) await turn;
      const gold = goldOf(request.golds[i]!, "labels", i);
      const reply = replyFromQuery(query, request.prompts[i]!);
      const result =
        reply === null
          ? { score: 0, reason: "prompt_not_in_query", fields: {} }
          : scoreReply(settings.trimReply ? trimReply(reply) : reply, gold, { allOrNothing: settings.allOrNothing, strictEnd: settings.strictEnd });
      scores.push(result.score);
      reasons.push(result.reason);
      allRight.push(isSuccess(result.score) ? 1 : 0);
      wellFormed.push(Object.keys(result.fields).length > 0 ? 1 : 0);
    }
    // OpenRLHF reads rewards, scores (for dynamic filtering) and extra_logs (numbers, one per query).
    return c.json({ rewards: scores, scores, extra_logs: { succ_all_right: allRight, succ_well_formed: wellFormed }, reasons });
  });

  app.get("/health", (c) => (state.draining ? c.json({ status: "draining" }, 503) : c.json({ status: "ok" })));

  app.get("/version", (c) => {
    return c.json({
      packages: versions,
      generatorVersion: GENERATOR_VERSION,
      defaultSet: { n: 400, seed: 0, set: "mix", fingerprint: defaultSetFingerprint() },
      server: {
        seed: config.defaults.seed,
        set: setName(config.defaults.set),
        trimReply: config.trimReply,
        strictEnd: config.strictEnd,
        allOrNothing: config.allOrNothing,
        maxBatch: config.maxBatch,
        maxBodyBytes: config.maxBodyBytes,
        cacheSize: config.cacheSize,
        cached: cache.size,
        preloaded: cache.preloaded,
      },
    });
  });

  app.notFound((c) => {
    const method = ROUTES[c.req.path];
    if (method !== undefined) {
      c.header("Allow", method);
      return c.json({ error: `${c.req.method} ${c.req.path}: method not allowed (use ${method})` }, 405);
    }
    return c.json({ error: `no route ${c.req.method} ${c.req.path.slice(0, 80)} (routes: ${ROUTE_LIST})` }, 404);
  });

  app.onError((e, c) => {
    if (e instanceof RequestError) return sendError(c, e);
    // A client that went away: one line, and an answer nobody reads.
    if (e instanceof ClientGone || abortedUpload(c)) {
      const why = e instanceof ClientGone ? e.message : `the client closed the connection during the upload (content-length ${c.req.header("content-length") ?? "none"}): nothing scored`;
      log(`${c.req.method} ${c.req.path}: ${why}`);
      return c.json({ error: why }, 400);
    }
    // A bug of ours, never the input's fault: answer 500, keep serving.
    log(`internal error on ${c.req.method} ${c.req.path}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return c.json({ error: "internal error (see the server's log)" }, 500);
  });

  return app;
}
