import { defineConfig } from "tsup";
import { base } from "../../tsup.base";

// No source map in the published bundle: the scorer is small and readable as built, and
// consumers (browsers included) download it; types stay (dts from the base config).
export default defineConfig({ ...base, entry: ["src/index.ts"], sourcemap: false });
