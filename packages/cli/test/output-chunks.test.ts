/**
 * Output (io.ts) encodes what it is given straight into chunks of bytes it reuses once written.
 * What reaches the file must be exactly the UTF-8 of the texts and the bytes given, in order:
 * across chunk boundaries, with characters of 1 to 4 bytes and lone surrogates, with texts too
 * large for a chunk, with encoded bytes (`writeBytes`, small and large) between texts, through a
 * file stream (whose writes complete later, on the thread pool); bytes handed back to their
 * owner (writeBytes' `done`) only once they are written.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Output } from "../src/io";

const dir = mkdtempSync(join(tmpdir(), "succ-output-chunks-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small deterministic generator (mulberry32): the same cases every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// 1-byte, 2-byte, 3-byte characters, a 4-byte one (a surrogate pair), a lone surrogate (written as U+FFFD by both encoders).
const PIECES = ["a", "{", "\n", "é", "à", "€", "—", "😀", "\ud800", "x"];

function text(rnd: () => number, length: number): string {
  let s = "";
  while (s.length < length) s += PIECES[Math.floor(rnd() * PIECES.length)];
  return s;
}

describe("Output writes exactly the bytes of what it is given", () => {
  it("texts of every size, with encoded bytes between them, through a file stream", async () => {
    const rnd = random(21);
    const file = join(dir, "out.jsonl");
    const out = await Output.open(file, { exitOnSignals: false });
    const expected: Buffer[] = [];
    let total = 0;
    // About 3 MB: a dozen chunks of 256 KiB, each boundary falling inside some text.
    while (total < 3_000_000) {
      const kind = rnd();
      if (kind < 0.8) {
        const t = text(rnd, Math.floor(rnd() * 6000));
        await out.write(t);
        expected.push(Buffer.from(t, "utf8"));
      } else if (kind < 0.9) {
        const b = Buffer.from(text(rnd, Math.floor(rnd() * 3000)), "utf8");
        await out.writeBytes(b);
        expected.push(b);
      } else if (kind < 0.95) {
        // Bytes larger than a quarter of a chunk: written as they are, after the chunk begun.
        const b = Buffer.from(text(rnd, 70_000 + Math.floor(rnd() * 100_000)), "utf8");
        await out.writeBytes(b);
        expected.push(b);
      } else {
        // A text that may not fit in a chunk at 3 bytes a character: encoded apart.
        const t = text(rnd, 80_000 + Math.floor(rnd() * 60_000));
        await out.write(t);
        expected.push(Buffer.from(t, "utf8"));
      }
      total += expected[expected.length - 1]!.length;
    }
    await out.close(true);
    const got = readFileSync(file);
    const want = Buffer.concat(expected);
    expect(got.length).toBe(want.length);
    expect(got.equals(want)).toBe(true);
  });

  it("calls writeBytes' `done` only once the bytes are no longer needed, so that they can be overwritten", async () => {
    // What `succ generate --jobs` does with a buffer once written: it fills it again with the
    // next range. Each buffer is scribbled over at its `done`: an early call would show in the file.
    const rnd = random(5);
    const file = join(dir, "reused.jsonl");
    const out = await Output.open(file, { exitOnSignals: false });
    const expected: Buffer[] = [];
    let calls = 0;
    for (let k = 0; k < 40; k++) {
      // Small (copied into the chunk) and large (written as they are, completed later on the thread pool).
      const length = rnd() < 0.5 ? Math.floor(rnd() * 3000) : 70_000 + Math.floor(rnd() * 250_000);
      const b = Buffer.from(text(rnd, length), "utf8");
      expected.push(Buffer.from(b));
      await out.writeBytes(b, () => {
        calls++;
        b.fill(0);
      });
    }
    await out.close(true);
    expect(calls).toBe(40);
    expect(readFileSync(file).equals(Buffer.concat(expected))).toBe(true);
  });

  it("an empty output writes an empty file; an output closed on failure leaves nothing", async () => {
    const file = join(dir, "empty.jsonl");
    const out = await Output.open(file, { exitOnSignals: false });
    await out.write("");
    await out.close(true);
    expect(readFileSync(file, "utf8")).toBe("");
    const failed = join(dir, "failed.jsonl");
    const o2 = await Output.open(failed, { exitOnSignals: false });
    await o2.write("{}\n");
    await o2.close(false);
    expect(() => readFileSync(failed)).toThrow();
  });
});
