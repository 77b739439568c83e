import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// One project per package, named after it (as in dubzzz/fast-check).
const names = ["rules", "engine", "generator", "scoring", "server", "cli"];

export default defineConfig({
  test: {
    // A test file a core (vitest's default in a run is one fewer: a single worker on 2 cores).
    // Many files mostly wait (the release check on npm and a registry, the CLI's tests on the
    // processes they start), so two at a time on 2 cores take well under the time of one.
    maxWorkers: availableParallelism(),
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
