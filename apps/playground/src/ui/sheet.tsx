/** The engine's French calculation sheet, as text laid out in columns (it prints as is). */
export function Sheet({ text, id }: { text: string; id?: string }) {
  return (
    <pre class="sheet" data-testid="sheet" data-task-id={id} lang="fr">
      {text}
    </pre>
  );
}
