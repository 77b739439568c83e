/**
 * The environment for the commands a test runs: the machine's, minus what the test runner or an
 * enclosing `pnpm run` put there (npm_config_*, npm_package_*, pnpm_config_*, VITEST*, NODE_ENV), so that a
 * registry, a user config or a lifecycle variable never leaks in from outside the test.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_config_|vitest|turbo_)/i.test(key)) continue;
    if (["PNPM_SCRIPT_SRC_DIR", "PNPM_PACKAGE_NAME", "NODE_ENV", "NODE_OPTIONS", "INIT_CWD", "TEST"].includes(key)) continue;
    env[key] = value;
  }
  return {
    ...env,
    TURBO_TELEMETRY_DISABLED: "1",
    DO_NOT_TRACK: "1",
    NO_UPDATE_NOTIFIER: "1",
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
    FORCE_COLOR: "0",
    ...extra,
  };
}
