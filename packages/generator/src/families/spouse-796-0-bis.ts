import { engineFamily, generatorFamily } from "./generator-family.js";

/** Art. 796-0 bis (cgi): the surviving spouse and the PACS partner exempt (the seed rules state it in the allowances' rule). */
export const SPOUSE_EXEMPTION = generatorFamily({
  engine: engineFamily("spouseExemption"),
  articles: [{ place: 50, kinds: ["estate"], text: () => `- **Art. 796-0 bis.** Le conjoint survivant et le partenaire lié au défunt par un PACS sont exonérés de droits de mutation par décès.` }],
});
