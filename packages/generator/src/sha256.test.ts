import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Sha256, sha256Hex } from "./sha256.js";

const node = (s: string): string => createHash("sha256").update(s, "utf8").digest("hex");

describe("SHA-256 in plain JavaScript", () => {
  it("matches the FIPS 180-4 test vectors", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });

  it("matches node:crypto on every length around the block size, and on UTF-8 text", () => {
    for (let n = 0; n < 200; n++) {
      const s = "é€x".repeat(n).slice(0, n);
      expect(sha256Hex(s)).toBe(node(s));
    }
  });

  it("gives the same digest however the input is cut", () => {
    const text = "succession — droits de mutation à titre gratuit\n".repeat(97);
    const h = new Sha256();
    for (let i = 0; i < text.length; i += 37) h.update(text.slice(i, i + 37));
    expect(h.hex()).toBe(node(text));
  });

  it("refuses updates after the digest", () => {
    const h = new Sha256().update("a");
    h.hex();
    expect(() => h.update("b")).toThrow();
  });
});
