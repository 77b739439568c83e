import { SUCCESS_THRESHOLD } from "@succ/scoring";
import { readConfig } from "../eval/options.js";
import { fictionalLawHelp, MAX_LEVEL } from "../set-options.js";

const HELP = `Usage: succ eval --base-url URL --model M --out DIR [options]

Runs a model behind an OpenAI-compatible chat-completions API on the task set and scores every
reply with @succ/scoring. Each prompt is sent as one user message (openai npm package).

Required:
  --base-url URL       the API root, http:// or https:// (e.g. https://openrouter.ai/api/v1,
                       http://127.0.0.1:8000/v1); no user:password@ in it
  -m, --model M        the model name the server expects
  -o, --out DIR        folder for results.jsonl and summary.json (created if missing)

Tasks:
  -n N                 number of tasks (default 6: the calibration set)
  --seed S             generator seed (default 0)
  --level L            0 = the mix of levels 1 to 4 (default), or 1 to ${MAX_LEVEL}
${fictionalLawHelp(23)}  -r, --rollouts R     attempts per task (default 1)
  --all-or-nothing     score 0 unless every value is right (no partial credit)
  --strict-end         refuse end-of-sequence tokens (<|im_end|>, </s>, …) after the block;
                       by default they are allowed there, as @succ/scoring reads a reply

Requests:
  --api-key-env VAR    environment variable holding the key (default OPENAI_API_KEY), sent as
                       "Authorization: Bearer <key>"; never printed nor written to any file.
                       When the default OPENAI_API_KEY is unset, no Authorization header is
                       sent (local servers often need none); a variable named with this option
                       must be set.
  -c, --concurrency C  requests in flight at once (default 8)
  --temperature T      sampling temperature (default: the server's)
  --max-tokens N       max_tokens of each completion (default: the server's)
  --timeout S          seconds allowed for one request, response body included (default 600)
  --max-attempts K     attempts per rollout (default 5): 429, 5xx, 408, 409, time-outs and
                       connection errors are retried with exponential back-off and jitter
                       (1 s, 2 s, 4 s, … up to 60 s, each drawn in [step/2, step]); a
                       Retry-After (seconds or HTTP date) or retry-after-ms header replaces the
                       back-off (at most 5 min), and a 429's Retry-After also holds back every
                       other request. Other 4xx are not retried. A rollout that still fails is
                       recorded with its error and score 0, and the run goes on.
  -h, --help           this help

Before any task is sent, GET {base-url}/models checks that the server answers (and accepts
the key): an unreachable server, a refused key, a URL with no chat-completions API behind it
(often a base URL without its /v1) or a bad option stops with exit code 2.

Output:
  DIR/results.jsonl    one line per rollout, appended as soon as it is scored: id, index,
                       level, variant, rollout, reply, score, reason, finish_reason, usage
                       (prompt/completion/total tokens), latency_ms (last attempt), attempts,
                       error (null, or why the rollout failed; reply is then null)
  DIR/summary.json     model, base URL (scheme, host, path only), settings, and overall and
                       per level: done, errors, mean reward, successes and success rate
                       (a success is a reply with every value right, score >= ${SUCCESS_THRESHOLD},
                       as @succ/scoring's isSuccess says), tokens; status "running",
                       "complete" or "interrupted"
  stderr               a progress bar on a terminal (done/total, mean reward so far, rate,
                       time left), a plain line every 10 s otherwise; the table at the end.
                       Nothing is written to stdout.

Resume: running again with the same --out skips the rollouts already in results.jsonl (same
model, seed, level and scoring mode required; -n and -r may grow, never shrink: give at least
the -n and -r of the run there). Rollouts recorded with an error are run again; lines cut short
by a crash are dropped and the file rewritten cleanly.

Ctrl-C: no new request is sent; the requests in flight are allowed to finish and are recorded;
a second Ctrl-C aborts them (those rollouts are not recorded and run on the next resume). The
summary is written and the exit code is 130 (143 on SIGTERM, which aborts at once).

A closed stderr (\`succ eval … 2>&1 | head\`) or a hang-up (SIGHUP: the SSH session dropped)
does not stop the run: it goes on silently, and results.jsonl and summary.json are complete.

Exit codes: 0 done (some failed rollouts included), 1 every rollout this run sent failed,
2 bad option, unreachable server or a file under --out that cannot be written,
130/143 interrupted.
`;

export async function run(argv: string[]): Promise<number> {
  const cfg = readConfig(argv);
  if (cfg === null) {
    process.stdout.write(HELP);
    return 0;
  }
  const { runEval } = await import("../eval/run.js");
  return runEval(cfg);
}
