/** Retry policy of `succ eval`: which failures are retried, and how long to wait before the next attempt. */

/** First back-off step and ceiling (milliseconds). */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;
/** A server's Retry-After is honoured up to this wait (milliseconds). */
export const RETRY_AFTER_CAP_MS = 5 * 60_000;

/** 408 request timeout, 409 conflict/lock, 425 too early, 429 rate limit, and every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || (status >= 500 && status <= 599);
}

interface HeaderSource {
  get(name: string): string | null;
}

/**
 * The wait a server asks for, in milliseconds, or null: `retry-after-ms` (OpenAI's), then
 * `Retry-After` as delay-seconds (`"2"`, `"1.5"`) or as an HTTP date. A date in the past gives 0.
 * Capped at RETRY_AFTER_CAP_MS.
 */
export function retryAfterMs(headers: HeaderSource | undefined | null, now = Date.now()): number | null {
  if (!headers) return null;
  let ms: number | null = null;
  const rawMs = headers.get("retry-after-ms");
  if (rawMs !== null && /^\s*\d+(\.\d+)?\s*$/.test(rawMs)) ms = Number(rawMs);
  const raw = ms === null ? headers.get("retry-after") : null;
  if (raw !== null && raw !== undefined) {
    const text = raw.trim();
    if (/^\d+(\.\d+)?$/.test(text)) {
      ms = Number(text) * 1000;
    } else if (text !== "") {
      const date = Date.parse(text);
      if (!Number.isNaN(date)) ms = Math.max(0, date - now);
    }
  }
  if (ms === null || !Number.isFinite(ms)) return null;
  return Math.min(Math.max(0, ms), RETRY_AFTER_CAP_MS);
}

/**
 * Exponential back-off with jitter before attempt `failures + 1`: the step doubles from
 * BACKOFF_BASE_MS up to BACKOFF_CAP_MS, and the wait is drawn uniformly in [step/2, step]
 * ("equal jitter"), so that concurrent rollouts do not retry in lockstep.
 */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** Waits `ms`, or less if `signal` aborts first; true when the whole wait elapsed. */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
