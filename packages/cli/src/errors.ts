/** An error meant for the user: printed as `succ <command>: <message>` without a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** What a system error code means, in words (the ones a file, a folder or a connection gives). */
const REASONS: Record<string, string> = {
  ENOENT: "no such file",
  EISDIR: "is a folder",
  ENOTDIR: "a part of the path is not a folder",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EROFS: "read-only file system",
  EEXIST: "already exists",
  ENOTEMPTY: "the folder is not empty",
  ELOOP: "too many levels of symbolic links",
  ENAMETOOLONG: "name too long",
  EMFILE: "too many open files",
  ENFILE: "too many open files",
  EBUSY: "busy",
  EIO: "input/output error",
  ENXIO: "no such device",
  EFBIG: "file too large",
  EXDEV: "on another file system",
  EPIPE: "the reader closed the pipe",
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "the host name could not be resolved",
  ETIMEDOUT: "timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
};

/**
 * A system error as words: « no such file », « is a folder », « permission denied »… (an
 * unknown code as it is, an error without a code by its message).
 */
export function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException | null;
  // fs.rm reports a folder as ERR_FS_EISDIR.
  const code = err?.code === "ERR_FS_EISDIR" ? "EISDIR" : err?.code;
  if (code !== undefined) return REASONS[code] ?? code;
  return e instanceof Error ? e.message : String(e);
}

/** Levenshtein distance (insertions, deletions, substitutions, and a swap of two neighbours). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known name closest to `name` (`--explian` → `--explain`), or null when none is close: at
 * most a third of the name's letters changed (at least one), or a known name that starts with
 * it (`--exp` → `--explain`) when only one does.
 */
export function closest(name: string, known: readonly string[]): string | null {
  const bare = (s: string) => s.replace(/^-+/, "").toLowerCase();
  const n = bare(name);
  if (n === "") return null;
  let best: string | null = null;
  let bestD = Infinity;
  for (const k of known) {
    const d = distance(n, bare(k));
    if (d < bestD) {
      best = k;
      bestD = d;
    }
  }
  if (best !== null && bestD <= Math.max(1, Math.floor(n.length / 3))) return best;
  const prefixed = known.filter((k) => bare(k).startsWith(n));
  return n.length >= 2 && prefixed.length === 1 ? prefixed[0]! : null;
}

/** `; did you mean "--explain"?`, or "" when no known name is close. */
export function didYouMean(name: string, known: readonly string[]): string {
  const c = closest(name, known);
  return c === null ? "" : `; did you mean ${c}?`;
}

/** `1 task`, `2 tasks`, `0 tasks`; `count(3, "reply", "replies")` for an irregular plural. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
