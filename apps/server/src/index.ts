/**
 * The reward server of `succ serve` (a private workspace app, bundled into @succ/cli's dist):
 * POST /score, POST /openrlhf (OpenRLHF's remote reward protocol), GET /health, GET /version.
 */
export { createApp, DEFAULT_CONFIG, packageVersions, type AppConfig, type AppState } from "./app.js";
export { runServer, listen, ServeError, type Listening, type ServeOptions } from "./server.js";
export { GoldCache, readTaskRef, setName, SET_OPTION_KEYS, type SetDefaults, type SetLevel, type SetOptions, type TaskRef } from "./gold.js";
export { readLabel, readOpenRlhfRequest, readScoreRequest, type GoldSource, type Job } from "./requests.js";
export { replyFromQuery, trimReply } from "./reply.js";
export { RequestError } from "./errors.js";
