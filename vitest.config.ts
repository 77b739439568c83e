import { defineConfig } from "vitest/config";

// One project per package, named after it (as in dubzzz/fast-check).
const names = ["rules", "engine", "generator", "scoring", "server", "cli"];

export default defineConfig({
  test: {
    projects: [
      ...names.map((name) => ({
        test: {
          name: `@succ/${name}`,
          root: `packages/${name}`,
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          testTimeout: 60_000,
        },
      })),
      {
        test: {
          name: "@succ-app/python",
          root: "integrations/python",
          include: ["test/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      // The release check (local registry, publish, install): its own config and timeouts.
      "apps/release-check",
      // The playground: unit tests of its view logic, end-to-end tests in headless Chromium.
      "apps/playground",
    ],
  },
});
