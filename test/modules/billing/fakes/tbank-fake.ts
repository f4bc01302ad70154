import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake T-Bank internet-acquiring API v2 (docs/billing.md, "T-Bank") on loopback, for the
 * provider's tests and end-to-end billing tests.
 *
 * It answers `POST /v2/Init` as T-Bank does: JSON in, JSON out with HTTP 200, refusals as
 * `{"Success":false,"ErrorCode":"…","Message":"…","Details":"…"}`. It checks the terminal key,
 * the `Token` (its own implementation of the algorithm, so the provider's is checked rather
 * than echoed), the Amount (whole kopecks > 0), the OrderId (1–36 characters, unique per
 * terminal) and Description (≤ 140). `GET /pay/<PaymentId>` stands in for the payment form.
 *
 * Then it plays the bank: `notify` posts a signed notification to the payment's
 * NotificationURL as T-Bank would, and `pay` posts AUTHORIZED then CONFIRMED.
 *
 * The ErrorCodes are the fake's own plausible choices, not a copy of T-Bank's table:
 * "202" unknown terminal, "204" wrong token, "8" duplicate OrderId, "9999" invalid parameters
 * (also the default for `failNextInit`), "1051" on REJECTED/AUTH_FAIL notifications.
 */

const DEFAULT_TERMINAL_KEY = "1700000000001DEMO";
const FIRST_PAYMENT_ID = 3_093_639_567;
const NOTIFY_TIMEOUT_MS = 10_000;

export type TbankFakeStatus =
  | "NEW"
  | "FORM_SHOWED"
  | "AUTHORIZING"
  | "3DS_CHECKING"
  | "3DS_CHECKED"
  | "AUTHORIZED"
  | "PAY_CHECKING"
  | "CONFIRMING"
  | "CONFIRMED"
  | "REJECTED"
  | "AUTH_FAIL"
  | "DEADLINE_EXPIRED"
  | "CANCELED"
  | "REVERSING"
  | "REVERSED"
  | "PARTIAL_REVERSED"
  | "REFUNDING"
  | "ASYNC_REFUNDING"
  | "REFUNDED"
  | "PARTIAL_REFUNDED";

/** Statuses T-Bank reports with `Success: false` and a non-zero ErrorCode. */
const FAILED_STATUSES = new Set<string>(["REJECTED", "AUTH_FAIL"]);

export interface TbankFakePayment {
  orderId: string;
  amount: number;
  status: TbankFakeStatus;
  notificationUrl: string | undefined;
  successUrl: string | undefined;
}

/** One request as the fake received it (`body` is undefined when it was not JSON). */
export interface TbankFakeCall {
  method: string;
  path: string;
  contentType: string | undefined;
  rawBody: string;
  body: unknown;
}

/** One notification the fake posted, and the answer it got. */
export interface TbankFakeNotification {
  url: string;
  paymentId: string;
  rawBody: string;
  body: Record<string, unknown>;
  answer: { status: number; body: string };
}

export interface TbankNotifyOptions {
  /** The Amount to report (default: the payment's). */
  amount?: number;
  /** Sign with a wrong password, as a forger would. */
  badToken?: boolean;
  /** Extra root fields (e.g. `RebillId`, or a nested `Data` object, which the token skips). */
  extra?: Record<string, unknown>;
}

/** The token algorithm, written out independently of src/ (docs/billing.md, "T-Bank"). */
export function fakeTbankToken(params: Record<string, unknown>, password: string): string {
  const pairs: Array<[string, string]> = [["Password", password]];
  for (const [key, value] of Object.entries(params)) {
    if (key === "Token") continue;
    if (typeof value === "string" || typeof value === "number") pairs.push([key, String(value)]);
    else if (typeof value === "boolean") pairs.push([key, value ? "true" : "false"]);
  }
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(pairs.map(([, value]) => value).join(""), "utf8")
    .digest("hex");
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

function refusal(errorCode: string, message: string, details: string): Record<string, unknown> {
  return { Success: false, ErrorCode: errorCode, Message: message, Details: details };
}

export class TbankFake {
  readonly terminalKey: string;
  readonly password: string;
  /** `http://127.0.0.1:<port>/v2`: what PARLEY_TBANK_API_URL would hold. */
  baseUrl = "";
  env: { PARLEY_TBANK_API_URL: string; PARLEY_TBANK_TERMINAL_KEY: string; PARLEY_TBANK_PASSWORD: string } = {
    PARLEY_TBANK_API_URL: "",
    PARLEY_TBANK_TERMINAL_KEY: "",
    PARLEY_TBANK_PASSWORD: "",
  };
  /** Payments created by Init, by PaymentId (as a string). */
  readonly payments = new Map<string, TbankFakePayment>();
  /** Every request to the fake, in order (Init calls and payment-form visits alike). */
  readonly calls: TbankFakeCall[] = [];
  /** Every notification posted by `notify`/`pay`, with the answer. */
  readonly notifications: TbankFakeNotification[] = [];
  /** When true, every request is answered 503 (an outage). */
  unavailable = false;
  /** How Init reports PaymentId: T-Bank has sent both, so the provider must take both. */
  paymentIdAs: "string" | "number" = "string";

  private origin = "";
  private nextPaymentId = FIRST_PAYMENT_ID;
  private nextFailure: { errorCode: string; message: string; details: string } | undefined;
  private readonly server: Server;

  private constructor(terminalKey: string, password: string) {
    this.terminalKey = terminalKey;
    this.password = password;
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { "content-type": "text/plain" });
        response.end(String(error));
      });
    });
  }

  static async start(options: { terminalKey?: string; password?: string } = {}): Promise<TbankFake> {
    const fake = new TbankFake(
      options.terminalKey ?? DEFAULT_TERMINAL_KEY,
      options.password ?? `fake_${randomBytes(8).toString("hex")}`,
    );
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    const { port } = fake.server.address() as AddressInfo;
    fake.origin = `http://127.0.0.1:${port}`;
    fake.baseUrl = `${fake.origin}/v2`;
    fake.env = {
      PARLEY_TBANK_API_URL: fake.baseUrl,
      PARLEY_TBANK_TERMINAL_KEY: fake.terminalKey,
      PARLEY_TBANK_PASSWORD: fake.password,
    };
    return fake;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The Init calls' bodies, in order. */
  initBodies(): Array<Record<string, unknown>> {
    return this.calls
      .filter((call) => call.method === "POST" && call.path === "/v2/Init")
      .map((call) => call.body as Record<string, unknown>);
  }

  /** The next Init answers `Success: false` with this message (then Init behaves again). */
  failNextInit(message: string, errorCode = "9999", details = ""): void {
    this.nextFailure = { errorCode, message, details };
  }

  /** The body T-Bank would post for `status`, signed (or signed wrongly with `badToken`). */
  notificationBody(
    paymentId: string | number,
    status: TbankFakeStatus,
    options: TbankNotifyOptions = {},
  ): Record<string, unknown> {
    const payment = this.payment(paymentId);
    const failed = FAILED_STATUSES.has(status);
    const body: Record<string, unknown> = {
      TerminalKey: this.terminalKey,
      OrderId: payment.orderId,
      Success: !failed,
      Status: status,
      PaymentId: Number(paymentId),
      ErrorCode: failed ? "1051" : "0",
      Amount: options.amount ?? payment.amount,
      CardId: 322_264_837,
      Pan: "430000******0777",
      ExpDate: "1130",
      ...(failed ? { Message: "Недостаточно средств на карте", Details: "" } : {}),
      ...options.extra,
    };
    body.Token = fakeTbankToken(body, options.badToken ? `${this.password}x` : this.password);
    return body;
  }

  /** Posts a notification to the payment's NotificationURL and returns the merchant's answer. */
  async notify(
    paymentId: string | number,
    status: TbankFakeStatus,
    options: TbankNotifyOptions = {},
  ): Promise<{ status: number; body: string }> {
    const payment = this.payment(paymentId);
    if (payment.notificationUrl === undefined) {
      throw new Error(`TbankFake: payment ${paymentId} has no NotificationURL`);
    }
    const body = this.notificationBody(paymentId, status, options);
    const rawBody = JSON.stringify(body);
    const response = await fetch(payment.notificationUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: rawBody,
      signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
    });
    const answer = { status: response.status, body: await response.text() };
    payment.status = status;
    this.notifications.push({
      url: payment.notificationUrl,
      paymentId: String(paymentId),
      rawBody,
      body,
      answer,
    });
    return answer;
  }

  /** The payer pays: AUTHORIZED, then CONFIRMED. Returns the answer to the last notification. */
  async pay(paymentId: string | number): Promise<{ status: number; body: string }> {
    await this.notify(paymentId, "AUTHORIZED");
    return this.notify(paymentId, "CONFIRMED");
  }

  private payment(paymentId: string | number): TbankFakePayment {
    const payment = this.payments.get(String(paymentId));
    if (payment === undefined) throw new Error(`TbankFake: no payment ${paymentId}`);
    return payment;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawBody = await readBody(request);
    const path = new URL(request.url ?? "/", this.origin).pathname;
    let body: unknown;
    try {
      body = rawBody === "" ? undefined : JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
    this.calls.push({
      method: request.method ?? "",
      path,
      contentType: request.headers["content-type"],
      rawBody,
      body,
    });

    if (this.unavailable) {
      response.writeHead(503, { "content-type": "text/html" });
      response.end("<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>");
      return;
    }
    if (request.method === "POST" && path === "/v2/Init") {
      sendJson(response, 200, this.init(body));
      return;
    }
    const form = /^\/pay\/(\d+)$/.exec(path);
    if (request.method === "GET" && form !== null) {
      const payment = this.payments.get(form[1]!);
      if (payment === undefined) {
        response.writeHead(404, { "content-type": "text/plain" });
        response.end("not found");
        return;
      }
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><title>T-Bank fake payment</title><p>Order ${payment.orderId}: ` +
          `${(payment.amount / 100).toFixed(2)} RUB (${payment.status})</p>`,
      );
      return;
    }
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
  }

  private init(body: unknown): Record<string, unknown> {
    if (this.nextFailure !== undefined) {
      const { errorCode, message, details } = this.nextFailure;
      this.nextFailure = undefined;
      return refusal(errorCode, message, details);
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return refusal("9999", "Неверные параметры", "Тело запроса должно быть JSON-объектом");
    }
    const params = body as Record<string, unknown>;
    if (params.TerminalKey !== this.terminalKey) {
      return refusal("202", "Терминал не найден", "Проверьте TerminalKey");
    }
    if (typeof params.Token !== "string" || params.Token !== fakeTbankToken(params, this.password)) {
      return refusal("204", "Неверный токен", "Проверьте пару TerminalKey/Password");
    }
    const { Amount: amount, OrderId: orderId, Description: description } = params;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0) {
      return refusal("9999", "Неверные параметры", "Поле Amount должно быть целым положительным числом");
    }
    if (typeof orderId !== "string" || orderId.length === 0 || orderId.length > 36) {
      return refusal("9999", "Неверные параметры", "Поле OrderId обязательно, не более 36 символов");
    }
    if (
      description !== undefined &&
      (typeof description !== "string" || Array.from(description).length > 140)
    ) {
      return refusal("9999", "Неверные параметры", "Поле Description не более 140 символов");
    }
    for (const payment of this.payments.values()) {
      if (payment.orderId === orderId) {
        return refusal("8", "Неверный статус транзакции", `Заказ ${orderId} уже существует`);
      }
    }
    const paymentId = String(this.nextPaymentId++);
    this.payments.set(paymentId, {
      orderId,
      amount,
      status: "NEW",
      notificationUrl: typeof params.NotificationURL === "string" ? params.NotificationURL : undefined,
      successUrl: typeof params.SuccessURL === "string" ? params.SuccessURL : undefined,
    });
    return {
      Success: true,
      ErrorCode: "0",
      TerminalKey: this.terminalKey,
      Status: "NEW",
      PaymentId: this.paymentIdAs === "number" ? Number(paymentId) : paymentId,
      OrderId: orderId,
      Amount: amount,
      PaymentURL: `${this.origin}/pay/${paymentId}`,
    };
  }
}
