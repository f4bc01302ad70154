/** The public widget API (/widget/v1), as the contract describes it. */
import type { ServerMessage } from "./conversation";
import type { Feedback, Rating } from "./feedback";

export interface ChatSettings {
  chat_id: string;
  title?: string | null;
  greeting?: string | null;
  color?: string | null;
  position?: string | null;
  language?: string | null;
  identity_required?: boolean;
}

export interface Identity {
  user_id: string;
  signature: string;
  name?: string;
}

export interface SessionAnswer {
  visitor_token: string;
  thread_id: string;
  mode: string;
}

export interface HistoryAnswer {
  data: ServerMessage[];
  mode: string;
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds, from Retry-After (readable only when the server exposes it to CORS). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

async function failure(response: Response): Promise<ApiError> {
  let code = `http_${response.status}`;
  let message = response.statusText;
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    if (typeof body.code === "string") code = body.code;
    if (typeof body.message === "string") message = body.message;
  } catch {
    // Not JSON: keep the status.
  }
  const header = Number(response.headers.get("Retry-After"));
  return new ApiError(response.status, code, message, header > 0 ? header : undefined);
}

export class Api {
  /** The visitor token once a session exists. */
  token: string | null = null;

  constructor(
    private readonly base: string,
    private readonly chatId: string,
    private readonly fetcher: Fetch,
  ) {}

  private async request(path: string, init: RequestInit = {}, auth = true): Promise<Response> {
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
    if (auth && this.token) headers.Authorization = `Bearer ${this.token}`;
    const response = await this.fetcher(`${this.base}/widget/v1${path}`, {
      ...init,
      headers,
      mode: "cors",
      credentials: "omit",
      cache: "no-store",
    });
    if (!response.ok) throw await failure(response);
    return response;
  }

  private json(body: unknown): RequestInit {
    return { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  }

  /** The chat's look; a plain GET without headers, so it needs no preflight. */
  async chat(): Promise<ChatSettings> {
    return (await this.request(`/chats/${encodeURIComponent(this.chatId)}`, {}, false)).json();
  }

  async session(visitorToken: string | null, identity: Identity | null): Promise<SessionAnswer> {
    const body: { visitor_token?: string; identity?: Identity } = {};
    if (visitorToken) body.visitor_token = visitorToken;
    if (identity) body.identity = identity;
    const path = `/chats/${encodeURIComponent(this.chatId)}/sessions`;
    return (await this.request(path, this.json(body), false)).json();
  }

  async history(): Promise<HistoryAnswer> {
    return (await this.request("/messages")).json();
  }

  /**
   * Sends the visitor's text, or with `buttonId` the chip they chose (the server stores the
   * button's label); the answer is the reply's event stream.
   */
  async send(text: string, signal?: AbortSignal, buttonId?: string): Promise<ReadableStream<Uint8Array>> {
    const init = this.json(buttonId === undefined ? { text } : { choice: { button_id: buttonId } });
    init.headers = { ...(init.headers as Record<string, string>), Accept: "text/event-stream" };
    if (signal) init.signal = signal;
    return bodyOf(await this.request("/messages", init));
  }

  /** Rates a bot answer of the visitor's conversation; again replaces it. */
  async rate(messageId: string, rating: Rating, comment: string | null): Promise<Feedback> {
    const body = comment ? { rating, comment } : { rating };
    return (
      await this.request(`/messages/${encodeURIComponent(messageId)}/feedback`, this.json(body))
    ).json();
  }

  async events(lastEventId: string | undefined, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const headers: Record<string, string> = { Accept: "text/event-stream" };
    if (lastEventId) headers["Last-Event-ID"] = lastEventId;
    return bodyOf(await this.request("/events", { headers, signal }));
  }
}

function bodyOf(response: Response): ReadableStream<Uint8Array> {
  if (!response.body) throw new ApiError(0, "no_body", "The response has no body");
  return response.body;
}
