import { defineConfig } from "vitest/config";

// Slow on purpose: a full build, a registry, npm installs. The machine has 2 cores shared
// with other test runs, hence the generous limits.
export default defineConfig({
  test: {
    name: "@succ-app/release-check",
    include: ["test/**/*.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
