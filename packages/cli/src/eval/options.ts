import { intOption, parse } from "../args.js";
import { CliError } from "../errors.js";
import { joinNegativeValues, SET_OPTIONS, setOptions } from "../set-options.js";
import { displayUrl } from "./redact.js";

export const DEFAULT_API_KEY_ENV = "OPENAI_API_KEY";

export interface EvalConfig {
  /** The base URL handed to the SDK (as given, trailing slashes removed). */
  baseURL: string;
  /** The base URL as recorded and shown: no user info, query or fragment. */
  displayBaseURL: string;
  model: string;
  apiKeyEnv: string;
  /** The key, or null when the variable is unset or empty (then no Authorization header is sent). */
  apiKey: string | null;
  n: number;
  /** True when -n was not given (a resume names the default, not a choice). */
  nIsDefault: boolean;
  seed: number;
  /** 0 = the mix of levels, else a single level. */
  level: number;
  /** --fictional-law: each task's own fictional law. */
  fictionalLaw: boolean;
  rollouts: number;
  /** True when -r was not given. */
  rolloutsIsDefault: boolean;
  concurrency: number;
  temperature: number | null;
  maxTokens: number | null;
  timeoutMs: number;
  maxAttempts: number;
  allOrNothing: boolean;
  /** Refuse end-of-sequence tokens after the block (@succ/scoring's strictEnd). */
  strictEnd: boolean;
  outDir: string;
}

export const OPTIONS = {
  "base-url": { type: "string" },
  model: { type: "string", short: "m" },
  "api-key-env": { type: "string" },
  rollouts: { type: "string", short: "r" },
  concurrency: { type: "string", short: "c" },
  temperature: { type: "string" },
  "max-tokens": { type: "string" },
  timeout: { type: "string" },
  "max-attempts": { type: "string" },
  "all-or-nothing": { type: "boolean" },
  "strict-end": { type: "boolean" },
  out: { type: "string", short: "o" },
  ...SET_OPTIONS,
} as const;

function numberOption(name: string, raw: string | undefined, min: number, max: number, minExclusive: boolean): number | null {
  if (raw === undefined) return null;
  const text = raw.trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) throw new CliError(`${name}: expected a number, got "${raw}"`);
  const x = Number(text);
  if (!Number.isFinite(x) || (minExclusive ? x <= min : x < min) || x > max) {
    throw new CliError(`${name}: expected a number ${minExclusive ? "above" : "from"} ${min}${minExclusive ? " and up to" : " to"} ${max}, got ${raw}`);
  }
  return x;
}

function baseUrl(raw: string | undefined): URL {
  if (raw === undefined || raw.trim() === "") {
    throw new CliError("--base-url is required: the OpenAI-compatible API root, e.g. https://openrouter.ai/api/v1 or http://127.0.0.1:8000/v1");
  }
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new CliError(`--base-url: not a URL: "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CliError(`--base-url: expected an http:// or https:// URL, got ${url.protocol}//`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new CliError("--base-url must not hold credentials (user:password@); put the key in an environment variable and name it with --api-key-env");
  }
  return url;
}

/** Parses and checks every option; throws CliError (exit 2) before anything is sent. Null for --help. */
export function readConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): EvalConfig | null {
  const { values } = parse(joinNegativeValues(argv), OPTIONS);
  if (values.help) return null;
  const url = baseUrl(values["base-url"]);
  const model = values.model?.trim();
  if (!model) throw new CliError("--model is required: the model name the server expects, e.g. --model gpt-4o-mini");
  const apiKeyEnv = values["api-key-env"] ?? DEFAULT_API_KEY_ENV;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(apiKeyEnv)) {
    throw new CliError(`--api-key-env: expected the name of an environment variable, got "${apiKeyEnv}"`);
  }
  const apiKey = env[apiKeyEnv];
  if (values["api-key-env"] !== undefined && !apiKey) {
    throw new CliError(`--api-key-env ${apiKeyEnv}: that environment variable is not set (or empty)`);
  }
  if (!values.out) throw new CliError("--out DIR is required: the folder that receives results.jsonl and summary.json");
  const timeoutS = numberOption("--timeout", values.timeout, 0, 86_400, true);
  const temperature = numberOption("--temperature", values.temperature, 0, 100, false);
  const set = setOptions(values, { n: 6, minN: 1 });
  const cleaned = url.href.replace(/\/+$/, "");
  return {
    baseURL: cleaned,
    displayBaseURL: displayUrl(url),
    model,
    apiKeyEnv,
    apiKey: apiKey ? apiKey : null,
    n: set.n,
    nIsDefault: values.n === undefined,
    seed: set.seed,
    level: set.level,
    fictionalLaw: set.fictionalLaw,
    rollouts: intOption("-r", values.rollouts, 1, 1, 10_000),
    rolloutsIsDefault: values.rollouts === undefined,
    concurrency: intOption("-c", values.concurrency, 8, 1, 4096),
    temperature,
    maxTokens: values["max-tokens"] === undefined ? null : intOption("--max-tokens", values["max-tokens"], 0, 1, 100_000_000),
    timeoutMs: Math.round((timeoutS ?? 600) * 1000),
    maxAttempts: intOption("--max-attempts", values["max-attempts"], 5, 1, 100),
    allOrNothing: values["all-or-nothing"] === true,
    strictEnd: values["strict-end"] === true,
    outDir: values.out,
  };
}
