/**
 * A request's body read from Node's socket as bytes, without decoding it: its chunks are copied
 * into one string of one character a byte (latin1, a copy with no decoding step) when it has
 * all arrived (latin1Of), and the chunks are kept. Decoding a body as UTF-8 (what fetch's
 * Request.text() does, with TextDecoder) was the dearest step of a request by answer: V8 decodes byte by byte from the
 * first non-ASCII character on (a French reply has one in its first words), about 24
 * instructions a byte, a third of the server's work on a batch of 256 replies; and joining the
 * chunks into one buffer first (Buffer.concat) touched a fresh 120 KB for each such batch.
 * Every JSON token is ASCII, so a reader finds the same structure in the bytes as in the text;
 * what it takes from them as text, a string's characters, it decodes itself (requests.ts,
 * readScoreText's bytes). `text()` gives the body decoded as before, for any other reader.
 */
import { isAscii } from "node:buffer";
import type { IncomingMessage } from "node:http";

/** What fetch's Request.text() decodes a body with (@hono/node-server's c.req.text() too): a leading BOM dropped, invalid sequences replaced. */
const decoder = new TextDecoder();

/** The body's bytes (one character a byte) decoded as Request.text() decodes a body. */
export function decodeBytes(bytes: string): string {
  return decoder.decode(Buffer.from(bytes, "latin1"));
}

/** A UTF-8 continuation byte: 10xxxxxx (false for NaN, past the end). */
function isTail(c: number): boolean {
  return c >= 0x80 && c <= 0xbf;
}

/** The next character from 0x80 up, from lastIndex on (RegExp.test: native, no match object made). */
const NON_ASCII = /[^\x00-\x7f]/g;

/**
 * The UTF-8 text of `bytes` (one character a byte); null when the bytes are not well-formed
 * UTF-8 (decodeBytes then tells how TextDecoder replaces what is not), or hold a character over
 * 0xff (not a byte). The ASCII runs between the sequences are found by a regular expression and
 * copied as slices (a loop of charCodeAt costs some 30 instructions a character): a French reply
 * has a few accented letters in a few hundred bytes.
 */
export function utf8Text(bytes: string): string | null {
  NON_ASCII.lastIndex = 0;
  if (!NON_ASCII.test(bytes)) return bytes;
  let at = NON_ASCII.lastIndex - 1;
  let text = "";
  let copied = 0;
  for (;;) {
    const b = bytes.charCodeAt(at);
    // Well-formed sequences (the Unicode standard's table 3-7): no overlong form, no surrogate, nothing past U+10FFFF.
    let code: number;
    let size: number;
    if (b >= 0xc2 && b <= 0xdf) {
      const b1 = bytes.charCodeAt(at + 1);
      if (!isTail(b1)) return null;
      code = ((b & 0x1f) << 6) | (b1 & 0x3f);
      size = 2;
    } else if (b >= 0xe0 && b <= 0xef) {
      const b1 = bytes.charCodeAt(at + 1);
      const b2 = bytes.charCodeAt(at + 2);
      if (!(b1 >= (b === 0xe0 ? 0xa0 : 0x80) && b1 <= (b === 0xed ? 0x9f : 0xbf)) || !isTail(b2)) return null;
      code = ((b & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
      size = 3;
    } else if (b >= 0xf0 && b <= 0xf4) {
      const b1 = bytes.charCodeAt(at + 1);
      const b2 = bytes.charCodeAt(at + 2);
      const b3 = bytes.charCodeAt(at + 3);
      if (!(b1 >= (b === 0xf0 ? 0x90 : 0x80) && b1 <= (b === 0xf4 ? 0x8f : 0xbf)) || !isTail(b2) || !isTail(b3)) return null;
      code = ((b & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
      size = 4;
    } else return null;
    const char = code < 0x10000 ? String.fromCharCode(code) : String.fromCharCode(0xd800 + ((code - 0x10000) >> 10), 0xdc00 + (code & 0x3ff));
    text += at === copied ? char : bytes.slice(copied, at) + char;
    at += size;
    copied = at;
    // The next sequence: right here (a word of accented letters), or after a run of ASCII.
    if (at < bytes.length && bytes.charCodeAt(at) < 0x80) {
      NON_ASCII.lastIndex = at;
      if (!NON_ASCII.test(bytes)) break;
      at = NON_ASCII.lastIndex - 1;
    } else if (at >= bytes.length) break;
  }
  return copied === bytes.length ? text : text + bytes.slice(copied);
}

export class RequestBody {
  constructor(
    /** The body's bytes, one character each (latin1). */
    readonly bytes: string,
    /** Whether every byte is ASCII: then `bytes` is the text itself. */
    readonly ascii: boolean,
    private readonly chunks: readonly Buffer[],
  ) {}

  /** The body as UTF-8 text, decoded as Request.text() decodes it. */
  text(): string {
    if (this.ascii) return this.bytes;
    return decoder.decode(this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks));
  }
}

/** Bodies up to this size are joined in `scratch` (kept between requests): larger ones by Buffer.concat. */
const SCRATCH_BYTES = 1 << 20;
let scratch = Buffer.alloc(0);

/**
 * The bytes of `chunks` (`length` in all) as one string of one character a byte. The chunks of a
 * body are joined in a buffer kept for the next requests, then copied into the string once: a
 * string made of each chunk's would be copied again, the first time it is read, into a flat one
 * (twice the body's size of young objects a request), and a new buffer for each body
 * (Buffer.concat) is fresh memory, which the kernel maps a page fault at a time.
 */
function latin1Of(chunks: readonly Buffer[], length: number): string {
  if (chunks.length === 1) return chunks[0]!.toString("latin1");
  if (length > SCRATCH_BYTES) return Buffer.concat(chunks, length).toString("latin1");
  if (scratch.length < length) scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_BYTES, Math.max(length, 2 * scratch.length, 1 << 16)));
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(scratch, at);
  return scratch.toString("latin1", 0, length);
}

/**
 * Whether `incoming` can be read by readBodyBytes: nothing read from it yet and not torn down (an
 * upload cut short before the request's handler ran is left to @hono/node-server's reader,
 * which tells what it got).
 */
export function canReadBody(incoming: IncomingMessage): boolean {
  return !incoming.readableDidRead && !incoming.destroyed && incoming.readableEncoding === null;
}

/**
 * Reads the whole body of `incoming` (canReadBody). Rejects with BodyTooLarge as soon as more
 * than `maxBytes` have come (a chunked body, whose size no header gives), when the client goes away before
 * the end of the body, or when the stream fails (the app's error handler then tells an upload
 * given up from a bug, by the state of `incoming`); a body received whole before its
 * connection closed is read, as @hono/node-server reads it.
 */
export function readBodyBytes(incoming: IncomingMessage, maxBytes = Infinity): Promise<RequestBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let ascii = true;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (ascii) ascii = isAscii(chunk);
      if (length > maxBytes) {
        // The rest stays unread (paused) for dropBody.
        incoming.pause();
        finish(new BodyTooLarge(maxBytes));
      }
    };
    const finish = (error: Error | undefined) => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
      incoming.off("close", onClose);
      if (error === undefined) resolve(new RequestBody(latin1Of(chunks, length), ascii, chunks));
      else reject(error);
    };
    // Whole when the parser saw its end and every byte of the content-length came through.
    const whole = () => {
      const declared = incoming.headers["content-length"];
      return incoming.readableEnded || (incoming.complete && declared !== undefined && /^\d+$/.test(declared) && Number(declared) === length);
    };
    const onEnd = () => finish(undefined);
    const onError = (error: NodeJS.ErrnoException) => finish(error.code === "ECONNRESET" && whole() ? undefined : error);
    const onClose = () => finish(whole() ? undefined : new Error("Client connection prematurely closed."));
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onError);
    incoming.on("close", onClose);
  });
}

/** A body longer than the server takes, found while it was read (readBodyBytes). */
export class BodyTooLarge extends Error {
  constructor(maxBytes: number) {
    super(`the body is over the limit of ${maxBytes} bytes`);
  }
}

/**
 * Reads and drops what is left of `incoming`'s body, up to `maxBytes` more bytes and `maxMs`
 * milliseconds; resolves to whether the body was read to its end. An answer sent while the
 * client is still sending its body, on a connection closed after that answer (a 413), would
 * reach it only by luck: closing a socket that has unread data makes the kernel reset the
 * connection, and the client sees EPIPE or ECONNRESET instead of the answer (undici's fetch, in
 * one request of twenty, with 1.5 MB sent to a 1 MiB limit on 127.0.0.1). Once the body is read
 * to its end, the client sends nothing more and reads the answer.
 */
export function dropBody(incoming: IncomingMessage, maxBytes: number, maxMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (incoming.readableEnded || incoming.destroyed) {
      resolve(incoming.readableEnded);
      return;
    }
    let dropped = 0;
    const finish = (whole: boolean) => {
      clearTimeout(timer);
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onGone);
      incoming.off("close", onGone);
      if (!whole) incoming.pause();
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onGone = () => finish(false);
    const timer = setTimeout(() => finish(false), maxMs);
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onGone);
    incoming.on("close", onGone);
    incoming.resume();
  });
}
