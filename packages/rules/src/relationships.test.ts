import { describe, expect, it } from "vitest";
import { RELATIONSHIP_FR, RELATIONSHIPS, relationshipFr } from "./relationships.js";

describe("relationshipFr", () => {
  it("agrees with the sex where it is given", () => {
    expect(relationshipFr("child", "M")).toBe("fils");
    expect(relationshipFr("child", "F")).toBe("fille");
    expect(relationshipFr("nephew", "M")).toBe("neveu");
    expect(relationshipFr("nephew", "F")).toBe("nièce");
    expect(relationshipFr("grandchild", "F")).toBe("petite-fille");
    expect(relationshipFr("sibling", "F")).toBe("sœur");
    expect(relationshipFr("spouse", "F")).toBe("épouse");
  });
  it("is the neutral name where the sex is not given", () => {
    expect(relationshipFr("child", null)).toBe("enfant");
    expect(relationshipFr("nephew", undefined)).toBe("neveu ou nièce");
    for (const r of RELATIONSHIPS) expect(relationshipFr(r, null)).toBe(RELATIONSHIP_FR[r]);
  });
});
