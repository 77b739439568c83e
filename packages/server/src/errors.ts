/**
 * A request the server refuses: answered with `status` and the one-line JSON body
 * `{"error": message}`. The message names what is wrong and where (`items[3].id: …`).
 */
export class RequestError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 405 | 413 | 415 | 500 | 503,
    message: string,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

export function badRequest(message: string): RequestError {
  return new RequestError(400, message);
}

/** A value's kind as an error message names it: "null", "an array", "a string"… */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const type = typeof value;
  return type === "object" ? "an object" : `a ${type}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Refuses keys outside `known`: a typo ("sede") must not silently fall back to a default. */
export function checkKnownKeys(value: Record<string, unknown>, known: readonly string[], where: string | (() => string)): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      const named = typeof where === "string" ? where : where();
      const at = named === "" ? "" : `${named}: `;
      throw badRequest(`${at}unknown field ${JSON.stringify(key.slice(0, 64))} (expected ${known.map((k) => `"${k}"`).join(", ")})`);
    }
  }
}

/** A failure to start (the port is taken, a task file is not one…): one line, printed without a stack. */
export class ServeError extends Error {
  override readonly name = "ServeError";
}
