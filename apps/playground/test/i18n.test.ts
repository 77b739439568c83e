import { describe, expect, it } from "vitest";
import { LANGS, MESSAGES } from "../src/logic/i18n.js";

/** Every text of a message set: strings as they are, functions called with sample arguments. */
function texts(messages: object, path = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === "string") out.set(at, value);
    else if (typeof value === "function") out.set(at, String((value as (...a: unknown[]) => unknown)(3, 7, true, 2)));
    else for (const [k, v] of texts(value as object, at)) out.set(k, v);
  }
  return out;
}

describe("the interface's messages", () => {
  const fr = texts(MESSAGES.fr);
  const en = texts(MESSAGES.en);

  it("has the same messages in French and in English, none empty", () => {
    expect([...en.keys()].sort()).toEqual([...fr.keys()].sort());
    for (const lang of LANGS) for (const [key, text] of texts(MESSAGES[lang])) expect(text.trim(), `${lang} ${key}`).not.toBe("");
  });

  it("writes French with a no-break space before « : », « ; », « ? » and « % », never a plain one", () => {
    for (const [key, text] of fr) expect(text, key).not.toMatch(/ [:;?%]/);
    // And some do have one, so the check reads something.
    expect([...fr.values()].filter((t) => /\u00a0[:;?%]/.test(t)).length).toBeGreaterThan(20);
  });

  it("puts a French count of 0 or 1 in the singular, and 2 or more in the plural", () => {
    expect(MESSAGES.fr.attempts(1)).toBe("1 tentative");
    expect(MESSAGES.fr.attempts(0)).toBe("0 tentative");
    expect(MESSAGES.fr.attempts(2)).toBe("2 tentatives");
    expect(MESSAGES.fr.amountsChange(1, 6)).toBe("1 montant sur 6 change.");
    expect(MESSAGES.fr.amountsChange(3, 6)).toBe("3 montants sur 6 changent.");
    expect(MESSAGES.en.attempts(1)).toBe("1 attempt");
    expect(MESSAGES.en.rolloutsPerTask(2)).toBe("2 rollouts per task");
  });
});
