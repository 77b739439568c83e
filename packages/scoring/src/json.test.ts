import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_DEPTH, MAX_TOKENS, parseStrictJson, Reject, type JsonValue } from "./json";

function reasonOf(text: string): string {
  try {
    parseStrictJson(text);
  } catch (error) {
    if (error instanceof Reject) return error.reason;
    throw error;
  }
  return "accepted";
}

function objectOf(value: JsonValue): ReadonlyMap<string, JsonValue> {
  if (value.kind !== "object") throw new Error(`expected an object, got ${value.kind}`);
  return value.entries;
}

describe("parseStrictJson", () => {
  it("keeps numbers as their source text, which JSON.parse would round", () => {
    const root = objectOf(parseStrictJson('{"a": 41169.0000000000001, "b": -0, "c": 1E+2}'));
    expect(root.get("a")).toEqual({ kind: "number", text: "41169.0000000000001" });
    expect(root.get("b")).toEqual({ kind: "number", text: "-0" });
    expect(root.get("c")).toEqual({ kind: "number", text: "1E+2" });
    // The reason for not using JSON.parse: it cannot tell these apart.
    expect(JSON.parse("41169.0000000000001")).toBe(41169);
  });

  it("parses every kind of value, with whitespace around tokens", () => {
    const root = objectOf(parseStrictJson(' \n{ "s" : "x\\"\\u0041\\n" , "t":true,"f":false,"n":null,"l":[ 1 ,[] ,{} ] }\r\n\t'));
    expect(root.get("s")).toEqual({ kind: "string", value: 'x"A\n' });
    expect(root.get("t")).toEqual({ kind: "boolean", value: true });
    expect(root.get("f")).toEqual({ kind: "boolean", value: false });
    expect(root.get("n")).toEqual({ kind: "null" });
    const list = root.get("l");
    expect(list?.kind).toBe("array");
    expect(list?.kind === "array" && list.items.map((v) => v.kind)).toEqual(["number", "array", "object"]);
  });

  it("rejects duplicate keys at any depth, after unescaping", () => {
    expect(reasonOf('{"a": 1, "a": 1}')).toBe("duplicate_key: a");
    expect(reasonOf('{"x": [{"y": {"droits": 1, "droits": 2}}]}')).toBe("duplicate_key: droits");
    // "B\u0031" is the key "B1": JSON defines keys by their value, not their spelling.
    expect(reasonOf('{"B1": 1, "B\\u0031": 1}')).toBe("duplicate_key: B1");
    // Same key in two different objects is not a duplicate.
    expect(reasonOf('{"a": {"k": 1}, "b": {"k": 1}}')).toBe("accepted");
  });

  it("treats __proto__ and constructor as ordinary keys without touching any prototype", () => {
    const root = objectOf(parseStrictJson('{"__proto__": {"polluted": 1}, "constructor": {"prototype": 2}}'));
    expect([...root.keys()]).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(reasonOf('{"__proto__": 1, "__proto__": 2}')).toBe("duplicate_key: __proto__");
  });

  it("tells several values apart from garbage after one value", () => {
    expect(reasonOf('{"a": 1}{"a": 1}')).toBe("several_json_values");
    expect(reasonOf('{"a": 1} 2')).toBe("several_json_values");
    expect(reasonOf('{"a": 1} ]')).toBe("invalid_json");
    expect(reasonOf('{"a": 1} // commentaire')).toBe("invalid_json");
  });

  it.each([
    ["empty text", ""],
    ["whitespace only", "  \n"],
    ["NaN", "NaN"],
    ["Infinity", "Infinity"],
    ["-Infinity", "-Infinity"],
    ["leading zero", "0123"],
    ["plus sign", "+1"],
    ["bare point", "1."],
    ["point first", ".5"],
    ["exponent without digits", "1e"],
    ["hexadecimal", "0x10"],
    ["single quotes", "{'a': 1}"],
    ["unquoted key", "{a: 1}"],
    ["trailing comma in object", '{"a": 1,}'],
    ["trailing comma in array", "[1,]"],
    ["missing colon", '{"a" 1}'],
    ["unclosed object", '{"a": 1'],
    ["unclosed string", '{"a": "x'],
    ["raw newline in string", '"a\nb"'],
    ["bad escape", '"\\x41"'],
    ["short unicode escape", '"\\u12"'],
    ["capitalised literal", "True"],
    ["truncated literal", "nul"],
    ["non-breaking space as whitespace", "\u00a0{}"],
    ["byte order mark", "\ufeff{}"],
  ])("rejects %s as invalid_json", (_name, text) => {
    expect(reasonOf(text)).toBe("invalid_json");
  });

  it("bounds nesting depth: 64 levels parse, 65 do not, 100,000 cost nothing", () => {
    expect(MAX_DEPTH).toBe(64);
    expect(reasonOf("[".repeat(64) + "]".repeat(64))).toBe("accepted");
    expect(reasonOf("[".repeat(65) + "]".repeat(65))).toBe("too_deep");
    expect(reasonOf('{"a":'.repeat(65) + "0" + "}".repeat(65))).toBe("too_deep");
    // Would overflow the stack of a recursive parser without the bound.
    expect(reasonOf("[".repeat(100_000))).toBe("too_deep");
  });

  it("bounds the number of tokens (values and keys)", () => {
    expect(MAX_TOKENS).toBe(2_000);
    // [0,…,0] with n zeros is n + 1 values.
    expect(reasonOf(`[${Array(1_999).fill(0).join(",")}]`)).toBe("accepted");
    expect(reasonOf(`[${Array(2_000).fill(0).join(",")}]`)).toBe("too_many_tokens");
    // Keys count too: {"k0": 0, …} with n entries is 2n + 1 tokens.
    const entries = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}": 0`).join(", ")}}`;
    expect(reasonOf(entries(999))).toBe("accepted");
    expect(reasonOf(entries(1_000))).toBe("too_many_tokens");
  });

  it("names a hostile duplicate key briefly, on one line", () => {
    const key = "k\n".repeat(100);
    const reason = reasonOf(`{${JSON.stringify(key)}: 1, ${JSON.stringify(key)}: 2}`);
    expect(reason.startsWith('duplicate_key: "k\\nk\\n')).toBe(true);
    expect(reason).not.toContain("\n");
    expect(reason.length).toBeLessThan(100);
  });
});

/** The plain JavaScript value JSON.parse would give, for comparison (numbers through Number). */
function toPlain(value: JsonValue): unknown {
  switch (value.kind) {
    case "object":
      return Object.fromEntries([...value.entries].map(([k, v]) => [k, toPlain(v)]));
    case "array":
      return value.items.map(toPlain);
    case "number":
      return Number(value.text);
    case "null":
      return null;
    default:
      return value.value;
  }
}

describe("parseStrictJson against JSON.parse", () => {
  it("reads every string JSON.stringify writes, escapes and lone surrogates included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (s) => {
        expect(parseStrictJson(JSON.stringify(s))).toEqual({ kind: "string", value: s });
      }),
      { numRuns: 1_000 },
    );
  });

  /** Pieces of a string token's text: each valid escape form, and plain runs short and long. */
  const validPiece = fc.oneof(
    fc.constantFrom('\\"', "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0041", "\\u00e9", "\\u00E9", "\\uD83D\\uDE00", "\\udfff"),
    fc.string({ unit: "binary", maxLength: 40 }).map((s) => s.replace(/["\\\u0000-\u001f]/g, "")),
    fc.nat(60).map((n) => "k".repeat(n)),
  );

  it("decodes escape-dense strings (every escape form, runs around the inline limit) as JSON.parse does", () => {
    fc.assert(
      fc.property(fc.array(validPiece, { maxLength: 40 }), (pieces) => {
        const token = `"${pieces.join("")}"`;
        expect(parseStrictJson(token)).toEqual({ kind: "string", value: JSON.parse(token) });
        expect(parseStrictJson(`{${token}: 0}`)).toEqual({ kind: "object", entries: new Map([[JSON.parse(token), { kind: "number", text: "0" }]]) });
      }),
      { numRuns: 1_000 },
    );
  });

  it("rejects a string with one bad piece anywhere among valid ones", () => {
    // Each is wrong whatever follows it (\u12 alone is not: \u12 then 34 is an escape).
    const badPiece = fc.constantFrom("\\x41", "\\u00G1", "\\u12 ", "\\U0041", "\\\n", "\\ ", "\n", "\t", "\u0000", "\u001f");
    fc.assert(
      fc.property(fc.array(validPiece, { maxLength: 10 }), badPiece, fc.array(validPiece, { maxLength: 10 }), (before, bad, after) => {
        const token = `"${before.join("")}${bad}${after.join("")}"`;
        expect(() => JSON.parse(token)).toThrow(SyntaxError);
        expect(reasonOf(token)).toBe("invalid_json");
        expect(reasonOf(`{${token}: 0}`)).toBe("invalid_json");
      }),
      { numRuns: 1_000 },
    );
  });

  it("rejects a string cut anywhere before its closing quote", () => {
    const text = '"ab\\n\\u0041' + "k".repeat(40) + '\\t"';
    for (let end = 1; end < text.length; end++) expect(reasonOf(text.slice(0, end))).toBe("invalid_json");
    expect(reasonOf(text)).toBe("accepted");
    // A backslash just before the closing quote escapes it: the string never ends.
    expect(reasonOf('"' + "\\n".repeat(20) + '\\"')).toBe("invalid_json");
  });

  it("reads every JSON document without duplicate keys as JSON.parse does", () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 6 }), (text) => {
        expect(toPlain(parseStrictJson(text))).toEqual(JSON.parse(text));
      }),
      { numRuns: 1_000 },
    );
  });

  it("accepts nothing that JSON.parse rejects", () => {
    const alphabet = fc.constantFrom("{", "}", "[", "]", '"', ":", ",", " ", "\\", "u", "0", "1", "-", "+", ".", "e", "E", "t", "true", "null", "a", "\n");
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        let strictAccepts = true;
        try {
          parseStrictJson(text);
        } catch (error) {
          if (!(error instanceof Reject)) throw error;
          strictAccepts = false;
        }
        if (strictAccepts) expect(() => JSON.parse(text)).not.toThrow();
      }),
      { numRuns: 5_000 },
    );
  });
});
