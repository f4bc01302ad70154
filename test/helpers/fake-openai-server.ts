import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * A fake OpenAI-compatible HTTP server on loopback, for tests and the benchmark.
 *
 * It speaks the subset of the API the AI SDK's `openai.chat()`, `openai.embeddingModel()`,
 * `openai.transcription()` and `@ai-sdk/openai-compatible` providers use:
 * `POST /v1/chat/completions` (streaming SSE and plain JSON), `POST /v1/embeddings`,
 * `POST /v1/audio/transcriptions` (multipart) and `GET /v1/models`, with OpenAI-shaped error bodies.
 *
 * Chat replies come, in order of precedence, from the one-shot queue (`enqueue`), then the
 * responder (`respondWith` or `options.responder`), then a default that answers
 * `Echo: <last user message>` so tests can assert what reached the model.
 */

export interface ChatMessage {
  role: string;
  content?: string | ChatContentPart[] | null;
  tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
  [key: string]: unknown;
}

export interface ChatContentPart {
  type: string;
  text?: string;
  [key: string]: unknown;
}

/** The request body fields the fake reads; everything else the client sent is kept as is. */
export interface RecordedBody {
  model?: string;
  messages?: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  tool_choice?: unknown;
  input?: string | string[];
  dimensions?: number;
  [key: string]: unknown;
}

/** The audio file of a `POST /v1/audio/transcriptions` (multipart field `file`). */
export interface RecordedFile {
  fileName: string;
  type: string;
  bytes: Buffer;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  /** Lower-cased header names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Parsed JSON body, or a multipart form's text fields; `{}` when the request had no body. */
  body: RecordedBody;
  /** A multipart request's `file` field (the audio of a transcription). */
  file?: RecordedFile;
  /** `Date.now()` when the body had been read: lets tests measure retry back-off. */
  receivedAt: number;
}

export interface FakeToolCall {
  id?: string;
  name: string;
  /** Serialised with JSON.stringify unless it already is a string (which is sent verbatim). */
  arguments: unknown;
}

export interface FakeReply {
  /** Assistant text; streamed as word-sized deltas. */
  text?: string;
  /** Explicit text deltas (overrides splitting `text`). */
  chunks?: string[];
  /** Streamed like OpenAI does: a chunk with id + name, then argument fragments. */
  toolCalls?: FakeToolCall[];
  /** Defaults to "tool_calls" when there are tool calls, else "stop". */
  finishReason?: "stop" | "length" | "tool_calls" | "content_filter";
  /** Defaults to a deterministic estimate (about four characters a token). */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** An HTTP error status (400 and up): answer with an OpenAI-style error body instead. */
  status?: number;
  /** Message of the error body; a per-status default otherwise. */
  errorMessage?: string;
  /**
   * Sets `retry-after` (seconds, sent as given, so fractions work for fast tests) and
   * `retry-after-ms` on error replies.
   */
  retryAfterSeconds?: number;
  /** Extra response headers, e.g. only `retry-after` without `retry-after-ms`. */
  headers?: Record<string, string>;
  /** Wait before the first byte, headers included (time to first token). */
  delayMs?: number;
  /** Wait between streamed chunks. */
  chunkDelayMs?: number;
  /**
   * Stop after this many SSE events (the first event is the role chunk for text replies) and keep
   * the socket open until the client goes away or the server closes. On a non-streaming request
   * any value means: never answer.
   */
  hangAfterChunks?: number;
}

export type Responder = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

/** What `POST /v1/audio/transcriptions` answers: a transcript, or an OpenAI-style error. */
export interface FakeTranscription {
  text?: string;
  /** Seconds of audio, in `duration` and `usage` (default 1). */
  duration?: number;
  /** An HTTP error status (400 and up): answer with an OpenAI-style error body instead. */
  status?: number;
  errorMessage?: string;
}

export type TranscriptionResponder = (request: RecordedRequest) => FakeTranscription;

/** The default transcriber: says how many bytes it heard, so tests can tell the audio arrived. */
export const countingTranscriber: TranscriptionResponder = (request) => ({
  text: `A recording of ${request.file?.bytes.length ?? 0} bytes.`,
});

export interface FakeOpenAIOptions {
  responder?: Responder;
  /** Ids listed by `GET /v1/models`. */
  models?: string[];
  /** Dimension of embeddings when the request does not ask for one. Default 64. */
  embeddingDimensions?: number;
  /** Answer 401 to requests without `Authorization: Bearer <non-empty>`. Default true. */
  requireAuth?: boolean;
  /**
   * Keep every request in `requests`. Default true; the benchmark turns it off so that thousands
   * of turns a second do not grow its process without bound (`requests` then stays empty).
   */
  record?: boolean;
  /**
   * How the fake waits out `delayMs` and `chunkDelayMs` (default: a timer, ended by `signal`). A
   * test of the pacing itself passes one that holds each wait until the test lets it go, so that
   * it checks the order of waits and chunks rather than the clock.
   */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface FakeOpenAI {
  /** e.g. `http://127.0.0.1:PORT/v1`: what OPENAI_BASE_URL and `baseURL` take. */
  baseUrl: string;
  /** Every request, in arrival order, including rejected ones (none with `record: false`). */
  requests: RecordedRequest[];
  /** Replace the responder used when the queue is empty. */
  respondWith(responder: Responder): void;
  /** One-shot chat replies used before the responder, first in first out. */
  enqueue(...replies: FakeReply[]): void;
  /** Replace what `POST /v1/audio/transcriptions` answers (default: countingTranscriber). */
  transcribeWith(responder: TranscriptionResponder): void;
  /** Ends hanging responses and open connections; safe to call twice. */
  close(): Promise<void>;
}

const DEFAULT_MODELS = ["gpt-5", "gpt-5-mini", "gpt-4o-mini", "text-embedding-3-small"];

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const queue: FakeReply[] = [];
  let responder: Responder = options.responder ?? echoResponder;
  let transcriber: TranscriptionResponder = countingTranscriber;
  const shutdown = new AbortController();
  const ids = { completion: 0, toolCall: 0 };
  const config = {
    models: options.models ?? DEFAULT_MODELS,
    embeddingDimensions: options.embeddingDimensions ?? 64,
    requireAuth: options.requireAuth ?? true,
    record: options.record ?? true,
    wait: options.wait ?? ((ms: number, signal: AbortSignal) => sleep(ms, undefined, { signal })),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Stops waits and writes once the client goes away or the server shuts down.
    const gone = new AbortController();
    res.on("close", () => gone.abort());
    const signal = AbortSignal.any([gone.signal, shutdown.signal]);

    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const raw = await readBody(req);
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      headers: flattenHeaders(req),
      body: {},
      receivedAt: Date.now(),
    };
    if (config.record) requests.push(recorded);

    const contentType = recorded.headers["content-type"] ?? "";
    if (raw.length > 0 && contentType.startsWith("multipart/form-data")) {
      try {
        Object.assign(recorded, await parseMultipart(raw, contentType));
      } catch {
        return sendError(res, 400, "Could not parse multipart form");
      }
    } else if (raw.length > 0) {
      try {
        recorded.body = JSON.parse(raw.toString("utf8")) as RecordedBody;
      } catch {
        return sendError(res, 400, "We could not parse the JSON body of your request.");
      }
    }
    if (config.requireAuth && !hasBearer(recorded.headers.authorization)) {
      return sendError(
        res,
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      );
    }

    const route = `${recorded.method} ${recorded.path.replace(/\/+$/, "")}`;
    switch (route) {
      case "POST /v1/chat/completions": {
        let reply: FakeReply;
        try {
          reply = queue.shift() ?? (await responder(recorded));
        } catch (error) {
          // 400, not 500: a broken responder should fail the test at once, not be retried.
          const message = error instanceof Error ? error.message : String(error);
          return sendError(res, 400, `Fake OpenAI responder failed: ${message}`);
        }
        return answerChat(res, recorded, reply, signal, ids, config.wait);
      }
      case "POST /v1/embeddings":
        return answerEmbeddings(res, recorded, config.embeddingDimensions);
      case "POST /v1/audio/transcriptions":
        return answerTranscription(res, recorded, transcriber(recorded));
      case "GET /v1/models":
        return sendJson(res, 200, {
          object: "list",
          data: config.models.map((id) => ({
            id,
            object: "model",
            created: 1_700_000_000,
            owned_by: "fake",
          })),
        });
      default:
        return sendError(res, 404, `Invalid URL (${recorded.method} ${recorded.path})`);
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (isAbortError(error)) return;
      if (!res.headersSent) sendError(res, 500, `Fake OpenAI server error: ${String(error)}`);
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    respondWith(next) {
      responder = next;
    },
    enqueue(...replies) {
      queue.push(...replies);
    },
    transcribeWith(next) {
      transcriber = next;
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        shutdown.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets and hanging streams would otherwise hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** The default responder: `Echo: <content of the last user message>`. */
export const echoResponder: Responder = (request) => ({ text: `Echo: ${lastUserText(request)}` });

/** Text of the last `user` message of a chat request ("" when there is none). */
export function lastUserText(request: RecordedRequest): string {
  const messages = request.body.messages ?? [];
  const last = messages.filter((message) => message.role === "user").at(-1);
  return last ? contentText(last.content) : "";
}

/**
 * The system prompt of a chat request: all `system` and `developer` messages joined by a blank
 * line. `@ai-sdk/openai` sends the system prompt as `developer` for reasoning models (gpt-5, o*).
 */
export function systemText(request: RecordedRequest): string {
  return (request.body.messages ?? [])
    .filter((message) => message.role === "system" || message.role === "developer")
    .map((message) => contentText(message.content))
    .join("\n\n");
}

function contentText(content: ChatMessage["content"]): string {
  if (content == null) return "";
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? (part.text ?? "") : "")).join("");
}

async function answerChat(
  res: ServerResponse,
  request: RecordedRequest,
  reply: FakeReply,
  signal: AbortSignal,
  ids: { completion: number; toolCall: number },
  wait: (ms: number, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  if (reply.delayMs) await wait(reply.delayMs, signal);

  if (reply.status != null && reply.status >= 400) {
    const headers: Record<string, string> = { ...reply.headers };
    if (reply.retryAfterSeconds != null) {
      headers["retry-after"] = String(reply.retryAfterSeconds);
      headers["retry-after-ms"] = String(Math.round(reply.retryAfterSeconds * 1000));
    }
    return sendError(res, reply.status, reply.errorMessage, headers);
  }

  const id = `chatcmpl-fake-${++ids.completion}`;
  const created = Math.floor(Date.now() / 1000);
  const model = request.body.model ?? "fake-model";
  const text = reply.chunks ? reply.chunks.join("") : (reply.text ?? "");
  const toolCalls = (reply.toolCalls ?? []).map((call) => ({
    id: call.id ?? `call_fake_${++ids.toolCall}`,
    name: call.name,
    arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {}),
  }));
  const finishReason = reply.finishReason ?? (toolCalls.length > 0 ? "tool_calls" : "stop");
  const promptTokens =
    reply.usage?.prompt_tokens ?? estimateTokens(JSON.stringify(request.body.messages ?? []));
  const completionTokens =
    reply.usage?.completion_tokens ??
    Math.max(1, estimateTokens(text + toolCalls.map((call) => call.name + call.arguments).join("")));
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };

  if (request.body.stream !== true) {
    if (reply.hangAfterChunks != null) return waitUntilAborted(signal);
    return sendJson(
      res,
      200,
      {
        id,
        object: "chat.completion",
        created,
        model,
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: text.length > 0 || toolCalls.length === 0 ? text : null,
              refusal: null,
              ...(toolCalls.length > 0 && {
                tool_calls: toolCalls.map((call) => ({
                  id: call.id,
                  type: "function",
                  function: { name: call.name, arguments: call.arguments },
                })),
              }),
            },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
        usage,
        system_fingerprint: "fp_fake",
      },
      reply.headers,
    );
  }

  // The event sequence OpenAI sends: a role chunk (carrying the first tool call when there is no
  // text), content deltas, tool call start + argument fragments, a finish_reason chunk, then a
  // usage chunk with empty choices when stream_options.include_usage is set, then [DONE].
  const deltas: Record<string, unknown>[] = [];
  const textDeltas = reply.chunks ?? splitText(text);
  if (textDeltas.length > 0 || toolCalls.length === 0) {
    deltas.push({ role: "assistant", content: "", refusal: null });
  }
  for (const piece of textDeltas) deltas.push({ content: piece });
  toolCalls.forEach((call, index) => {
    deltas.push({
      ...(deltas.length === 0 && { role: "assistant", content: null }),
      tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }],
    });
    for (const fragment of splitArguments(call.arguments)) {
      deltas.push({ tool_calls: [{ index, function: { arguments: fragment } }] });
    }
  });
  const base = { id, object: "chat.completion.chunk", created, model, system_fingerprint: "fp_fake" };
  const events: unknown[] = deltas.map((delta) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
  }));
  events.push({ ...base, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }] });
  if (request.body.stream_options?.include_usage) events.push({ ...base, choices: [], usage });

  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    "x-request-id": `req_fake_${ids.completion}`,
    ...reply.headers,
  });
  res.flushHeaders();
  for (const [index, event] of events.entries()) {
    if (reply.hangAfterChunks != null && index >= reply.hangAfterChunks) return waitUntilAborted(signal);
    if (index > 0 && reply.chunkDelayMs) await wait(reply.chunkDelayMs, signal);
    res.write(`data: ${JSON.stringify(event)}\n\n`);
  }
  if (reply.hangAfterChunks != null && events.length >= reply.hangAfterChunks) {
    return waitUntilAborted(signal);
  }
  res.end("data: [DONE]\n\n");
}

function answerEmbeddings(res: ServerResponse, request: RecordedRequest, defaultDimensions: number): void {
  const { input, dimensions } = request.body;
  const values = Array.isArray(input) ? input : input == null ? [] : [input];
  if (values.length === 0) {
    sendError(res, 400, "'input' is a required property");
    return;
  }
  const size = dimensions ?? defaultDimensions;
  const texts = values.map((value) => (typeof value === "string" ? value : JSON.stringify(value)));
  const tokens = texts.reduce((sum, text) => sum + estimateTokens(text), 0);
  sendJson(res, 200, {
    object: "list",
    data: texts.map((text, index) => ({
      object: "embedding",
      index,
      embedding: hashedEmbedding(text, size),
    })),
    model: request.body.model ?? "text-embedding-3-small",
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

/**
 * A normalised signed bag-of-words vector: texts sharing words get a higher cosine similarity,
 * so retrieval tests can rank. Empty text maps to the first unit vector.
 */
export function hashedEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const hash = fnv1a(word);
    vector[hash % dimensions]! += hash & 0x80000000 ? -1 : 1;
  }
  const norm = Math.hypot(...vector);
  if (norm === 0) return vector.map((_, index) => (index === 0 ? 1 : 0));
  return vector.map((value) => value / norm);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Word-sized pieces whose concatenation is the original text. */
function splitText(text: string): string[] {
  return text.match(/^\s+|\S+\s*/g) ?? [];
}

/** Three or so fragments, like OpenAI's argument streaming; never cuts a surrogate pair. */
function splitArguments(json: string): string[] {
  const characters = Array.from(json);
  const size = Math.max(1, Math.ceil(characters.length / 3));
  const fragments: string[] = [];
  for (let start = 0; start < characters.length; start += size) {
    fragments.push(characters.slice(start, start + size).join(""));
  }
  return fragments;
}

function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

async function waitUntilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
}

function hasBearer(authorization: string | undefined): boolean {
  return /^Bearer\s+\S+/i.test(authorization ?? "");
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value != null) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A multipart form's text fields as the body, and its `file` field. */
async function parseMultipart(
  raw: Buffer,
  contentType: string,
): Promise<{ body: RecordedBody; file?: RecordedFile }> {
  const form = await new Response(new Uint8Array(raw), {
    headers: { "content-type": contentType },
  }).formData();
  const body: RecordedBody = {};
  let file: RecordedFile | undefined;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") body[name] = value;
    else if (name === "file") {
      file = { fileName: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
    }
  }
  return { body, ...(file ? { file } : {}) };
}

/** What OpenAI answers a transcription request it cannot take: no file, no model, a file format it does not read. */
function transcriptionRefusal(request: RecordedRequest): FakeTranscription | undefined {
  const { file } = request;
  if (!file)
    return { status: 400, errorMessage: "1 validation error for Request\nbody -> file\n  field required" };
  if (typeof request.body.model !== "string" || request.body.model === "") {
    return { status: 400, errorMessage: "you must provide a model parameter" };
  }
  const extension = /\.([a-z0-9]+)$/i.exec(file.fileName)?.[1]?.toLowerCase() ?? "";
  if (!AUDIO_FORMATS.includes(extension)) {
    return {
      status: 400,
      errorMessage: `Invalid file format. Supported formats: ${JSON.stringify(AUDIO_FORMATS)}`,
    };
  }
  return undefined;
}

/** The file formats OpenAI transcribes, by the uploaded file's extension. */
const AUDIO_FORMATS = ["flac", "m4a", "mp3", "mp4", "mpeg", "mpga", "oga", "ogg", "wav", "webm"];

/**
 * `POST /v1/audio/transcriptions` as OpenAI answers it: `file` and `model` are required and the
 * file's extension must be a format it takes; `response_format` `verbose_json` (what the AI SDK
 * asks of whisper-1) adds `task`, `language`, `duration` and `segments`, `json` only `text` and
 * `usage`. The usage of duration-billed models is `{"type":"duration","seconds":N}`.
 */
function answerTranscription(res: ServerResponse, request: RecordedRequest, reply: FakeTranscription): void {
  const refusal =
    transcriptionRefusal(request) ?? (reply.status != null && reply.status >= 400 ? reply : undefined);
  if (refusal) {
    sendError(res, refusal.status ?? 400, refusal.errorMessage);
    return;
  }
  const text = reply.text ?? "";
  const duration = reply.duration ?? 1;
  const usage = { type: "duration", seconds: Math.ceil(duration) };
  if (request.body.response_format !== "verbose_json") {
    sendJson(res, 200, { text, usage });
    return;
  }
  sendJson(res, 200, {
    task: "transcribe",
    language: "english",
    duration,
    text,
    segments: [
      {
        id: 0,
        seek: 0,
        start: 0,
        end: duration,
        text,
        tokens: [50364, 50414],
        temperature: 0,
        avg_logprob: -0.25,
        compression_ratio: 1.1,
        no_speech_prob: 0.01,
      },
    ],
    usage,
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

/** The error body OpenAI sends, with its usual `type` and `code` per status. */
function sendError(
  res: ServerResponse,
  status: number,
  message?: string,
  headers: Record<string, string> = {},
) {
  const known: Record<number, { type: string; code: string | null; message: string }> = {
    400: { type: "invalid_request_error", code: null, message: "Bad request." },
    401: { type: "invalid_request_error", code: "invalid_api_key", message: "Incorrect API key provided." },
    403: {
      type: "invalid_request_error",
      code: "unsupported_country_region_territory",
      message: "Forbidden.",
    },
    404: { type: "invalid_request_error", code: "unknown_url", message: "Not found." },
    429: {
      type: "requests",
      code: "rate_limit_exceeded",
      message: "Rate limit reached for requests. Please try again in 1s.",
    },
    503: {
      type: "server_error",
      code: null,
      message: "The engine is currently overloaded, please try again later.",
    },
  };
  const fallback = {
    type: status >= 500 ? "server_error" : "invalid_request_error",
    code: null,
    message:
      status >= 500 ? "The server had an error while processing your request. Sorry about that!" : "Error.",
  };
  const shape = known[status] ?? fallback;
  sendJson(
    res,
    status,
    { error: { message: message ?? shape.message, type: shape.type, param: null, code: shape.code } },
    headers,
  );
}
