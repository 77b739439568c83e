import type { Options } from "tsup";

/** Shared build settings: ESM only, types, source maps (as in vercel/ai and changesets). */
export const base: Options = {
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
};
