import { randomBytes } from "node:crypto";
import { type FakeAnswer, LoopbackServer, type RecordedRequest } from "./loopback-server.js";
import { FakeTokenEndpoint } from "./oauth-token-endpoint.js";

/**
 * A fake Google Calendar API v3 (docs/oauth-tools.md) on loopback: `GET
 * /calendar/v3/calendars/{id}`, `POST /calendar/v3/freeBusy` and `POST
 * /calendar/v3/calendars/{id}/events`, with a Bearer token and Google's error bodies
 * (`{"error": {"code", "message", "errors": [{"domain", "reason", "message"}], "status"}}`).
 * Created events become busy time. `primary` names the connected account's own calendar.
 */

export interface FakeCalendar {
  id: string;
  timeZone: string;
  /** Busy intervals as RFC 3339 strings. */
  busy: Array<{ start: string; end: string }>;
  events: Array<Record<string, unknown>>;
}

function googleError(
  code: number,
  message: string,
  reason: string,
  status: string,
  domain = "global",
): FakeAnswer {
  return { status: code, body: { error: { code, message, errors: [{ domain, reason, message }], status } } };
}

export class GoogleCalendarFake {
  readonly token = `ya29.${randomBytes(24).toString("hex")}`;
  readonly calendars = new Map<string, FakeCalendar>();
  /** When set, every call answers 403 `rateLimitExceeded`. */
  rateLimited = false;
  /** `POST /token`: Google's answer to an offline-access consent. */
  readonly oauth = new FakeTokenEndpoint(() => ({
    access_token: this.token,
    expires_in: 3599,
    refresh_token: `1//${randomBytes(16).toString("hex")}`,
    scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/calendar",
    token_type: "Bearer",
    id_token: [
      Buffer.from(JSON.stringify({ alg: "RS256", typ: "JWT" })).toString("base64url"),
      Buffer.from(JSON.stringify({ sub: "110169484474386276334", email: "owner@example.com" })).toString(
        "base64url",
      ),
      "signature",
    ].join("."),
  }));
  private constructor(private readonly server: LoopbackServer) {}

  static async start(): Promise<GoogleCalendarFake> {
    let fake: GoogleCalendarFake | undefined;
    const server = await LoopbackServer.start((request) => fake!.route(request));
    fake = new GoogleCalendarFake(server);
    fake.calendars.set("owner@example.com", {
      id: "owner@example.com",
      timeZone: "Europe/Moscow",
      busy: [],
      events: [],
    });
    return fake;
  }

  get baseUrl(): string {
    return this.server.baseUrl;
  }

  get requests(): RecordedRequest[] {
    return this.server.requests;
  }

  /** The connected account's own calendar (`primary`). */
  get primary(): FakeCalendar {
    return this.calendars.get("owner@example.com")!;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private calendar(id: string): FakeCalendar | undefined {
    return this.calendars.get(id === "primary" ? "owner@example.com" : id);
  }

  /** The environment that points Parley's Google OAuth and API at this fake. */
  get env(): Record<string, string> {
    return {
      PARLEY_GOOGLE_AUTHORIZE_URL: `${this.baseUrl}/o/oauth2/v2/auth`,
      PARLEY_GOOGLE_TOKEN_URL: `${this.baseUrl}/token`,
      PARLEY_GOOGLE_API_URL: this.baseUrl,
    };
  }

  private route(request: RecordedRequest): FakeAnswer {
    if (request.method === "POST" && request.path === "/token") return this.oauth.answer(request);
    if (request.headers.authorization !== `Bearer ${this.token}`) {
      return googleError(
        401,
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
        "authError",
        "UNAUTHENTICATED",
      );
    }
    if (this.rateLimited)
      return googleError(403, "Rate Limit Exceeded", "rateLimitExceeded", "PERMISSION_DENIED", "usageLimits");
    if (request.method === "POST" && request.path === "/calendar/v3/freeBusy")
      return this.freeBusy(request.body);
    const events = /^\/calendar\/v3\/calendars\/([^/]+)\/events$/.exec(request.path);
    if (events && request.method === "POST") {
      return this.insertEvent(decodeURIComponent(events[1]!), request.body);
    }
    const calendar = /^\/calendar\/v3\/calendars\/([^/]+)$/.exec(request.path);
    if (calendar && request.method === "GET") {
      const found = this.calendar(decodeURIComponent(calendar[1]!));
      if (!found) return googleError(404, "Not Found", "notFound", "NOT_FOUND");
      return {
        status: 200,
        body: {
          kind: "calendar#calendar",
          etag: '"fake"',
          id: found.id,
          summary: found.id,
          timeZone: found.timeZone,
        },
      };
    }
    return googleError(404, "Not Found", "notFound", "NOT_FOUND");
  }

  private freeBusy(body: unknown): FakeAnswer {
    const input = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    const timeMin = typeof input.timeMin === "string" ? Date.parse(input.timeMin) : Number.NaN;
    const timeMax = typeof input.timeMax === "string" ? Date.parse(input.timeMax) : Number.NaN;
    if (Number.isNaN(timeMin))
      return googleError(400, "Missing timeMin parameter.", "required", "INVALID_ARGUMENT");
    if (Number.isNaN(timeMax))
      return googleError(400, "Missing timeMax parameter.", "required", "INVALID_ARGUMENT");
    if (timeMax <= timeMin) {
      return googleError(
        400,
        "The specified time range is empty.",
        "timeRangeEmpty",
        "INVALID_ARGUMENT",
        "calendar",
      );
    }
    const items = Array.isArray(input.items) ? (input.items as Array<{ id?: unknown }>) : [];
    const calendars: Record<string, unknown> = {};
    for (const item of items) {
      const id = String(item.id);
      const calendar = this.calendar(id);
      calendars[id] = calendar
        ? {
            busy: calendar.busy.filter(
              (busy) => Date.parse(busy.end) > timeMin && Date.parse(busy.start) < timeMax,
            ),
          }
        : { errors: [{ domain: "global", reason: "notFound" }], busy: [] };
    }
    return {
      status: 200,
      body: {
        kind: "calendar#freeBusy",
        timeMin: new Date(timeMin).toISOString(),
        timeMax: new Date(timeMax).toISOString(),
        calendars,
      },
    };
  }

  private insertEvent(calendarId: string, body: unknown): FakeAnswer {
    const calendar = this.calendar(calendarId);
    if (!calendar) return googleError(404, "Not Found", "notFound", "NOT_FOUND");
    const input = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    const start = (input.start ?? {}) as { dateTime?: string; timeZone?: string };
    const end = (input.end ?? {}) as { dateTime?: string; timeZone?: string };
    if (!start.dateTime || Number.isNaN(Date.parse(start.dateTime))) {
      return googleError(400, "Missing start time.", "required", "INVALID_ARGUMENT");
    }
    if (
      !end.dateTime ||
      Number.isNaN(Date.parse(end.dateTime)) ||
      Date.parse(end.dateTime) <= Date.parse(start.dateTime)
    ) {
      return googleError(
        400,
        "The specified time range is empty.",
        "timeRangeEmpty",
        "INVALID_ARGUMENT",
        "calendar",
      );
    }
    const id = randomBytes(13).toString("hex");
    const event = {
      kind: "calendar#event",
      etag: '"3000000000000000"',
      id,
      status: "confirmed",
      htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${calendar.id}`).toString("base64url")}`,
      created: new Date().toISOString(),
      updated: new Date().toISOString(),
      summary: input.summary,
      ...(input.description ? { description: input.description } : {}),
      creator: { email: calendar.id, self: true },
      organizer: { email: calendar.id, self: true },
      start,
      end,
      ...(Array.isArray(input.attendees)
        ? { attendees: input.attendees.map((a) => ({ ...(a as object), responseStatus: "needsAction" })) }
        : {}),
      iCalUID: `${id}@google.com`,
      sequence: 0,
      reminders: { useDefault: true },
      eventType: "default",
    };
    calendar.events.push(event);
    calendar.busy.push({ start: start.dateTime, end: end.dateTime });
    return { status: 200, body: event };
  }
}
