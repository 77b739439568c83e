// Bodies read as bytes (body.ts, readScoreBytes): whatever the bytes, the server must answer as
// it does for the body decoded as text (Request.text(): TextDecoder, a leading BOM dropped, a bad
// sequence read as U+FFFD) and read by readScoreText or the general reader.
import { PassThrough } from "node:stream";
import type { IncomingMessage } from "node:http";
import { connect, type Socket } from "node:net";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { BodyTooLarge, decodeBytes, dropBody, readBodyBytes, RequestBody, utf8Text } from "../src/body";
import { createApp, DEFAULT_CONFIG } from "../src/app";
import { AnswerCache } from "../src/gold";
import { readScoreBytes, readScoreText, type ScoreRequest } from "../src/requests";
import { listen, type Listening } from "../src/server";
import { GOOD, LEVY, REPLY, general, seen } from "./by-answer";

const strict = new TextDecoder("utf-8", { fatal: true });
const lenient = new TextDecoder();

const bytesOf = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))));
const bodyOf = (bytes: Buffer, chunks: Buffer[] = [bytes]) => new RequestBody(bytes.toString("latin1"), bytes.every((b) => b < 0x80), chunks);

/**
 * readScoreBytes reads `bytes` as today's server reads their text: what it accepts, the general
 * reader reads alike; what it leaves (null), the text reader would leave or read alike too.
 * Returns whether the bytes were read.
 */
function expectBytesAlike(bytes: Buffer, cache: AnswerCache): boolean {
  const body = bodyOf(bytes);
  const text = lenient.decode(bytes);
  expect(body.text()).toBe(text);
  const fast = readScoreBytes(body, 4096, cache);
  const before = readScoreText(text, 4096, new AnswerCache(100));
  if (fast === null) {
    if (before !== null) expect(seen(before)).toEqual(seen(general(text) as ScoreRequest));
    return false;
  }
  const whole = general(text);
  expect(typeof whole, text).not.toBe("string");
  expect(seen(fast)).toEqual(seen(whole as ScoreRequest));
  return true;
}

describe("utf8Text", () => {
  it("decodes well-formed UTF-8 as TextDecoder does, and gives null for anything else", () => {
    for (const text of ["", "abc", "é", "bénéficiaire", "28\u202f048 €", "😀 and 𝄞", "\u0000\u007f\u0080\u07ff\u0800\uffff", "a\u{10ffff}b"]) {
      expect(utf8Text(Buffer.from(text, "utf8").toString("latin1"))).toBe(text);
    }
    // A lone tail, a cut sequence, an overlong form, a surrogate, past U+10FFFF, bytes never in UTF-8.
    const bad = [[0x80], [0x61, 0xc3], [0xc3, 0x61], [0xe2, 0x82], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf0, 0x8f, 0xbf, 0xbf], [0xf5], [0xff], [0xfe]];
    for (const bytes of bad) {
      const latin1 = Buffer.from([0x78, ...bytes, 0x79]).toString("latin1");
      expect(utf8Text(latin1)).toBeNull();
      expect(decodeBytes(latin1)).toBe(lenient.decode(Buffer.from([0x78, ...bytes, 0x79])));
    }
  });

  it("agrees with a strict TextDecoder on any bytes (property)", () => {
    const byte = fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xff }), fc.constantFrom(0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xf4));
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 24 }), (list) => {
        const bytes = Buffer.from(list);
        let expected: string | null;
        try {
          expected = strict.decode(bytes);
        } catch {
          expected = null;
        }
        expect(utf8Text(bytes.toString("latin1"))).toBe(expected);
        expect(decodeBytes(bytes.toString("latin1"))).toBe(lenient.decode(bytes));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("readScoreBytes", () => {
  it("reads JSON escapes in replies as JSON.parse does: \\uXXXX, surrogate pairs (escaped or as 4 bytes), lone surrogates, \\\" and \\\\", () => {
    const replies = [REPLY, 'a \\ "b" \\\\" \u2028 é', "\ud83d\ude00 😀 \ud800 x \udc00", '""', "\\", "é\"é\\é", "€".repeat(50)];
    const items = replies.map((reply, i) => ({ reply, answer: i % 2 === 0 ? GOOD : LEVY }));
    // JSON.stringify escapes quotes, backslashes and lone surrogates; the rest written as \u escapes too.
    const written = JSON.stringify({ items });
    const escaped = written.replace(/[^\x00-\x7f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
    const cache = new AnswerCache(100);
    for (const text of [written, escaped, escaped.replaceAll("\\u00e9", "\\u00E9")]) {
      for (let round = 0; round < 3; round++) expect(expectBytesAlike(bytesOf(text), cache)).toBe(true);
      const read = readScoreBytes(bodyOf(bytesOf(text)), 4096, cache)!;
      expect(read.jobs.map((job) => job.reply)).toEqual(replies);
    }
  });

  it("reads a bad byte in a reply as U+FFFD, as the decoder of the whole body does", () => {
    const answer = JSON.stringify(GOOD);
    const cache = new AnswerCache(100);
    for (const bad of [[0x80], [0xc3], [0xc3, 0xc3, 0xa9], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xff, 0xfe]]) {
      // Bad bytes at the start, in the middle and at the end of the reply (just before its quote).
      const bytes = bytesOf('{"items": [{"reply": "', bad, "réponse ", bad, ' \\"x\\" ', bad, `", "answer": ${answer}}, {"answer": ${answer}, "reply": "`, bad, '"}]}');
      expect(expectBytesAlike(bytes, cache)).toBe(true);
      const [first, second] = readScoreBytes(bodyOf(bytes), 4096, cache)!.jobs;
      expect(first!.reply).toContain("\ufffd");
      expect(first!.reply).toBe(JSON.parse(lenient.decode(bytes)).items[0].reply);
      expect(second!.reply).toBe(JSON.parse(lenient.decode(bytes)).items[1].reply);
    }
  });

  it("leaves to the general reader bad bytes or characters outside replies, a BOM, duplicate keys, a body cut short", () => {
    const answer = JSON.stringify(GOOD);
    const item = `{"reply": "r", "answer": ${answer}}`;
    const bodies = [
      bytesOf('{"items": [{"reply": "r", "answer": {"beneficiaires": {"B', [0xc3, 0xa9], `": {"part_taxable": 1, "droits": 0}}, "total_droits": 0}}]}`),
      bytesOf('{"items": [{"reply": "r", "answer": {"beneficiaires": {"B', [0xff], `": {"part_taxable": 1, "droits": 0}}, "total_droits": 0}}]}`),
      bytesOf('{"items": [{"reply": "r", "answer": {"beneficiaires": {"B1": {"part_taxable": "1', [0xe2, 0x82, 0xac], `", "droits": 0}}, "total_droits": 0}}]}`),
      bytesOf('{"items": [{"r', [0xc3, 0xa9], `ply": "r", "answer": ${answer}}]}`),
      bytesOf('{"items": [{"reply": "r",', [0x80], ` "answer": ${answer}}]}`),
      bytesOf('{"items": [', [0xc2, 0xa0], `${item}]}`),
      bytesOf([0xef, 0xbb, 0xbf], `{"items": [${item}]}`),
      bytesOf(`{"items": [${item}], "strictEnd": true, "strictEnd": false}`),
      bytesOf(`{"items": [{"reply": "r", "reply": "é", "answer": ${answer}}]}`),
      bytesOf(`{"items": [{"reply": "é", "answer": ${answer}, "answer": ${answer}}]}`),
      bytesOf(`{"items": [{"reply": "é", "answer": {"beneficiaires": {"B1": {"part_taxable": 1, "droits": 0, "droits": 0}}, "total_droits": 0}}]}`),
      bytesOf(`{"items": [{"reply": "é\\u0022", "answer": ${answer}}], "items": []}`),
      bytesOf(`{"items": [{"reply": "é", "answer": ${answer}}]}`).subarray(0, 30),
      bytesOf(`{"items": [{"reply": "é", "answer": ${answer}}]}`).subarray(0, 23),
    ];
    const cache = new AnswerCache(100);
    for (const bytes of bodies) {
      for (let round = 0; round < 2; round++) expect(expectBytesAlike(bytes, cache), bytes.toString("latin1")).toBe(false);
    }
  });

  it("reads any one-byte edit of a body either as the general reader reads its text or not at all (property)", () => {
    const text = JSON.stringify({ items: [{ reply: REPLY, answer: GOOD }, { answer: LEVY, reply: 'é "b" \\ 😀' }, { reply: "x", answer: GOOD }], strictEnd: false }, null, 1);
    const body = Buffer.from(text, "utf8");
    const cache = new AnswerCache(100);
    for (let round = 0; round < 2; round++) expect(expectBytesAlike(body, cache)).toBe(true);
    const bytes = fc.constantFrom(...Buffer.from('{}[]",:\\ \n0123456789-.eEtrufalsnBx', "latin1"), 0x00, 0x80, 0xa9, 0xbf, 0xc3, 0xe2, 0xed, 0xf0, 0xff);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: body.length - 1 }), fc.integer({ min: 0, max: 2 }), bytes, (at, kind, b) => {
        const edited = Buffer.concat([body.subarray(0, at), ...(kind === 0 ? [] : [Buffer.from([b])]), body.subarray(kind === 1 ? at : at + 1)]);
        expectBytesAlike(edited, cache);
      }),
      { numRuns: 3000 },
    );
  });
});

/** A stand-in for the request of an HTTP server: its body sent in `chunks`, then ended (or closed early). */
function incoming(chunks: Buffer[], complete: boolean): IncomingMessage {
  const stream = new PassThrough();
  const length = chunks.reduce((n, c) => n + c.length, 0);
  const message = Object.assign(stream, { headers: { "content-length": String(complete ? length : length + 10) }, complete: false });
  void (async () => {
    for (const chunk of chunks) {
      stream.write(chunk);
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (complete) {
      message.complete = true;
      stream.end();
    } else stream.destroy();
  })();
  return message as unknown as IncomingMessage;
}

describe("readBodyBytes", () => {
  it("reads a body whose characters are split across chunks as the bytes of the whole body", async () => {
    const text = JSON.stringify({ items: [{ reply: `😀é€ ${REPLY}`, answer: GOOD }] });
    const whole = Buffer.from(text, "utf8");
    const emoji = whole.indexOf(Buffer.from("😀"));
    // Every split inside the 4 bytes of the emoji, inside é, and one chunk a byte.
    const splits = [1, 2, 3].map((k) => [whole.subarray(0, emoji + k), whole.subarray(emoji + k)]);
    splits.push([whole.subarray(0, emoji + 5), whole.subarray(emoji + 5, emoji + 9), whole.subarray(emoji + 9)]);
    splits.push([...whole.subarray(0, 120)].map((b) => Buffer.from([b])).concat([whole.subarray(120)]));
    for (const chunks of splits) {
      const body = await readBodyBytes(incoming(chunks, true));
      expect(body.bytes).toBe(whole.toString("latin1"));
      expect(body.ascii).toBe(false);
      expect(body.text()).toBe(text);
      expect(readScoreBytes(body, 4096, new AnswerCache(10))!.jobs[0]!.reply).toBe(`😀é€ ${REPLY}`);
    }
    const ascii = await readBodyBytes(incoming([Buffer.from('{"items": '), Buffer.from("[]}")], true));
    expect([ascii.ascii, ascii.text()]).toEqual([true, '{"items": []}']);
  });

  it("reads bodies that arrive at once, and bodies over a MiB, each whole (their chunks joined in a buffer kept between requests up to 1 MiB)", async () => {
    const bodies = ["é".repeat(3000), "x".repeat(5000) + "€", "😀".repeat(300_000)].map((t) => Buffer.from(JSON.stringify({ items: [{ reply: t, answer: GOOD }] }), "utf8"));
    const pieces = (b: Buffer) => Array.from({ length: 4 }, (_, k) => b.subarray((k * b.length) >> 2, ((k + 1) * b.length) >> 2));
    const read = await Promise.all(bodies.map((b) => readBodyBytes(incoming(pieces(b), true))));
    read.forEach((body, i) => {
      expect(body.bytes).toBe(bodies[i]!.toString("latin1"));
      expect(body.text()).toBe(bodies[i]!.toString("utf8"));
    });
    expect(bodies[2]!.length).toBeGreaterThan(1 << 20);
  });

  it("rejects a body cut short (the connection closed before the end)", async () => {
    const whole = Buffer.from(JSON.stringify({ items: [{ reply: "é", answer: GOOD }] }), "utf8");
    await expect(readBodyBytes(incoming([whole.subarray(0, 20), whole.subarray(20, 24)], false))).rejects.toThrow();
  });
});

// The server on 127.0.0.1: a body sent in pieces (split inside a character) answered as
// app.request answers the same bytes (read by Request.text(), today's path).
const started: Listening[] = [];

afterEach(async () => {
  for (const server of started.splice(0)) {
    server.server.closeAllConnections();
    await server.stop();
  }
});

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Sends a POST /score of `body` in pieces cut at `cuts` (a pause after each), and reads the answer: status and body. */
async function sendInPieces(port: number, body: Buffer, cuts: number[]): Promise<{ status: number; body: string }> {
  const socket = await open(port);
  socket.setNoDelay(true);
  const received: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no response within 20 s")), 20_000);
    socket.on("data", (d: Buffer) => received.push(d));
    socket.once("end", () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once("error", reject);
  });
  socket.write(`POST /score HTTP/1.1\r\nHost: 127.0.0.1\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`);
  let from = 0;
  for (const cut of [...cuts, body.length]) {
    socket.write(body.subarray(from, cut));
    from = cut;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  await done;
  socket.destroy();
  const response = Buffer.concat(received).toString("utf8");
  const head = response.indexOf("\r\n\r\n");
  return { status: Number(response.split(" ")[1]), body: response.slice(head + 4) };
}

describe("POST /score on a socket, the body read as bytes", () => {
  it("answers as the text path does: bad bytes, escapes, a BOM, duplicate keys, characters split across packets", async () => {
    const server = await listen({ ...DEFAULT_CONFIG, host: "127.0.0.1", port: 0, workers: 1, graceMs: 20_000, log: () => {} });
    started.push(server);
    const reference = createApp(DEFAULT_CONFIG);
    const answer = JSON.stringify(GOOD);
    const bodies = [
      bytesOf(JSON.stringify({ items: [{ reply: `😀 ${REPLY}`, answer: GOOD }, { reply: 'é \\ "q" \ud800', answer: LEVY }] })),
      // Amounts as French text ("28 048 €", a narrow no-break space): right only if read as UTF-8.
      bytesOf(JSON.stringify({ items: [{ reply: REPLY.replaceAll("28048", '"28\u202f048 €"'), answer: GOOD }] })),
      bytesOf('{"items": [{"reply": "', [0xc3], "r\u00e9ponse ", [0xed, 0xa0, 0x80], `${JSON.stringify(REPLY).slice(1, -1)}", "answer": ${answer}}]}`),
      bytesOf('{"items": [{"reply": "\\u00e9\\ud83d\\ude00\\"\\\\", "answer": ', answer, "}]}"),
      bytesOf([0xef, 0xbb, 0xbf], `{"items": [{"reply": ${JSON.stringify(REPLY)}, "answer": ${answer}}]}`),
      bytesOf('{"items": [{"reply": "r", "answer": {"beneficiaires": {"B', [0xc3, 0xa9], `": {"part_taxable": 1, "droits": 0}}, "total_droits": 0}}]}`),
      bytesOf(`{"items": [{"reply": "é", "reply": "r", "answer": ${answer}}]}`),
      bytesOf(`{"items": [{"reply": "é", "answer": ${answer}}], "trimReply": true, "trimReply": false}`),
      bytesOf(`{"items": [{"reply": "é", "answer": ${answer}}`),
      bytesOf('{"items": [{"reply": "', [0xff], '"}]}'),
    ];
    for (const body of bodies) {
      const expected = await reference.request("/score", { method: "POST", headers: { "content-type": "application/json" }, body });
      const want = { status: expected.status, body: await expected.text() };
      // In one piece, then cut inside the first character of two bytes or more.
      const multi = body.findIndex((b) => b >= 0xc0);
      for (const cuts of [[], multi < 0 ? [10] : [multi + 1]]) expect(await sendInPieces(server.port, body, cuts), body.toString("latin1")).toEqual(want);
    }
  });

  it("logs a body cut short inside a character as an upload given up", async () => {
    const lines: string[] = [];
    const server = await listen({ ...DEFAULT_CONFIG, host: "127.0.0.1", port: 0, workers: 1, graceMs: 20_000, log: (line) => lines.push(line) });
    started.push(server);
    const socket = await open(server.port);
    socket.on("error", () => {});
    const body = bytesOf('{"items": [{"reply": "', [0xc3]);
    socket.write(`POST /score HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n`);
    socket.write(body);
    const deadline = Date.now() + 20_000;
    while (server.inFlight() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    socket.destroy();
    while (lines.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(lines).toEqual(["POST /score: the client closed the connection during the upload (content-length 1000): nothing scored"]);
  });
});

describe("readBodyBytes with a limit, and dropBody", () => {
  const asIncoming = (stream: PassThrough) => stream as unknown as IncomingMessage;

  it("stops at the first chunk past the limit, leaves the rest unread, and dropBody reads it to its end", async () => {
    const stream = new PassThrough();
    const reading = readBodyBytes(asIncoming(stream), 10);
    stream.write(Buffer.from("123456"));
    stream.write(Buffer.from("7890AB")); // 12 bytes: over 10
    await expect(reading).rejects.toBeInstanceOf(BodyTooLarge);
    expect(stream.isPaused()).toBe(true);
    stream.write(Buffer.from("CD"));
    const dropping = dropBody(asIncoming(stream), 100, 20_000);
    stream.end(Buffer.from("EF"));
    expect(await dropping).toBe(true);
    expect(stream.readableEnded).toBe(true);
  });

  it("reads a body at the limit whole", async () => {
    const stream = new PassThrough();
    const reading = readBodyBytes(asIncoming(stream), 10);
    stream.end(Buffer.from("1234567890"));
    expect((await reading).bytes).toBe("1234567890");
  });

  it("drops at most maxBytes, and waits at most maxMs, then leaves the stream paused", async () => {
    const big = new PassThrough();
    const dropping = dropBody(asIncoming(big), 5, 20_000);
    big.write(Buffer.from("123"));
    big.write(Buffer.from("456")); // 6 bytes dropped: over 5
    expect(await dropping).toBe(false);
    expect(big.isPaused()).toBe(true);
    const slow = new PassThrough();
    slow.write(Buffer.from("1"));
    expect(await dropBody(asIncoming(slow), 100, 50)).toBe(false);
    expect(slow.readableEnded).toBe(false);
  });
});
