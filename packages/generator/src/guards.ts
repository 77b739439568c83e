import type { Answer } from "@succ/engine";

/**
 * Every number a reader could see in a text, in any usual formatting: digit groups separated by
 * a space, a no-break space, a narrow no-break space, a dot or a comma are read both apart and
 * joined (`12 345,00` gives 12, 345, 0, 12345, 34500 and 1234500), so an amount cannot hide
 * behind a thousands separator or a decimal part.
 */
export function numbersIn(text: string, into: Set<number> = new Set<number>()): Set<number> {
  scanNumbers(text, (n) => {
    into.add(n);
    return false;
  });
  return into;
}

/**
 * Whether the text holds any of `targets` as a number, read as {@link numbersIn} reads numbers
 * (every digit group apart and joined), without building the set of all its numbers.
 */
export function holdsAny(text: string, targets: ReadonlySet<number>): boolean {
  return targets.size > 0 && scanNumbers(text, (n) => targets.has(n));
}

/** The expected non-zero amounts of an answer (taxable shares, taxes, art. 990 I levies, total). */
export function answerAmounts(answer: Answer): Set<number> {
  const out = new Set<number>();
  for (const v of Object.values(answer.beneficiaires)) {
    if (v.part_taxable !== 0) out.add(v.part_taxable);
    if (v.droits !== 0) out.add(v.droits);
    if (v.prelevement_990I !== undefined && v.prelevement_990I !== 0) out.add(v.prelevement_990I);
  }
  if (answer.total_droits !== 0) out.add(answer.total_droits);
  return out;
}

/**
 * Every number of the text, in the way of {@link numbersIn}, to `visit`; stops and returns true
 * as soon as `visit` does.
 */
function scanNumbers(text: string, visit: (n: number) => boolean): boolean {
  const groups: string[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (c < 48 || c > 57) {
      i++;
      continue;
    }
    // A run of digit groups joined by single separators.
    groups.length = 0;
    for (;;) {
      const start = i;
      while (i < n && (c = text.charCodeAt(i)) >= 48 && c <= 57) i++;
      groups.push(text.slice(start, i));
      if (i + 1 < n && isSeparator(text.charCodeAt(i)) && (c = text.charCodeAt(i + 1)) >= 48 && c <= 57) {
        i++;
        continue;
      }
      break;
    }
    for (let a = 0; a < groups.length; a++) {
      let joined = "";
      for (let b = a; b < groups.length; b++) {
        joined += groups[b];
        if (joined.length <= 15 && visit(Number(joined))) return true;
      }
    }
  }
  return false;
}

function isSeparator(c: number): boolean {
  return c === 32 || c === 0xa0 || c === 0x202f || c === 46 || c === 44;
}

/** The expected non-zero amounts (taxable shares, taxes, art. 990 I levies, total) that appear in the text. */
export function leakedAmounts(text: string, answer: Answer, alsoSeen?: ReadonlySet<number>): number[] {
  const seen = numbersIn(text);
  const leaks: number[] = [];
  const check = (v: number): void => {
    if (v !== 0 && (seen.has(v) || alsoSeen?.has(v))) leaks.push(v);
  };
  for (const v of Object.values(answer.beneficiaires)) {
    check(v.part_taxable);
    check(v.droits);
    if (v.prelevement_990I !== undefined) check(v.prelevement_990I);
  }
  check(answer.total_droits);
  return leaks;
}

/**
 * Numbers of a rules section, read once per text (keyed by the text itself): the rules are the
 * same for a level and kind, except under a fictional law (one text a task), hence the bound.
 */
const rulesNumberCache = new Map<string, Set<number>>();
export function rulesNumbers(rules: string): Set<number> {
  let set = rulesNumberCache.get(rules);
  if (!set) {
    if (rulesNumberCache.size > 64) rulesNumberCache.clear();
    rulesNumberCache.set(rules, (set = numbersIn(rules)));
  }
  return set;
}
