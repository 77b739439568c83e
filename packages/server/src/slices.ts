/**
 * The work of one request in slices. Rebuilding a gold answer takes up to a few milliseconds
 * (levels 5 and 6), so a batch of 4,096 new ids is seconds of work: done in one go, it would
 * hold every other request of the process (a /health probe included) for that long. A request
 * gives the event loop back after each slice of SLICE_MS, so that requests arriving meanwhile
 * are read and answered in between; and it stops when its client has gone.
 */
import { setImmediate as nextTurn } from "node:timers/promises";

/** Longest stretch of one request's work between two turns of the event loop, in ms. */
export const SLICE_MS = 10;

/** The client closed its connection before the answer: nothing more to do for it. */
export class ClientGone extends Error {
  override readonly name = "ClientGone";
}

export class Slices {
  private started = performance.now();

  constructor(
    /**
     * The request's abort signal, asked for at the end of a slice only: @hono/node-server makes
     * a request's AbortController (an EventTarget, a few % of a small request's CPU) when its
     * signal is first asked for, aborted already if the client went away before.
     */
    private readonly signal: () => AbortSignal | undefined,
    private readonly sliceMs = SLICE_MS,
  ) {}

  /**
   * Call before each unit of work: past the slice, a promise of one turn of the event loop, to
   * await; within it, undefined (no promise made and awaited for each item of a batch).
   */
  next(done: number, total: number): Promise<void> | undefined {
    if (performance.now() - this.started < this.sliceMs) return undefined;
    return this.turn(done, total);
  }

  private async turn(done: number, total: number): Promise<void> {
    await nextTurn();
    if (this.signal()?.aborted === true) throw new ClientGone(`the client closed the connection after ${done} of ${total} items: the rest not scored`);
    this.started = performance.now();
  }
}
