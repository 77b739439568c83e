/**
 * drawRange (generate-range.ts), what each thread of `succ generate --jobs N` runs on a range of
 * task ids: its bytes must be exactly the UTF-8 of the lines one job writes, each followed by a
 * newline, with `ends` at each line's end, whatever buffer it is given: one too small (it grows,
 * its bytes kept), one large enough (filled in place, no other allocated), none.
 */
import { generateTask, taskLine } from "@succ/generator";
import { describe, expect, it } from "vitest";
import { drawRange } from "../src/generate-range";

const set = { seed: 7, level: 5, fictionalLaw: false, minRules: 0 };

/** The lines of tasks start .. start + count − 1 as one job writes them, encoded by Buffer.from. */
function expected(start: number, count: number): { bytes: Buffer; ends: number[] } {
  const ends: number[] = [];
  let text = "";
  for (let i = start; i < start + count; i++) {
    text += `${taskLine(generateTask(set.seed, i, 5))}\n`;
    ends.push(Buffer.byteLength(text, "utf8"));
  }
  return { bytes: Buffer.from(text, "utf8"), ends };
}

describe("drawRange", () => {
  const want = expected(3, 5);

  it("writes the UTF-8 of the lines, a newline after each, with the end of each line", () => {
    // The prompts are French: characters of 2 bytes (é) and 3 (’, €) are in these lines.
    expect(want.bytes.length).toBeGreaterThan(want.bytes.toString("utf8").length);
    const r = drawRange(set, { chunk: 4, start: 3, count: 5 });
    expect(r.chunk).toBe(4);
    expect(r.error).toBeUndefined();
    expect(Buffer.from(r.bytes).equals(want.bytes)).toBe(true);
    expect(r.ends).toEqual(want.ends);
  });

  it("grows a buffer too small for the range, keeping what it wrote before", () => {
    // 64 bytes: the first line does not fit, nor the second in twice that.
    const small = new ArrayBuffer(64);
    const r = drawRange(set, { chunk: 0, start: 3, count: 5, buffer: small });
    expect(r.bytes.buffer).not.toBe(small);
    expect(Buffer.from(r.bytes).equals(want.bytes)).toBe(true);
    expect(r.ends).toEqual(want.ends);
  });

  it("fills a buffer large enough in place", () => {
    // Room for 3 bytes a UTF-16 unit of every line: never grown.
    const large = new ArrayBuffer(3 * want.bytes.length + 64);
    new Uint8Array(large).fill(0xff);
    const r = drawRange(set, { chunk: 1, start: 3, count: 5, buffer: large });
    expect(r.bytes.buffer).toBe(large);
    expect(r.bytes.byteOffset).toBe(0);
    expect(Buffer.from(r.bytes).equals(want.bytes)).toBe(true);
  });
});
