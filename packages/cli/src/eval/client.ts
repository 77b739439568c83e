import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { CliError, reason } from "../errors.js";
import type { EvalConfig } from "./options.js";
import type { Redactor } from "./redact.js";
import { backoffMs, isRetryableStatus, retryAfterMs, sleep } from "./retry.js";

export interface Usage {
  prompt_tokens: number | null;
  completion_tokens: number | null;
  total_tokens: number | null;
}

export type Outcome =
  | { kind: "ok"; reply: string; finishReason: string | null; usage: Usage | null; latencyMs: number; attempts: number }
  | { kind: "error"; error: string; latencyMs: number; attempts: number }
  /** Cut short by Ctrl-C: not recorded, run again on resume. */
  | { kind: "aborted" };

/**
 * What the run shares with every request: `stop` aborts waits (first Ctrl-C: no new request,
 * no new attempt), `abort` aborts requests in flight (second Ctrl-C, or SIGTERM); `pausedUntil`
 * holds every worker back after a 429 with Retry-After.
 */
export interface RunControl {
  readonly stop: AbortSignal;
  readonly abort: AbortSignal;
  pausedUntil: number;
}

const MAX_ERROR_LENGTH = 600;

function usageOf(u: unknown): Usage | null {
  if (!u || typeof u !== "object") return null;
  const o = u as Record<string, unknown>;
  const num = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : null);
  return { prompt_tokens: num(o.prompt_tokens), completion_tokens: num(o.completion_tokens), total_tokens: num(o.total_tokens) };
}

function errorText(e: unknown): string {
  if (e instanceof APIError && e.status !== undefined) {
    const body = e.error as { message?: unknown } | undefined;
    const detail = typeof body?.message === "string" ? body.message : e.message.replace(/^\d+\s*/, "");
    return `HTTP ${e.status}${detail ? `: ${detail}` : ""}`;
  }
  if (e instanceof APIConnectionError) {
    const cause = (e as { cause?: { code?: string; message?: string; cause?: { code?: string } } }).cause;
    const code = cause?.code ?? cause?.cause?.code;
    return `connection error${code ? ` (${reason({ code })})` : ""}: ${e.message}`;
  }
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** Chat completions through the `openai` package, with this command's own retry policy. */
export class ModelClient {
  private readonly client: OpenAI;

  constructor(
    private readonly cfg: EvalConfig,
    private readonly control: RunControl,
    private readonly redactor: Redactor,
  ) {
    this.client = new OpenAI({
      baseURL: cfg.baseURL,
      // The SDK insists on a key; without one we give it a placeholder and remove the header.
      apiKey: cfg.apiKey ?? "no-key",
      ...(cfg.apiKey === null ? { defaultHeaders: { Authorization: null } } : {}),
      organization: null,
      project: null,
      maxRetries: 0,
      timeout: cfg.timeoutMs + 5_000,
    });
  }

  private clean(text: string): string {
    const t = this.redactor.scrub(text).replace(/\s+/g, " ").trim();
    return t.length > MAX_ERROR_LENGTH ? `${t.slice(0, MAX_ERROR_LENGTH)}…` : t;
  }

  /** One rollout: up to maxAttempts requests; retries 429, 5xx, time-outs and connection errors. */
  async complete(prompt: string): Promise<Outcome> {
    const { cfg, control } = this;
    let lastError = "";
    let lastLatency = 0;
    let attempts = 0;
    for (let attempt = 1; attempt <= cfg.maxAttempts; attempt++) {
      const wait = control.pausedUntil - Date.now();
      if (wait > 0 && !(await sleep(wait, control.stop))) return { kind: "aborted" };
      if (control.stop.aborted) return { kind: "aborted" };

      attempts = attempt;
      const attemptController = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        attemptController.abort();
      }, cfg.timeoutMs);
      const onAbort = () => attemptController.abort();
      control.abort.addEventListener("abort", onAbort, { once: true });
      const started = performance.now();
      let retryable: boolean;
      let serverWait: number | null = null;
      try {
        const res = await this.client.chat.completions.create(
          {
            model: cfg.model,
            messages: [{ role: "user", content: prompt }],
            ...(cfg.temperature !== null ? { temperature: cfg.temperature } : {}),
            ...(cfg.maxTokens !== null ? { max_tokens: cfg.maxTokens } : {}),
          },
          { signal: attemptController.signal, maxRetries: 0 },
        );
        const latencyMs = Math.round(performance.now() - started);
        const choice = Array.isArray(res?.choices) ? res.choices[0] : undefined;
        if (!choice) {
          return { kind: "error", error: "malformed response: no choices", latencyMs, attempts };
        }
        const content = choice.message?.content;
        return {
          kind: "ok",
          reply: typeof content === "string" ? content : "",
          finishReason: typeof choice.finish_reason === "string" ? choice.finish_reason : null,
          usage: usageOf(res.usage),
          latencyMs,
          attempts,
        };
      } catch (e) {
        lastLatency = Math.round(performance.now() - started);
        if (control.abort.aborted && !timedOut) return { kind: "aborted" };
        if (timedOut || e instanceof APIConnectionTimeoutError) {
          lastError = `timeout: no complete response within ${cfg.timeoutMs / 1000} s`;
          retryable = true;
        } else if (e instanceof APIUserAbortError) {
          return { kind: "aborted" };
        } else if (e instanceof APIConnectionError) {
          lastError = errorText(e);
          retryable = true;
        } else if (e instanceof APIError && typeof e.status === "number") {
          lastError = errorText(e);
          retryable = isRetryableStatus(e.status);
          serverWait = retryAfterMs(e.headers);
          if (e.status === 429 && serverWait !== null) {
            control.pausedUntil = Math.max(control.pausedUntil, Date.now() + serverWait);
          }
        } else {
          // A body that is not JSON, or any other surprise: recorded, not retried.
          lastError = `malformed response: ${errorText(e)}`;
          retryable = false;
        }
      } finally {
        clearTimeout(timer);
        control.abort.removeEventListener("abort", onAbort);
      }
      if (!retryable || attempt === cfg.maxAttempts) break;
      const delay = serverWait ?? backoffMs(attempt);
      if (!(await sleep(delay, control.stop))) return { kind: "aborted" };
    }
    return { kind: "error", error: this.clean(lastError), latencyMs: lastLatency, attempts };
  }
}

const PREFLIGHT_TIMEOUT_MS = 15_000;

/**
 * GET /models answered 404: some servers have no model list, but a base URL without its /v1
 * has no chat route either. An empty POST /chat/completions tells them apart without sending a
 * task: a server with the route refuses the body (400, 422…), a wrong root answers 404.
 */
async function checkChatRoute(cfg: EvalConfig, headers: Record<string, string>, redactor: Redactor): Promise<void> {
  let status: number;
  try {
    const res = await fetch(`${cfg.baseURL}/chat/completions`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: "{}",
      signal: AbortSignal.timeout(Math.min(cfg.timeoutMs, PREFLIGHT_TIMEOUT_MS)),
    });
    status = res.status;
    await res.body?.cancel();
  } catch {
    return; // The run's own requests will say what is wrong.
  }
  if (status !== 404) return;
  const hint = /\/v\d+[a-z]*$/.test(cfg.displayBaseURL)
    ? "check the path of the URL"
    : `the API root usually ends in /v1: try --base-url ${cfg.displayBaseURL}/v1`;
  throw new CliError(redactor.scrub(`--base-url ${cfg.displayBaseURL}: no chat-completions API there (HTTP 404 on GET /models and on POST /chat/completions); ${hint}`));
}

/**
 * The quick request made before any task is sent: GET {base}/models. Any HTTP answer proves the
 * server reachable, except 401/403 (the key is refused or missing). A connection failure or no
 * answer in 15 s (or --timeout if shorter) is a CliError (exit 2). Returns a warning when the
 * server lists its models and --model is not among them (some servers list only part of them).
 */
export async function preflight(cfg: EvalConfig, redactor: Redactor): Promise<string | null> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (cfg.apiKey !== null) headers.Authorization = `Bearer ${cfg.apiKey}`;
  let res: Response;
  try {
    res = await fetch(`${cfg.baseURL}/models`, {
      headers,
      signal: AbortSignal.timeout(Math.min(cfg.timeoutMs, PREFLIGHT_TIMEOUT_MS)),
    });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string; message?: string } };
    const why =
      err.name === "TimeoutError"
        ? `no answer within ${Math.min(cfg.timeoutMs, PREFLIGHT_TIMEOUT_MS) / 1000} s`
        : err.cause?.code !== undefined ? reason(err.cause) : (err.cause?.message ?? err.message);
    throw new CliError(redactor.scrub(`cannot reach ${cfg.displayBaseURL} (GET /models before any task was sent): ${why}`));
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    throw new CliError(
      cfg.apiKey === null
        ? `${cfg.displayBaseURL} wants a key (HTTP ${res.status} on GET /models) and $${cfg.apiKeyEnv} is not set; set it, or name another variable with --api-key-env`
        : `${cfg.displayBaseURL} refused the key from $${cfg.apiKeyEnv} (HTTP ${res.status} on GET /models)`,
    );
  }
  if (res.status === 404) {
    await res.body?.cancel();
    await checkChatRoute(cfg, headers, redactor);
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel();
    return null;
  }
  try {
    const body = (await res.json()) as { data?: Array<{ id?: unknown }> };
    if (Array.isArray(body.data) && body.data.length > 0 && !body.data.some((m) => m?.id === cfg.model)) {
      return redactor.scrub(`warning: ${cfg.displayBaseURL}/models does not list "${cfg.model}"; trying it anyway`);
    }
  } catch {
    // Not a model list: nothing to check.
  }
  return null;
}
