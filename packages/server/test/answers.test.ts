// AnswerCache: gold answers given in requests again and again as new objects, prepared once by
// content, scoring exactly as a fresh prepareExpected does.
import fc from "fast-check";
import { formatAnswer, prepareExpected, ScoringError, scoreReply, type ExpectedAnswer } from "@succ/scoring";
import { describe, expect, it } from "vitest";
import { AnswerCache } from "../src/gold";

const GOOD: ExpectedAnswer = {
  beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149270, droits: 28048 } },
  total_droits: 28048,
};
/** A new object, as JSON.parse makes one from a request's body. */
const parsed = (answer: unknown): ExpectedAnswer => JSON.parse(JSON.stringify(answer)) as ExpectedAnswer;

describe("AnswerCache", () => {
  it("gives the same prepared gold for a new object of the same content from its second sighting on, and scores as prepareExpected", () => {
    const cache = new AnswerCache(10);
    const once = cache.prepare(parsed(GOOD));
    expect(cache.size).toBe(0); // met once: not kept
    const first = cache.prepare(parsed(GOOD));
    expect(first).not.toBe(once);
    // Whitespace and number spelling are JSON.parse's business: 28048 and 2.8048e4 are one number.
    const again = cache.prepare(JSON.parse(JSON.stringify(GOOD, null, 2).replace("28048,", "2.8048e4,")));
    expect(again).toBe(first);
    expect([cache.hits, cache.misses, cache.size]).toEqual([1, 2, 1]);
    const reply = `Calcul…\n${formatAnswer(GOOD)}`;
    expect(scoreReply(reply, again)).toEqual(scoreReply(reply, GOOD));
  });

  it("tells apart answers of one total: other amounts, ids or keys in another order, a levy key", () => {
    const cache = new AnswerCache(10);
    const twice = (answer: unknown) => (cache.prepare(parsed(answer)), cache.prepare(parsed(answer)));
    const base = twice(GOOD);
    // 28048 in total each time: B2's part differs; B1 and B2 swapped; B2's keys swapped; B2 with a levy of 0.
    const otherPart = parsed(GOOD);
    otherPart.beneficiaires.B2!.part_taxable = 149271;
    const swapped: ExpectedAnswer = { beneficiaires: { B2: GOOD.beneficiaires.B2!, B1: GOOD.beneficiaires.B1! }, total_droits: 28048 };
    const keys: ExpectedAnswer = { beneficiaires: { B1: GOOD.beneficiaires.B1!, B2: { droits: 28048, part_taxable: 149270 } }, total_droits: 28048 };
    const levy = parsed(GOOD);
    levy.beneficiaires.B2!.prelevement_990I = 0;
    const others = [otherPart, swapped, keys, levy].map(twice);
    expect(new Set([base, ...others]).size).toBe(5);
    expect(cache.size).toBe(5);
    expect(cache.prepare(parsed(GOOD))).toBe(base);
    const reply = formatAnswer(GOOD);
    expect(scoreReply(reply, others[0]!).reason).toBe("partial");
    expect(scoreReply(formatAnswer(swapped), others[1]!).score).toBe(1);
    expect(scoreReply(reply, others[2]!).score).toBe(1); // the same gold, its keys written in another order
    expect(scoreReply(reply, others[3]!).reason).toBe("missing_key: B2.prelevement_990I");
  });

  it("finds no kept answer while Object.prototype has an enumerable key (for...in would list it): read afresh", () => {
    const cache = new AnswerCache(10);
    const kept = (cache.prepare(parsed(GOOD)), cache.prepare(parsed(GOOD)));
    expect(cache.prepare(parsed(GOOD))).toBe(kept);
    Object.defineProperty(Object.prototype, "succTestInherited", { value: 1, enumerable: true, configurable: true, writable: true });
    try {
      const misses = cache.misses;
      const fresh = cache.prepare(parsed(GOOD));
      expect(fresh).not.toBe(kept);
      expect(cache.misses).toBe(misses + 1);
      expect(scoreReply(formatAnswer(GOOD), fresh).score).toBe(1);
    } finally {
      delete (Object.prototype as Record<string, unknown>).succTestInherited;
    }
    expect(cache.prepare(parsed(GOOD))).toBe(kept);
  });

  it("throws for a malformed answer as prepareExpected does, and keeps none", () => {
    const cache = new AnswerCache(10);
    cache.prepare(parsed(GOOD));
    cache.prepare(parsed(GOOD));
    const bad: unknown[] = [
      { ...parsed(GOOD), level: 2 }, // an extra root key beside a kept gold's content
      { beneficiaires: { ...GOOD.beneficiaires, B2: { part_taxable: 149270, droits: 28048, name: "x" } }, total_droits: 28048 },
      { beneficiaires: GOOD.beneficiaires, total_droits: 28049 },
      { beneficiaires: [GOOD.beneficiaires.B1], total_droits: 0 },
      { total_droits: "28048" },
      null,
    ];
    for (const answer of bad) {
      let error: unknown;
      try {
        prepareExpected(answer as ExpectedAnswer);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ScoringError);
      expect(() => cache.prepare(answer)).toThrow((error as Error).message);
    }
    expect(cache.size).toBe(1);
  });

  it("keeps at most its capacity", () => {
    const cache = new AnswerCache(3);
    for (let k = 0; k < 10; k++) {
      for (const answer of [{ beneficiaires: { B1: { part_taxable: k, droits: k } }, total_droits: k }, { beneficiaires: { B1: { part_taxable: 100 + k, droits: 7 } }, total_droits: 7 }]) {
        cache.prepare(parsed(answer));
        cache.prepare(parsed(answer));
        expect(cache.size).toBeLessThanOrEqual(3);
      }
    }
    expect([cache.hits, cache.misses]).toEqual([0, 40]);
    // The last answers are still there, the first ones not.
    expect(cache.prepare({ beneficiaires: { B1: { part_taxable: 109, droits: 7 } }, total_droits: 7 })).toBe(cache.prepare({ beneficiaires: { B1: { part_taxable: 109, droits: 7 } }, total_droits: 7 }));
    const hits = cache.hits;
    cache.prepare({ beneficiaires: { B1: { part_taxable: 0, droits: 0 } }, total_droits: 0 });
    expect(cache.hits).toBe(hits);
    expect(() => new AnswerCache(0)).toThrow(RangeError);
  });

  it("prepareText: an answer's text found again without being read from its second sighting, kept with its content; null for anything prepare would not take", () => {
    const cache = new AnswerCache(4);
    const text = JSON.stringify(GOOD);
    const once = cache.prepareText(text);
    expect(once).not.toBeNull();
    const kept = cache.prepareText(text);
    expect(kept).not.toBe(once);
    expect([cache.hits, cache.misses]).toEqual([0, 2]);
    // Found by its text (a hit, no miss), and by content for the same answer written otherwise.
    expect(cache.prepareText(` ${text}`.slice(1))).toBe(kept);
    expect(cache.prepareText(JSON.stringify(GOOD, null, 2))).toBe(kept);
    expect(cache.prepare(parsed(GOOD))).toBe(kept);
    expect([cache.hits, cache.misses]).toEqual([3, 2]);
    const reply = formatAnswer(GOOD);
    expect(scoreReply(reply, kept!)).toEqual(scoreReply(reply, GOOD));
    // Not JSON, a key twice, a malformed answer, not an object: null, and nothing kept.
    const refused = [text.slice(0, -1), text.replace('"total_droits"', '"total_droits": 1, "total_droits"'), text.replace("28048}", "28049}"), "[]", "1"];
    for (const bad of refused) for (let round = 0; round < 2; round++) expect(cache.prepareText(bad)).toBeNull();
    // Past its capacity, the oldest texts are dropped: GOOD's text is read again (a miss by text, then a hit by content or a miss).
    for (let k = 1; k <= 8; k++) {
      const other = JSON.stringify({ beneficiaires: { B1: { part_taxable: k, droits: k } }, total_droits: k });
      cache.prepareText(other);
      cache.prepareText(other);
    }
    const misses = cache.misses;
    const hits = cache.hits;
    expect(cache.prepareText(text)).not.toBeNull();
    expect(cache.misses + cache.hits).toBe(misses + hits + 1);
    expect(cache.misses).toBe(misses + 1); // dropped by content as well
  });

  it("prepareText: tells apart texts of one length that differ in one digit anywhere (its hash samples some characters only)", () => {
    // Five lines of nine-digit parts: a text of some 250 characters, one digit of one part changed each time (the total stays).
    const base: ExpectedAnswer = { beneficiaires: {}, total_droits: 5 * 123 };
    for (let b = 1; b <= 5; b++) base.beneficiaires[`B${b}`] = { part_taxable: 100_000_000 * (b + 1) + 12_345_678, droits: 123 };
    const variants = [base];
    for (let b = 1; b <= 5; b++) {
      for (let d = 0; d < 9; d++) {
        const variant = parsed(base);
        variant.beneficiaires[`B${b}`]!.part_taxable += 10 ** d * (d === 8 ? -1 : 1);
        variants.push(variant);
      }
    }
    const texts = variants.map((v) => JSON.stringify(v));
    expect(new Set(texts.map((t) => t.length)).size).toBe(1);
    const cache = new AnswerCache(1000);
    for (let round = 0; round < 3; round++) {
      texts.forEach((text, i) => {
        const prepared = cache.prepareText(text)!;
        expect(scoreReply(formatAnswer(variants[i]!), prepared).score).toBe(1);
        if (i > 0) expect(scoreReply(formatAnswer(base), prepared).score).toBeLessThan(1);
      });
    }
  });

  // Small amounts and few ids, so that many answers share a total and meet in the cache.
  const line = fc.record({ part_taxable: fc.integer({ min: 0, max: 2 }), droits: fc.integer({ min: 0, max: 2 }), levy: fc.option(fc.integer({ min: 0, max: 1 })) });
  const answer = fc
    .uniqueArray(fc.constantFrom("B1", "B2", "B3"), { minLength: 1, maxLength: 3 })
    .chain((ids) => fc.tuple(fc.constant(ids), fc.array(line, { minLength: ids.length, maxLength: ids.length })))
    .map(([ids, lines]): ExpectedAnswer => {
      const beneficiaires: ExpectedAnswer["beneficiaires"] = {};
      ids.forEach((id, i) => {
        const { part_taxable, droits, levy } = lines[i]!;
        beneficiaires[id] = levy === null ? { part_taxable, droits } : { part_taxable, droits, prelevement_990I: levy };
      });
      return { beneficiaires, total_droits: lines.reduce((sum, l) => sum + l.droits, 0) };
    });

  it("scores every reply against a kept gold as against the answer itself (property)", () => {
    fc.assert(
      fc.property(fc.array(answer, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 4 }), (answers, capacity) => {
        const cache = new AnswerCache(capacity);
        const replies = answers.map((a) => formatAnswer(a));
        for (const a of [...answers, ...answers]) {
          const prepared = cache.prepare(parsed(a));
          for (const reply of replies) expect(scoreReply(reply, prepared)).toEqual(scoreReply(reply, a));
        }
      }),
      { numRuns: 150 },
    );
  });
});
