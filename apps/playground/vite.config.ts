import { builtinModules } from "node:module";
import { defineConfig, type Plugin } from "vite";

const NODE_BUILTINS = new Set(builtinModules);

/**
 * The app runs in a browser only: a `node:` import (or a bare Node built-in such as `fs`) that
 * reaches the bundle from any package is a build error, not a silent browser shim.
 */
export function noNodeBuiltins(): Plugin {
  return {
    name: "playground:no-node-builtins",
    enforce: "pre",
    resolveId(id, importer) {
      if (id.startsWith("node:") || NODE_BUILTINS.has(id)) {
        this.error(`${id} imported by ${importer ?? "?"}: the playground bundle must not depend on Node built-ins`);
      }
      return null;
    },
  };
}

export default defineConfig({
  // Relative asset paths: the built folder works wherever it is served from.
  base: "./",
  plugins: [noNodeBuiltins()],
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: { outDir: "dist", target: "es2022", sourcemap: false },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
