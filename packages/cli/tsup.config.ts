import { defineConfig } from "tsup";
import { base } from "../../tsup.base";

// @succ-app/server is a private workspace app: its code is bundled into this package's dist
// (its own dependencies, hono and @hono/node-server, are this package's dependencies).
export default defineConfig({ ...base, entry: ["src/index.ts", "src/bin.ts"], dts: { entry: "src/index.ts" }, noExternal: ["@succ-app/server"] });
