/**
 * @succ/server, the reward server behind `succ serve`: POST /score, POST /openrlhf (OpenRLHF's
 * remote reward protocol), GET /health, GET /version, gold answers rebuilt from task ids.
 * What a consumer uses: the app to mount (createApp), the process to run (runServer, listen),
 * their settings, the golds of task files (PreloadedGolds, `succ serve --tasks`) and the names
 * of the task sets on the wire (setName). The request readers, the gold cache and the reply
 * helpers are internal.
 */
export { createApp, DEFAULT_CONFIG, packageVersions, type AppConfig, type AppState } from "./app.js";
export { runServer, listen, ServeError, type Listening, type ServeOptions } from "./server.js";
export { PreloadedGolds, setName, type SetDefaults, type SetLevel, type SetOptions } from "./gold.js";
