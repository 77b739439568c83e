import type Fraction from "fraction.js";

/**
 * French formatting of amounts, the one home for it: the calculation sheet and the generator's
 * prompts write euros and numbers with it. Thousands are separated by a plain space, as most French
 * documents type it; decimals follow a comma.
 */

function group(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

/**
 * `420 000`, `86 500,40` from a whole number of cents (≥ 0 or < 0): the number of an amount,
 * without the euro sign, as the worked examples of a prompt write it. The cents are written only
 * when there are some, or always with `twoDecimals` (`8 072,00`).
 */
export function amountFromCents(cents: number | bigint, twoDecimals = false): string {
  if (typeof cents === "number" && Number.isSafeInteger(cents)) {
    // The same text from a safe whole number, without BigInt or a regular expression: `%` is
    // exact there, and so is the division of a multiple of 100 by 100.
    const a = cents < 0 ? -cents : cents;
    const rest = a % 100;
    const digits = String((a - rest) / 100);
    let int = digits.slice(0, digits.length % 3 || 3);
    for (let i = int.length; i < digits.length; i += 3) int += ` ${digits.slice(i, i + 3)}`;
    return `${cents < 0 ? "−" : ""}${int}${rest === 0 && !twoDecimals ? "" : `,${rest < 10 ? "0" : ""}${rest}`}`;
  }
  const c = BigInt(cents);
  const neg = c < 0n;
  const a = neg ? -c : c;
  const int = a / 100n;
  const rest = a % 100n;
  return `${neg ? "−" : ""}${group(String(int))}${rest === 0n && !twoDecimals ? "" : `,${String(rest).padStart(2, "0")}`}`;
}

/** `420 000 €`, `86 500,40 €` from a whole number of cents (≥ 0 or < 0). */
export function eurosFromCents(cents: number | bigint): string {
  return `${amountFromCents(cents)} €`;
}

/** Whether an exact amount is a whole number of cents. */
export function isWholeCents(x: Fraction): boolean {
  return 100n % x.d === 0n;
}

/**
 * An amount in euros to the cent: exact when it is a whole number of cents, otherwise rounded
 * half up to the cent (see {@link exactEuros} to show the exact value beside it).
 */
export function euros(x: Fraction | number): string {
  if (typeof x === "number") {
    if (!Number.isSafeInteger(x)) throw new RangeError(`euros: a whole number of euros, got ${x}`);
    // The cents as a number while they are a safe whole number (amountFromCents' path without
    // BigInt or a regular expression: the prompts write dozens of amounts a law, and those of a
    // fictional law for each task), else as a BigInt; the same text either way.
    const cents = x * 100;
    return eurosFromCents(Number.isSafeInteger(cents) ? cents : BigInt(x) * 100n);
  }
  const sign = x.s < 0n ? -1n : 1n;
  // Half up to the cent: floor((200 n + d) / 2d).
  const cents = (200n * x.n + x.d) / (2n * x.d);
  return eurosFromCents(sign * cents);
}

/** As {@link euros}, with the exact fraction beside an amount that is not a whole number of cents. */
export function exactEuros(x: Fraction): string {
  return isWholeCents(x) ? euros(x) : `${euros(x)} (exactement ${x.toFraction()} €)`;
}

/** "de" before a name, elided before a vowel or a mute h: "d'Alain", "de Bernard". */
export function deName(name: string): string {
  return /^[AEIOUYHÀÂÉÈÊÎÔÛ]/i.test(name) ? `d'${name}` : `de ${name}`;
}
