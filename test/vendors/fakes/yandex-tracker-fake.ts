import { randomBytes } from "node:crypto";
import { type FakeAnswer, LoopbackServer, type RecordedRequest } from "./loopback-server.js";
import { FakeTokenEndpoint } from "./oauth-token-endpoint.js";

/**
 * A fake Yandex Tracker API v2 (docs/oauth-tools.md) on loopback, served under `/v2`:
 * `POST /v2/issues/` with `Authorization: OAuth <token>` and the organization header
 * (`X-Org-ID`, or `X-Cloud-Org-ID` for a Cloud organization), answering Tracker's issue
 * object or its error body (`{"errors": {…}, "errorMessages": […], "statusCode"}`).
 */

function trackerError(status: number, messages: string[], errors: Record<string, string> = {}): FakeAnswer {
  return { status, body: { errors, errorMessages: messages, statusCode: status } };
}

export class YandexTrackerFake {
  readonly token = `y0_${randomBytes(20).toString("hex")}`;
  readonly orgId = "7301234";
  /** Which header the organization is expected in. */
  orgHeader: "x-org-id" | "x-cloud-org-id" = "x-org-id";
  readonly queues = new Map<string, Array<Record<string, unknown>>>([["SUPPORT", []]]);
  /** When set, every call answers 429 with `Retry-After`. */
  rateLimited = false;
  /** `POST /token`: Yandex ID's token answer (Yandex ID and Tracker share this fake). */
  readonly oauth = new FakeTokenEndpoint(() => ({
    access_token: this.token,
    expires_in: 31_536_000,
    refresh_token: `1:${randomBytes(16).toString("hex")}`,
    token_type: "bearer",
  }));
  private constructor(private readonly server: LoopbackServer) {}

  static async start(): Promise<YandexTrackerFake> {
    let fake: YandexTrackerFake | undefined;
    const server = await LoopbackServer.start((request) => fake!.route(request));
    fake = new YandexTrackerFake(server);
    return fake;
  }

  /** The API base as PARLEY_YANDEX_TRACKER_API_URL names it (with the version). */
  get apiUrl(): string {
    return `${this.server.baseUrl}/v2`;
  }

  get requests(): RecordedRequest[] {
    return this.server.requests;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  /** The environment that points Parley's Yandex OAuth and Tracker at this fake. */
  get env(): Record<string, string> {
    return {
      PARLEY_YANDEX_AUTHORIZE_URL: `${this.server.baseUrl}/authorize`,
      PARLEY_YANDEX_TOKEN_URL: `${this.server.baseUrl}/token`,
      PARLEY_YANDEX_LOGIN_URL: this.server.baseUrl,
      PARLEY_YANDEX_TRACKER_API_URL: this.apiUrl,
    };
  }

  private route(request: RecordedRequest): FakeAnswer {
    if (request.method === "POST" && request.path === "/token") return this.oauth.answer(request);
    if (request.headers.authorization !== `OAuth ${this.token}`) {
      return trackerError(401, ["Not authorized."]);
    }
    if (request.headers[this.orgHeader] !== this.orgId) {
      return trackerError(403, ["Organization is not available."]);
    }
    if (this.rateLimited)
      return { ...trackerError(429, ["Too many requests."]), headers: { "retry-after": "30" } };
    if (request.method === "POST" && request.path === "/v2/issues/") return this.createIssue(request.body);
    return trackerError(404, ["Resource not found."]);
  }

  private createIssue(body: unknown): FakeAnswer {
    const input = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    if (typeof input.summary !== "string" || input.summary === "") {
      return trackerError(422, [], { summary: "Required field." });
    }
    const queueKey = typeof input.queue === "string" ? input.queue : "";
    const queue = this.queues.get(queueKey);
    if (!queue) return trackerError(404, ["Queue does not exist."]);
    const key = `${queueKey}-${queue.length + 1}`;
    const issue = {
      self: `https://api.tracker.yandex.net/v2/issues/${key}`,
      id: randomBytes(12).toString("hex"),
      key,
      version: 1,
      summary: input.summary,
      ...(typeof input.description === "string" ? { description: input.description } : {}),
      queue: {
        self: `https://api.tracker.yandex.net/v2/queues/${queueKey}`,
        id: "1",
        key: queueKey,
        display: queueKey,
      },
      status: { self: "https://api.tracker.yandex.net/v2/statuses/1", id: "1", key: "open", display: "Open" },
      type: { self: "https://api.tracker.yandex.net/v2/issuetypes/2", id: "2", key: "task", display: "Task" },
      priority: {
        self: "https://api.tracker.yandex.net/v2/priorities/3",
        id: "3",
        key: "normal",
        display: "Normal",
      },
      createdBy: {
        self: "https://api.tracker.yandex.net/v2/users/1",
        id: "1130000000000001",
        display: "Support Bot",
      },
      createdAt: new Date().toISOString().replace("Z", "+0000"),
      updatedAt: new Date().toISOString().replace("Z", "+0000"),
      votes: 0,
      favorite: false,
    };
    queue.push(issue);
    return { status: 201, body: issue };
  }
}
