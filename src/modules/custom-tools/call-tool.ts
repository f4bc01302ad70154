import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { CustomToolRow } from "../../storage/repos/custom-tools.repo.js";
import type { ToolContext } from "../../tools/tool-context.js";
import { ToolRefusal } from "../../tools/tool-refusal.js";
import type { ToolHttpClient, ToolHttpResult } from "./http-call.js";
import { validateArguments } from "./input-schema.js";
import { signatureHeaders, TOOL_USER_AGENT } from "./signing.js";
import { ArgumentMappingError, fillUrlTemplate } from "./url-template.js";

/** What a call's log line goes to: the app's logger (pino). */
export interface ToolCallLog {
  info(fields: object, message: string): void;
}

export interface CallToolDeps {
  secrets: SecretBox;
  clock: Clock;
  newId: IdGenerator;
  http: ToolHttpClient;
  log: ToolCallLog;
}

/** How much of a refused answer's body the model is shown. */
const EXCERPT_CHARS = 300;

type Outcome =
  | "ok"
  | "truncated"
  | "invalid_arguments"
  | "http_error"
  | "redirect"
  | "non_json"
  | "timeout"
  | "network_error"
  | "refused_address";

function excerpt(body: Buffer): string {
  const text = body.toString("utf8").replace(/\s+/g, " ").trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

const isJsonType = (contentType: string | null) =>
  contentType !== null && /^application\/([\w.+-]*\+)?json\b/i.test(contentType.trim());

/** The result the model reads for an answer, or the refusal it reads instead. */
function resultOf(
  row: CustomToolRow,
  host: string,
  answer: Extract<ToolHttpResult, { kind: "response" }>,
): { outcome: Outcome; value?: unknown; refusal?: string } {
  const { status } = answer;
  if (status >= 300 && status < 400) {
    return { outcome: "redirect", refusal: `${host} answered HTTP ${status} (a redirect, not followed).` };
  }
  if (status < 200 || status >= 300) {
    const body = excerpt(answer.body);
    return { outcome: "http_error", refusal: `${host} answered HTTP ${status}${body ? `: ${body}` : "."}` };
  }
  if (answer.body.length === 0) {
    return { outcome: "ok", value: { ok: true, status, note: "The service answered without a body." } };
  }
  if (answer.truncated) {
    if (!isJsonType(answer.contentType)) {
      return {
        outcome: "non_json",
        refusal: `${host} answered HTTP ${status} with a body that is not JSON.`,
      };
    }
    return {
      outcome: "truncated",
      value: {
        truncated: true,
        note: `The answer was longer than ${row.max_response_bytes} bytes; only its beginning is shown, so it is not complete JSON.`,
        body_start: answer.body.toString("utf8"),
      },
    };
  }
  try {
    return { outcome: "ok", value: JSON.parse(answer.body.toString("utf8")) as unknown };
  } catch {
    const type = answer.contentType ? ` (${answer.contentType.split(";")[0]})` : "";
    return {
      outcome: "non_json",
      refusal: `${host} answered HTTP ${status} with a body that is not JSON${type}: ${excerpt(answer.body)}`,
    };
  }
}

/**
 * One call of a custom tool (docs/custom-tools.md): arguments validated against its schema
 * before anything, the request built from the URL template, signed and sent through the
 * address guard. Whatever goes wrong (invalid arguments, 4xx/5xx, a redirect, a timeout, the
 * network, a body that is not JSON) is a ToolRefusal the model reads, never a failed turn.
 * Every call is logged at info without header values, secrets, the URL's path or query.
 */
export async function callCustomTool(
  deps: CallToolDeps,
  row: CustomToolRow,
  input: unknown,
  context: ToolContext,
): Promise<unknown> {
  const callId = deps.newId("tcall");
  const logged = {
    tool_id: row.id,
    tool: row.name,
    project_id: row.project_id,
    thread_id: context.threadId,
    call_id: callId,
    method: row.method,
  };
  const validated = validateArguments(row.input_schema, input);
  if (!validated.success) {
    deps.log.info({ ...logged, outcome: "invalid_arguments" }, "custom tool call");
    throw new ToolRefusal(validated.error.message);
  }
  const args = (validated.value ?? {}) as Record<string, unknown>;
  let filled: ReturnType<typeof fillUrlTemplate>;
  try {
    filled = fillUrlTemplate(row.url, row.method, args);
  } catch (error) {
    if (!(error instanceof ArgumentMappingError)) throw error;
    deps.log.info({ ...logged, outcome: "invalid_arguments" }, "custom tool call");
    throw new ToolRefusal(`Invalid arguments: ${error.message}`);
  }
  const host = hostOf(filled.url);
  const body = filled.body === null ? "" : JSON.stringify(filled.body);
  const ownHeaders = row.headers_sealed
    ? (JSON.parse(deps.secrets.open(row.headers_sealed)) as Record<string, string>)
    : {};
  const headers: Record<string, string> = {
    accept: "application/json",
    "user-agent": TOOL_USER_AGENT,
    ...ownHeaders,
    ...(filled.body === null ? {} : { "content-type": "application/json" }),
    ...signatureHeaders({
      secret: deps.secrets.open(row.secret_sealed),
      body,
      callId,
      timestamp: deps.clock.now(),
    }),
  };
  const answer = await deps.http({
    method: row.method,
    url: filled.url,
    headers,
    body,
    timeoutMs: row.timeout_ms,
    maxResponseBytes: row.max_response_bytes,
  });
  if (answer.kind === "failed") {
    deps.log.info(
      { ...logged, host, status: null, duration_ms: answer.durationMs, bytes: 0, outcome: answer.reason },
      "custom tool call",
    );
    throw new ToolRefusal(
      answer.reason === "timeout"
        ? `${host} did not answer within ${row.timeout_ms} ms.`
        : answer.reason === "refused_address"
          ? `${host} is not an address this server may call (${answer.message}).`
          : `${host} could not be reached: ${answer.message}`,
    );
  }
  const result = resultOf(row, host, answer);
  deps.log.info(
    {
      ...logged,
      host,
      status: answer.status,
      duration_ms: answer.durationMs,
      bytes: answer.body.length,
      outcome: result.outcome,
    },
    "custom tool call",
  );
  if (result.refusal !== undefined) throw new ToolRefusal(result.refusal);
  return result.value;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "the service";
  }
}
