/**
 * listOf (src/lists.ts), how the engine and the generator make their lists: the values of
 * `xs.map(f)`, in order, `f` given each item and its index. (Why not `map` itself, V8's hidden
 * classes, is measured, not tested: `node --trace-deopt`, see src/lists.ts.)
 */
import { describe, expect, it } from "vitest";
import { listOf } from "../src/internal.js";

describe("listOf", () => {
  it("gives the values of map, in order, each item with its index", () => {
    const calls: [string, number][] = [];
    const out = listOf(["a", "b", "c"], (x, i) => {
      calls.push([x, i]);
      return `${x}${i}`;
    });
    expect(out).toEqual(["a0", "b1", "c2"]);
    expect(calls).toEqual([["a", 0], ["b", 1], ["c", 2]]);
    expect(listOf([], (x: never) => x)).toEqual([]);
  });
});
