/**
 * The server on 127.0.0.1 (a free port), in this process: what only a real socket shows (a
 * request worked in slices, an upload given up, a stop with requests in flight). Every server
 * started here is stopped by the test or by afterEach; every wait is bounded.
 */
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../src/app";
import { listen, type Listening } from "../src/server";

const started: Listening[] = [];

afterEach(async () => {
  for (const server of started.splice(0)) {
    server.server.closeAllConnections();
    await server.stop();
  }
});

async function start(lines: string[] = [], maxBodyBytes = DEFAULT_CONFIG.maxBodyBytes): Promise<Listening> {
  const server = await listen({ ...DEFAULT_CONFIG, maxBodyBytes, host: "127.0.0.1", port: 0, workers: 1, graceMs: 20_000, log: (line) => lines.push(line) });
  started.push(server);
  return server;
}

async function until(condition: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** The next HTTP response on `socket` (headers and a content-length body): status, headers, body. */
function response(socket: Socket): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    let data = "";
    const timer = setTimeout(() => done(new Error(`no response within 20 s; got ${JSON.stringify(data.slice(0, 200))}`)), 20_000);
    const done = (error: Error | null, value?: { status: number; headers: Record<string, string>; body: string }) => {
      clearTimeout(timer);
      socket.off("data", onData);
      socket.off("close", onClose);
      socket.off("error", onError);
      if (error) reject(error);
      else resolve(value!);
    };
    const onData = (chunk: Buffer) => {
      data += chunk.toString("utf8");
      const end = data.indexOf("\r\n\r\n");
      if (end === -1) return;
      const [statusLine, ...lines] = data.slice(0, end).split("\r\n");
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
      const length = Number(headers["content-length"] ?? 0);
      if (Buffer.byteLength(data.slice(end + 4)) < length) return;
      done(null, { status: Number(statusLine!.split(" ")[1]), headers, body: data.slice(end + 4, end + 4 + length) });
    };
    const onClose = () => done(new Error(`connection closed without a response; got ${JSON.stringify(data.slice(0, 200))}`));
    const onError = (e: Error) => done(e);
    socket.on("data", onData);
    socket.once("close", onClose);
    socket.once("error", onError);
  });
}

function post(path: string, body: string): string {
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** A /score body of `n` ids of the level-6 set of `seed`: n golds to rebuild (about 2-3 ms each). */
function level6Body(n: number, seed: number): string {
  return JSON.stringify({ items: Array.from({ length: n }, (_, i) => ({ reply: "pas de bloc", id: `succession-6-${i}`, seed, set: "level-6" })) });
}

describe("one request of 4,096 new level-6 ids", () => {
  it("lets /health through while it is worked on, and stops when its client goes away", async () => {
    const lines: string[] = [];
    const server = await start(lines);
    // 4,096 golds of level 6 to rebuild: seconds of work (2-3 ms each on an idle machine).
    const socket = await open(server.port);
    socket.on("error", () => {});
    let answered = false;
    socket.once("data", () => (answered = true));
    socket.write(post("/score", level6Body(4096, 41)));
    await until(() => server.inFlight() === 1, "the request to be received");
    // Ten probes one after the other: in one go, the first would wait for the whole batch.
    for (let probe = 0; probe < 10; probe++) {
      const health = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(20_000) });
      expect(health.status).toBe(200);
    }
    expect(answered).toBe(false);
    // The trainer gives up: the work stops at the next slice, and says so in one line.
    socket.destroy();
    await until(() => lines.length > 0, "the log line");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^POST \/score: the client closed the connection after \d+ of 4096 items: the rest not scored$/);
    await until(() => server.inFlight() === 0, "the request to end");
  });
});

describe("an upload the client gives up", () => {
  it("is logged as one line, without a stack, each time", async () => {
    const lines: string[] = [];
    const server = await start(lines);
    for (let k = 0; k < 3; k++) {
      const socket = await open(server.port);
      socket.on("error", () => {});
      socket.write(`POST /score HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{"items": [`);
      await until(() => server.inFlight() === 1, "the upload to start");
      socket.destroy();
      await until(() => lines.length === k + 1, "the log line");
    }
    expect(lines).toEqual(Array(3).fill("POST /score: the client closed the connection during the upload (content-length 100000): nothing scored"));
    const health = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(20_000) });
    expect(health.status).toBe(200);
  });
});

describe("a body over --max-body-mb", () => {
  const LIMIT = 4096;
  const TOO_LARGE = { error: `the body is over the limit of ${LIMIT} bytes (succ serve --max-body-mb)` };
  // A body of 10,046 bytes: {"items":[{"reply":" (20), 10,000 x, ","id":"succession-1-0"}]} (26);: over the limit, well under what is read before the 413 (64 MiB).
  const body = JSON.stringify({ items: [{ reply: "x".repeat(10_000), id: "succession-1-0" }] });

  /** Sends `head` then `rest` 300 ms later; whether any answer came before `rest`, and the answer. */
  async function sendInTwo(port: number, head: string, rest: string) {
    const socket = await open(port);
    let early = false;
    socket.once("data", () => (early = true));
    const errors: Error[] = [];
    socket.on("error", (e) => errors.push(e));
    const answer = response(socket);
    socket.write(head);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answeredEarly = early;
    socket.write(rest);
    const got = await answer;
    // The server closes the connection after a 413: an orderly end, not a reset.
    await new Promise<void>((resolve) => (socket.readableEnded ? resolve() : socket.once("end", () => resolve())));
    socket.destroy();
    return { answeredEarly, got, errors };
  }

  it("is read to its end before the 413, so that a client still sending gets the answer, not a reset connection", async () => {
    expect(Buffer.byteLength(body)).toBe(10_046);
    const server = await start([], LIMIT);
    const request = post("/score", body);
    const { answeredEarly, got, errors } = await sendInTwo(server.port, request.slice(0, -5000), request.slice(-5000));
    expect(answeredEarly).toBe(false);
    expect(got.status).toBe(413);
    expect(got.headers.connection).toBe("close");
    expect(JSON.parse(got.body)).toEqual(TOO_LARGE);
    expect(errors).toEqual([]);
  });

  it("is read to its end before the 413 when it comes in chunks, with no size given", async () => {
    const server = await start([], LIMIT);
    const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
    const head = `POST /score HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n${chunk(body.slice(0, 6000))}`;
    const { answeredEarly, got, errors } = await sendInTwo(server.port, head, `${chunk(body.slice(6000))}0\r\n\r\n`);
    expect(answeredEarly).toBe(false);
    expect(got.status).toBe(413);
    expect(JSON.parse(got.body)).toEqual(TOO_LARGE);
    expect(errors).toEqual([]);
    // A chunked body within the limit is still read and scored.
    const socket = await open(server.port);
    const answer = response(socket);
    const small = JSON.stringify({ items: [{ reply: "pas de bloc", id: "succession-1-0" }] });
    socket.write(`POST /score HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n${chunk(small.slice(0, 20))}${chunk(small.slice(20))}0\r\n\r\n`);
    expect(JSON.parse((await answer).body)).toEqual({ scores: [0], reasons: ["no_block"] });
    socket.destroy();
  });

  it("is not waited for when its declared size is past what is read before a 413 (the limit plus 64 MiB)", async () => {
    const server = await start([], LIMIT);
    const socket = await open(server.port);
    socket.on("error", () => {});
    const answer = response(socket);
    // Only the headers are sent: the answer comes without the body.
    socket.write(`POST /score HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${LIMIT + 64 * 2 ** 20 + 1}\r\n\r\n`);
    const got = await answer;
    expect(got.status).toBe(413);
    expect(JSON.parse(got.body)).toEqual(TOO_LARGE);
    socket.destroy();
  });
});

describe("stopping with a request in flight", () => {
  it("answers 503 with Connection: close to the requests that arrive, finishes the one in flight, then closes", async () => {
    const server = await start();
    const idle = await open(server.port);
    idle.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect((await response(idle)).status).toBe(200); // a kept-alive connection, idle now

    // A request in flight: its headers and half its body sent.
    const body = JSON.stringify({ items: [{ reply: "pas de bloc", id: "succession-1-0" }] });
    const busy = await open(server.port);
    const inFlight = response(busy);
    busy.write(post("/score", body).slice(0, -10));
    await until(() => server.inFlight() === 1, "the request to be received");

    const stopped = server.stop();
    // A request on the idle connection, then one on a new connection: neither is reset.
    const onIdle = response(idle);
    idle.write(post("/score", body));
    const late = await onIdle;
    expect(late.status).toBe(503);
    expect(late.headers.connection).toBe("close");
    expect(JSON.parse(late.body)).toEqual({ error: "succ serve is stopping (SIGTERM): this request was not read; send it to another server" });
    const fresh = await open(server.port);
    const onFresh = response(fresh);
    fresh.write(post("/score", body));
    expect((await onFresh).status).toBe(503);

    busy.write(body.slice(-10));
    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(finished.headers.connection).toBe("close");
    expect(JSON.parse(finished.body)).toEqual({ scores: [0], reasons: ["no_block"] });
    await stopped;
    await expect(open(server.port)).rejects.toThrow(/ECONNREFUSED/);
    for (const socket of [idle, busy, fresh]) socket.destroy();
  });
});
