/**
 * The line reader of `succ compute --jsonl` (io.ts, LineSplitter) gives the lines that Node's
 * `readline` gives with `crlfDelay: Infinity`, the reader it replaced: line ends "\n", "\r\n" and
 * a lone "\r" (also split across two chunks), a last line without an end, empty lines, UTF-8
 * cut anywhere by the chunks, invalid UTF-8. Checked on fixed cases and on random bytes cut into
 * random chunks (a fixed seed: the same cases every run).
 */
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { LineSplitter } from "../src/io";

async function byReadline(chunks: Buffer[]): Promise<string[]> {
  const out: string[] = [];
  for await (const line of createInterface({ input: Readable.from(chunks, { objectMode: false }), crlfDelay: Infinity })) out.push(line);
  return out;
}

function bySplitter(chunks: Buffer[]): string[] {
  const s = new LineSplitter();
  const out: string[] = [];
  for (const c of chunks) out.push(...s.push(c));
  out.push(...s.end());
  return out;
}

function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cut = (bytes: Buffer, at: number[]): Buffer[] => {
  const out: Buffer[] = [];
  let from = 0;
  for (const k of [...at, bytes.length]) {
    out.push(bytes.subarray(from, k));
    from = k;
  }
  return out.filter((b) => b.length > 0);
};

describe("LineSplitter", () => {
  const fixed: [string, Buffer[]][] = [
    ["plain lines", [Buffer.from('{"a":1}\n{"b":2}\n')]],
    ["no end on the last line", [Buffer.from("a\nb")]],
    ["empty lines", [Buffer.from("\n\na\n\n")]],
    ["CRLF", [Buffer.from("a\r\nb\r\n")]],
    ["a lone CR", [Buffer.from("a\rb\r\rc")]],
    ["CRLF across two chunks", [Buffer.from("a\r"), Buffer.from("\nb\n")]],
    ["CR, then a chunk without LF", [Buffer.from("a\r"), Buffer.from("b\n")]],
    ["a character across two chunks", [Buffer.from([0x42, 0xc3]), Buffer.from([0xa9, 0x0a, 0x43])]],
    ["invalid UTF-8", [Buffer.from([0x41, 0xe2, 0x0a, 0xff, 0x42, 0x0a, 0xc3])]],
    ["nothing", [Buffer.alloc(0)]],
  ];
  for (const [name, chunks] of fixed) it(name, async () => expect(bySplitter(chunks)).toEqual(await byReadline(chunks)));

  it("random bytes in random chunks", async () => {
    const next = rng(21);
    const alphabet = [0x61, 0x7b, 0x20, 0x0d, 0x0a, 0x0a, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xff];
    for (let k = 0; k < 400; k++) {
      const bytes = Buffer.from(Array.from({ length: Math.floor(next() * 40) }, () => alphabet[Math.floor(next() * alphabet.length)]!));
      const at = Array.from({ length: Math.floor(next() * 6) }, () => Math.floor(next() * (bytes.length + 1))).sort((a, b) => a - b);
      const chunks = cut(bytes, at);
      expect(bySplitter(chunks), JSON.stringify([...bytes])).toEqual(await byReadline(chunks));
    }
  });
});
