/**
 * A fake of the public widget API for tests: a `fetch` that answers like Parley would, with
 * event streams the test writes to.
 */
import type { ServerMessage } from "./conversation";

/**
 * How long the widget's tests wait for something that happens on its own (a request, a render)
 * before failing: generous, since a loaded machine is slow; a wait that succeeds ends at once.
 */
export const WAIT_BOUND_MS = 20_000;

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export class Stream {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly body: ReadableStream<Uint8Array>;
  closed = false;

  constructor(onCancel?: () => void) {
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => {
        this.closed = true;
        onCancel?.();
      },
    });
  }

  write(text: string): void {
    if (!this.closed) this.controller.enqueue(new TextEncoder().encode(text));
  }

  /** One unnamed frame, as Parley sends them: what the event is goes in the data's `type`. */
  frame(data: unknown, id?: string): void {
    const text = id === undefined ? "" : `id: ${id}\n`;
    this.write(`${text}data: ${JSON.stringify(data)}\n\n`);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.controller.close();
  }

  fail(): void {
    if (this.closed) return;
    this.closed = true;
    this.controller.error(new TypeError("network error"));
  }
}

type Handler = (request: FakeRequest) => Response | Promise<Response> | undefined;

export class FakeParley {
  settings = {
    chat_id: "chat_1",
    title: "Shop help",
    greeting: "Hi! **How** can I help?",
    color: "#12b886",
    position: "right",
    language: "en",
    identity_required: false,
  };
  history: ServerMessage[] = [];
  mode = "auto";
  token = "vt_1";
  requests: FakeRequest[] = [];
  eventStreams: Stream[] = [];
  replyStreams: Stream[] = [];
  /** Overrides for a route, tried first: return a Response to answer, undefined to pass. */
  handlers: Handler[] = [];
  private waiters: Array<() => void> = [];

  readonly fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input);
    const request: FakeRequest = {
      method: init.method ?? "GET",
      path: url.pathname,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    this.requests.push(request);
    for (const wake of this.waiters.splice(0)) wake();
    for (const handler of this.handlers) {
      const answer = await handler(request);
      if (answer) return answer;
    }
    return this.route(request, init.signal ?? undefined);
  };

  private route(request: FakeRequest, signal?: AbortSignal): Response {
    const { method, path } = request;
    if (method === "GET" && path === "/widget/v1/chats/chat_1") return json(this.settings);
    if (method === "GET" && path.startsWith("/widget/v1/chats/"))
      return json({ code: "not_found", message: "No chat" }, 404);
    if (method === "POST" && path === "/widget/v1/chats/chat_1/sessions") {
      return json({ visitor_token: this.token, thread_id: "thr_1", mode: this.mode });
    }
    if (request.headers.Authorization !== `Bearer ${this.token}`) {
      return json({ code: "visitor_token_invalid", message: "Unknown visitor" }, 401);
    }
    if (method === "GET" && path === "/widget/v1/messages")
      return json({ data: this.history, mode: this.mode });
    if (method === "POST" && path === "/widget/v1/messages") {
      const stream = new Stream();
      this.replyStreams.push(stream);
      return sse(stream);
    }
    const rated = /^\/widget\/v1\/messages\/([^/]+)\/feedback$/.exec(path);
    if (method === "POST" && rated) {
      const body = request.body as { rating: string; comment?: string };
      return json({ rating: body.rating, comment: body.comment ?? null });
    }
    if (method === "GET" && path === "/widget/v1/events") {
      const stream = new Stream();
      signal?.addEventListener("abort", () => stream.fail());
      this.eventStreams.push(stream);
      return sse(stream);
    }
    return json({ code: "not_found", message: "No route" }, 404);
  }

  /** Resolves once a request matching `test` has been made. */
  async waitFor(test: (request: FakeRequest) => boolean, timeoutMs = WAIT_BOUND_MS): Promise<FakeRequest> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.requests.find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error("request never came");
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 20);
      });
    }
  }

  get lastEvents(): Stream {
    return this.eventStreams[this.eventStreams.length - 1]!;
  }

  get lastReply(): Stream {
    return this.replyStreams[this.replyStreams.length - 1]!;
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

function sse(stream: Stream): Response {
  return new Response(stream.body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
}

/** Waits until `check` stops throwing. */
export async function eventually(check: () => void, timeoutMs = WAIT_BOUND_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
