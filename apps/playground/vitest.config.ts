import { defineConfig } from "vitest/config";

// Unit tests of the view logic (test/) and end-to-end tests in Debian's Chromium against the
// built app (e2e/, after `pnpm build`; the root `pnpm test` builds first).
export default defineConfig({
  test: {
    name: "playground",
    include: ["test/**/*.test.ts", "e2e/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
