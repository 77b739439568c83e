import { defineConfig } from "tsup";
import { base } from "../../tsup.base";

export default defineConfig({ ...base, entry: ["src/index.ts", "src/bin.ts", "src/generate-worker.ts"], dts: { entry: "src/index.ts" } });
