/**
 * A real HTTP server on 127.0.0.1 (node:http, port 0) speaking the chat-completions protocol,
 * for the tests of `succ eval`. The test decides, request by request, what it answers.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatRequest {
  /** The user message (the task's prompt). */
  prompt: string;
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  /** 1 for the first request with this prompt, 2 for the second, … */
  attempt: number;
  /** Milliseconds since the server started. */
  at: number;
}

export type FakeAnswer =
  /** A normal completion whose message content is `content`. */
  | { kind: "reply"; content: string }
  /** An HTTP error status with optional headers (e.g. Retry-After) and an OpenAI-style error body. */
  | { kind: "status"; status: number; headers?: Record<string, string>; message?: string }
  /** Headers and nothing else until released or the client gives up (a slow model). */
  | { kind: "hang" }
  /** Held until `release()` is called, then answered with `then`. */
  | { kind: "hold"; then: FakeAnswer }
  /** A 200 whose body is not JSON. */
  | { kind: "raw"; body: string };

export interface FakeServer {
  /** Base URL to give --base-url, ending in /v1. */
  url: string;
  chats: ChatRequest[];
  /** Authorization headers of GET /v1/models requests. */
  modelsAuth: Array<string | undefined>;
  /** Number of requests currently held (kind "hold"). */
  held(): number;
  /** Answers every held request. */
  release(): void;
  close(): Promise<void>;
}

export interface FakeOptions {
  /** GET /v1/models answers 401 unless the bearer token is this. */
  requireKey?: string;
  model?: string;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

let counter = 0;

export async function startFakeServer(answer: (req: ChatRequest) => FakeAnswer, options: FakeOptions = {}): Promise<FakeServer> {
  const started = Date.now();
  const chats: ChatRequest[] = [];
  const modelsAuth: Array<string | undefined> = [];
  const attempts = new Map<string, number>();
  const holds: Array<() => void> = [];

  const respond = (res: ServerResponse, a: FakeAnswer, req: ChatRequest): void => {
    switch (a.kind) {
      case "reply": {
        const prompt = req.prompt.length;
        const completion = a.content.length;
        send(res, 200, {
          id: `chatcmpl-${++counter}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: String(req.body.model),
          choices: [{ index: 0, message: { role: "assistant", content: a.content }, finish_reason: "stop" }],
          usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
        });
        return;
      }
      case "status":
        send(res, a.status, { error: { message: a.message ?? `status ${a.status}`, type: "test_error", code: null } }, a.headers);
        return;
      case "hang":
        res.writeHead(200, { "content-type": "application/json" });
        res.flushHeaders();
        return;
      case "hold":
        holds.push(() => respond(res, a.then, req));
        return;
      case "raw":
        send(res, 200, a.body);
        return;
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0];
      if (req.method === "GET" && path === "/v1/models") {
        modelsAuth.push(req.headers.authorization);
        if (options.requireKey !== undefined && req.headers.authorization !== `Bearer ${options.requireKey}`) {
          send(res, 401, { error: { message: "invalid key", type: "invalid_request_error" } });
          return;
        }
        send(res, 200, { object: "list", data: [{ id: options.model ?? "fake-model", object: "model" }] });
        return;
      }
      if (req.method !== "POST" || path !== "/v1/chat/completions") {
        send(res, 404, { error: { message: "not found" } });
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        send(res, 400, { error: { message: "bad json" } });
        return;
      }
      const messages = body.messages as Array<{ role: string; content: string }>;
      const prompt = messages?.[0]?.content ?? "";
      const attempt = (attempts.get(prompt) ?? 0) + 1;
      attempts.set(prompt, attempt);
      const chat: ChatRequest = { prompt, body, headers: req.headers, attempt, at: Date.now() - started };
      chats.push(chat);
      respond(res, answer(chat), chat);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    chats,
    modelsAuth,
    held: () => holds.length,
    release: () => {
      for (const h of holds.splice(0)) h();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
