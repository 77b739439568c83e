/**
 * The engine's French calculation sheet, one line of text per line box. A line longer than the
 * panel wraps, its continuation indented under the line's own text (a hanging indent of the
 * line's leading spaces plus four), so the columns stay readable and nothing is cut off on the
 * right; the text copied out is the sheet as the engine wrote it.
 */
export function Sheet({ text, id }: { text: string; id?: string }) {
  const lines = text.split("\n");
  return (
    <pre class="sheet" data-testid="sheet" data-task-id={id} lang="fr">
      {lines.map((line, k) => {
        const indent = line.length - line.trimStart().length + 4;
        return (
          <span key={k} class="line" style={{ paddingLeft: `${indent}ch`, textIndent: `-${indent}ch` }}>
            {k < lines.length - 1 ? `${line}\n` : line}
          </span>
        );
      })}
    </pre>
  );
}
