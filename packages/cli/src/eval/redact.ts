/** Shorter keys are placeholders ("EMPTY", "none"), not secrets: replacing them would mangle replies. */
export const MIN_SECRET_LENGTH = 8;

/**
 * Keeps secrets out of everything `succ eval` writes: stderr, results.jsonl, summary.json.
 * Every piece of text that may hold a server's words (replies, error messages) goes through
 * `scrub` before it is written.
 */
export class Redactor {
  private readonly secrets: string[];

  constructor(secrets: Array<string | null | undefined>) {
    const all = new Set<string>();
    for (const s of secrets) {
      if (!s || s.length < MIN_SECRET_LENGTH) continue;
      all.add(s);
      const encoded = encodeURIComponent(s);
      if (encoded !== s) all.add(encoded);
      const json = JSON.stringify(s).slice(1, -1);
      if (json !== s) all.add(json);
    }
    // Longest first, so that a secret containing another is replaced whole.
    this.secrets = [...all].sort((a, b) => b.length - a.length);
  }

  scrub(text: string): string {
    let out = text;
    for (const s of this.secrets) {
      if (out.includes(s)) out = out.split(s).join("[REDACTED]");
    }
    return out;
  }
}

/** The base URL as shown and recorded: scheme, host, port and path; no user info, query or fragment. */
export function displayUrl(url: URL): string {
  const path = url.pathname.replace(/\/+$/, "");
  return `${url.protocol}//${url.host}${path}`;
}
