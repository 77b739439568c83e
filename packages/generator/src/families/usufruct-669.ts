import { euros } from "@succ/engine";
import { usufructPercent, type Law } from "@succ/rules";
import { percent, rateFr } from "../french.js";
import { engineFamily, generatorFamily, ruleRef } from "./generator-family.js";

/** Art. 669 (cgi): the value of the usufruct and of the bare ownership by the usufructuary's age. */

function rule669(law: Law): string {
  const rows: string[] = [];
  let lower = 0;
  for (const row of law.usufruct669) {
    const label = row.maxAge === null ? `${lower} ans et plus` : lower === 0 ? `jusqu'à ${row.maxAge} ans` : `de ${lower} à ${row.maxAge} ans`;
    rows.push(`   | ${label} | ${percent(row.usufructPercent)} | ${percent(100 - row.usufructPercent)} |`);
    if (row.maxAge !== null) lower = row.maxAge + 1;
  }
  const age = 64;
  const bare = 100 - usufructPercent(law.usufruct669, age);
  return [
    `Usufruit et nue-propriété (art. 669). La valeur de l'usufruit dépend de l'âge de l'usufruitier au jour du fait générateur (règle ${ruleRef("age")}) ; la nue-propriété vaut le complément à 100 % :`,
    "   | Âge de l'usufruitier | Usufruit | Nue-propriété |",
    "   | --- | --- | --- |",
    ...rows,
    `   Exemple fictif : usufruitier de ${age} ans : usufruit ${percent(100 - bare)}, nue-propriété ${percent(bare)} ; la nue-propriété d'un bien de ${euros(200_000)} vaut ${euros(200_000 * bare / 100)}.`,
  ].join("\n");
}

function art669(law: Law): string {
  const rows: string[] = [];
  let lower = 0;
  for (const r of law.usufruct669) {
    const who = r.maxAge === null ? `${lower} ans révolus et plus` : lower === 0 ? `moins de ${r.maxAge + 1} ans révolus` : `de ${lower} à ${r.maxAge} ans révolus`;
    rows.push(`${who} : usufruit ${rateFr(r.usufructPercent)}, nue-propriété ${rateFr(100 - r.usufructPercent)}`);
    if (r.maxAge !== null) lower = r.maxAge + 1;
  }
  return `- **Art. 669 (usufruit et nue-propriété).** La valeur de la nue-propriété et de l'usufruit est une fraction de la valeur de la pleine propriété, selon l'âge de l'usufruitier au jour de la transmission : ${rows.join(" ; ")}.`;
}

export const USUFRUCT = generatorFamily({
  engine: engineFamily("usufruct669"),
  numbered: [{ rule: "669", place: 40, appears: (level) => level === 4, text: (_level, _kind, law) => rule669(law) }],
  articles: [{ place: 110, kinds: ["gift"], text: art669 }],
  stillRight: [{ place: 60, key: "usufruct669", label: "split ownership (art. 669) ignored", rules: ["usufruct669"], levels: [4] }],
});
