/**
 * Progress of `succ eval` on stderr: a bar redrawn in place on a terminal (done/total, mean
 * reward so far, rate, time left), or a plain line every PLAIN_EVERY_MS otherwise (logs, CI).
 */
const PLAIN_EVERY_MS = 10_000;
const TTY_EVERY_MS = 100;
const BAR_WIDTH = 24;

export function duration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "?";
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}

/** Where progress and messages go: stderr, or anything with `write` (tests). */
export interface Sink {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

/**
 * stderr for as long as someone reads it. A reader that goes away (`succ eval … 2>&1 | head`,
 * a dropped SSH session: EPIPE, EIO) silences it and never stops the run: the results and the
 * summary are files, and they are what counts.
 */
export class StderrSink implements Sink {
  private closed = false;
  readonly isTTY: boolean;

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {
    this.isTTY = stream.isTTY === true;
    // Kept for the life of the process: main's last error line may meet the closed pipe too.
    stream.on("error", () => {
      this.closed = true;
    });
  }

  write(text: string): void {
    if (this.closed || this.stream.destroyed) return;
    try {
      this.stream.write(text);
    } catch {
      this.closed = true;
    }
  }
}

export class Progress {
  private readonly started = Date.now();
  private last = 0;
  private sessionDone = 0;
  private shown = false;

  constructor(
    private readonly stream: Sink,
    private readonly total: number,
    private done: number,
    private sum: number,
    private readonly tty = stream.isTTY === true,
  ) {}

  /** A finished rollout (scored or failed). */
  tick(score: number): void {
    this.done++;
    this.sessionDone++;
    this.sum += score;
    const now = Date.now();
    if (now - this.last >= (this.tty ? TTY_EVERY_MS : PLAIN_EVERY_MS) || this.done === this.total) {
      this.last = now;
      this.draw(now);
    }
  }

  private line(now: number): string {
    const elapsed = now - this.started;
    const rate = elapsed > 0 ? (this.sessionDone * 1000) / elapsed : 0;
    const left = this.total - this.done;
    const eta = left === 0 ? "0s" : rate > 0 ? duration((left / rate) * 1000) : "?";
    const mean = this.done === 0 ? "-" : (this.sum / this.done).toFixed(3);
    const pct = this.total === 0 ? 100 : Math.floor((100 * this.done) / this.total);
    return `${this.done}/${this.total} (${pct}%)  mean reward ${mean}  ${rate.toFixed(1)}/s  ETA ${eta}`;
  }

  private draw(now: number): void {
    if (this.tty) {
      const filled = this.total === 0 ? BAR_WIDTH : Math.round((BAR_WIDTH * this.done) / this.total);
      const bar = `${"█".repeat(filled)}${"░".repeat(BAR_WIDTH - filled)}`;
      this.stream.write(`\r\x1b[K${bar} ${this.line(now)}`);
      this.shown = true;
    } else {
      this.stream.write(`succ eval: ${this.line(now)}\n`);
    }
  }

  /** Writes a message without breaking the bar. */
  say(text: string): void {
    if (this.tty && this.shown) this.stream.write("\r\x1b[K");
    this.stream.write(text.endsWith("\n") ? text : `${text}\n`);
    if (this.tty && this.shown) this.draw(Date.now());
  }

  /** Clears the bar (terminal) before the final table. */
  finish(): void {
    if (this.tty && this.shown) {
      this.draw(Date.now());
      this.stream.write("\n");
      this.shown = false;
    }
  }
}
