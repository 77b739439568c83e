#!/usr/bin/env node
import { main } from "./main.js";

function internalError(e: unknown): void {
  process.stderr.write(`succ: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
}

// A crash outside main's promise (an exception thrown from a timer or a stream callback) exits
// through process.exit, so that the "exit" hook of io.ts removes the temporary files.
process.on("uncaughtException", (e) => {
  internalError(e);
  process.exit(70);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    internalError(e);
    process.exitCode = 70;
  },
);
