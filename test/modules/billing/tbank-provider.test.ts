import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type NotificationResult,
  PaymentError,
  type PaymentProvider,
  type PaymentRequest,
} from "../../../src/modules/billing/providers/payment-provider.js";
import { createTbankProvider } from "../../../src/modules/billing/providers/tbank-provider.js";
import { tbankToken } from "../../../src/vendors/tbank/token.js";
import { fakeTbankToken, TbankFake, type TbankFakeStatus } from "./fakes/tbank-fake.js";

let fake: TbankFake;
let provider: PaymentProvider;

/** A stand-in for Parley's `POST /payments/tbank/notify`: hands each body to the provider and answers with its reply. */
let receiver: Server;
let notifyUrl: string;
let received: NotificationResult[];

function request(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    invoiceId: "inv_01JTBANK0000000000000001",
    amountMinor: 150_000,
    description: "Parley credits: 1500 RUB",
    notificationUrl: notifyUrl,
    successUrl: "https://parley.example/billing/paid",
    ...overrides,
  };
}

function rejectedError(promise: Promise<unknown>): Promise<PaymentError> {
  return promise.then(
    () => {
      throw new Error("expected the payment to fail");
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(PaymentError);
      return error as PaymentError;
    },
  );
}

beforeEach(async () => {
  fake = await TbankFake.start();
  provider = createTbankProvider({
    terminalKey: fake.terminalKey,
    password: fake.password,
    apiBaseUrl: fake.baseUrl,
  });
  received = [];
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const result = provider.parseNotification!({
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
      });
      received.push(result);
      res.writeHead(result.reply.status, { "content-type": result.reply.contentType });
      res.end(result.reply.body);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/payments/tbank/notify`;
});

afterEach(async () => {
  await fake.close();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe("T-Bank provider: Init", () => {
  it("is the tbank provider", () => {
    expect(provider.id).toBe("tbank");
  });

  it("sends a signed Init with kopecks, the invoice id and a truncated description", async () => {
    const description = `Пополнение баланса ${"я".repeat(200)}`;
    const started = await provider.start(request({ description }));

    const [body, ...others] = fake.initBodies();
    expect(others).toHaveLength(0);
    expect(fake.calls[0]).toMatchObject({ method: "POST", path: "/v2/Init" });
    expect(fake.calls[0]!.contentType).toContain("application/json");
    expect(body).toEqual({
      TerminalKey: fake.terminalKey,
      Amount: 150_000,
      OrderId: "inv_01JTBANK0000000000000001",
      Description: Array.from(description).slice(0, 140).join(""),
      NotificationURL: notifyUrl,
      SuccessURL: "https://parley.example/billing/paid",
      Token: fakeTbankToken(body!, fake.password),
    });
    expect(Array.from(body!.Description as string)).toHaveLength(140);
    expect(JSON.stringify(body)).not.toContain(fake.password);

    const [paymentId] = [...fake.payments.keys()];
    expect(started).toEqual({
      paymentUrl: `${new URL(fake.baseUrl).origin}/pay/${paymentId}`,
      providerPaymentId: paymentId,
    });
    expect(fake.payments.get(paymentId!)).toEqual({
      orderId: "inv_01JTBANK0000000000000001",
      amount: 150_000,
      status: "NEW",
      notificationUrl: notifyUrl,
      successUrl: "https://parley.example/billing/paid",
    });

    const form = await fetch(started.paymentUrl);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("1500.00 RUB");
  });

  it("leaves a short description and a missing success URL alone", async () => {
    await provider.start(request({ description: "Credits", successUrl: undefined }));
    const [body] = fake.initBodies();
    expect(body!.Description).toBe("Credits");
    expect(body).not.toHaveProperty("SuccessURL");
  });

  it("normalises a numeric PaymentId to a string", async () => {
    fake.paymentIdAs = "number";
    const started = await provider.start(request());
    expect(started.providerPaymentId).toBe([...fake.payments.keys()][0]);
    expect(typeof started.providerPaymentId).toBe("string");
  });

  it("calls only the injected fetch, at <apiBaseUrl>/Init", async () => {
    const urls: string[] = [];
    const viaProxy = createTbankProvider({
      terminalKey: fake.terminalKey,
      password: fake.password,
      apiBaseUrl: "https://securepay.invalid/v2",
      fetch: (input, init) => {
        urls.push(String(input));
        return globalThis.fetch(`${fake.baseUrl}/Init`, init);
      },
    });
    const started = await viaProxy.start(request());
    expect(urls).toEqual(["https://securepay.invalid/v2/Init"]);
    expect(started.providerPaymentId).toBe([...fake.payments.keys()][0]);
  });

  it("turns Success:false into a non-retryable payment_refused with T-Bank's message", async () => {
    fake.failNextInit("Неверные параметры", "9999", "Поле OrderId неверно");
    const error = await rejectedError(provider.start(request()));
    expect(error.code).toBe("payment_refused");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("Неверные параметры");
    expect(error.message).toContain("Поле OrderId неверно");
    expect(error.message).toContain("9999");
    expect(fake.payments.size).toBe(0);
  });

  it("is refused by the bank for a second Init of the same invoice", async () => {
    await provider.start(request());
    const error = await rejectedError(provider.start(request()));
    expect(error.code).toBe("payment_refused");
    expect(error.retryable).toBe(false);
    expect(fake.payments.size).toBe(1);
  });

  it("never puts the password or token in a refusal, even with a wrong password", async () => {
    const wrong = createTbankProvider({
      terminalKey: fake.terminalKey,
      password: "not-the-password",
      apiBaseUrl: fake.baseUrl,
    });
    const error = await rejectedError(wrong.start(request()));
    expect(error.code).toBe("payment_refused");
    expect(error.message).toContain("Неверный токен");
    const sentToken = String(fake.initBodies()[0]!.Token);
    expect(error.message).not.toContain("not-the-password");
    expect(error.message).not.toContain(sentToken);
  });

  it("redacts a password or token that T-Bank echoes back", async () => {
    fake.failNextInit(`Bad password ${fake.password}`, "9999", "echo");
    const error = await rejectedError(provider.start(request()));
    expect(error.message).not.toContain(fake.password);
    expect(error.message).toContain("[redacted]");
  });

  it("reports an outage (503) as retryable provider_unavailable", async () => {
    fake.unavailable = true;
    const error = await rejectedError(provider.start(request()));
    expect(error.code).toBe("provider_unavailable");
    expect(error.retryable).toBe(true);
  });

  it("reports an unreachable bank as retryable provider_unavailable", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = createTbankProvider({
      terminalKey: fake.terminalKey,
      password: fake.password,
      apiBaseUrl: `http://127.0.0.1:${port}/v2`,
    });
    const error = await rejectedError(offline.start(request()));
    expect(error.code).toBe("provider_unavailable");
    expect(error.retryable).toBe(true);
  });

  it("treats a fetch that throws, and a 2xx that is not T-Bank's JSON, as retryable", async () => {
    const throwing = createTbankProvider({
      terminalKey: "T",
      password: "secret-pw",
      apiBaseUrl: "https://securepay.invalid/v2",
      fetch: () => Promise.reject(new TypeError("fetch failed: secret-pw")),
    });
    const thrown = await rejectedError(throwing.start(request()));
    expect([thrown.code, thrown.retryable]).toEqual(["provider_unavailable", true]);
    expect(thrown.message).not.toContain("secret-pw");

    const garbled = createTbankProvider({
      terminalKey: "T",
      password: "pw",
      apiBaseUrl: "https://securepay.invalid/v2",
      fetch: async () => new Response("<html>gateway</html>", { status: 200 }),
    });
    const odd = await rejectedError(garbled.start(request()));
    expect([odd.code, odd.retryable]).toEqual(["provider_unavailable", true]);
  });

  it("treats a 404 (wrong API URL) as provider_unavailable that retrying will not fix", async () => {
    const misconfigured = createTbankProvider({
      terminalKey: fake.terminalKey,
      password: fake.password,
      apiBaseUrl: `${new URL(fake.baseUrl).origin}/nope`,
    });
    const error = await rejectedError(misconfigured.start(request()));
    expect([error.code, error.retryable]).toEqual(["provider_unavailable", false]);
  });

  it("refuses an amount or invoice id T-Bank cannot take, without calling it", async () => {
    for (const bad of [
      request({ amountMinor: 0 }),
      request({ amountMinor: 10.5 }),
      request({ invoiceId: "x".repeat(37) }),
    ]) {
      const error = await rejectedError(provider.start(bad));
      expect([error.code, error.retryable]).toEqual(["invalid_request", false]);
    }
    expect(fake.calls).toHaveLength(0);
  });
});

describe("T-Bank provider: notifications", () => {
  async function startPayment(invoiceId = "inv_01JTBANK0000000000000001"): Promise<string> {
    const started = await provider.start(request({ invoiceId }));
    return started.providerPaymentId!;
  }

  it("accepts AUTHORIZED as an intermediate status and CONFIRMED as paid, answering OK", async () => {
    const paymentId = await startPayment();
    const answer = await fake.pay(paymentId);

    expect(answer).toEqual({ status: 200, body: "OK" });
    expect(fake.notifications.map((n) => n.answer)).toEqual([
      { status: 200, body: "OK" },
      { status: 200, body: "OK" },
    ]);
    const ok = { status: 200, contentType: "text/plain", body: "OK" };
    expect(received).toEqual([
      {
        kind: "accepted",
        reply: ok,
        update: {
          invoiceId: "inv_01JTBANK0000000000000001",
          outcome: "none",
          amountMinor: 150_000,
          providerPaymentId: paymentId,
          providerStatus: "AUTHORIZED",
        },
      },
      {
        kind: "accepted",
        reply: ok,
        update: {
          invoiceId: "inv_01JTBANK0000000000000001",
          outcome: "paid",
          amountMinor: 150_000,
          providerPaymentId: paymentId,
          providerStatus: "CONFIRMED",
        },
      },
    ]);
    // The body really was T-Bank-shaped: PaymentId a number, Success a boolean, card details present.
    expect(fake.notifications[1]!.body).toMatchObject({
      PaymentId: Number(paymentId),
      Success: true,
      ErrorCode: "0",
      Pan: "430000******0777",
    });
  });

  it("reports the amount the bank sends, for the billing service to check", async () => {
    const paymentId = await startPayment();
    await fake.notify(paymentId, "CONFIRMED", { amount: 100 });
    expect(received[0]).toMatchObject({ kind: "accepted", update: { outcome: "paid", amountMinor: 100 } });
  });

  it.each<[TbankFakeStatus, "paid" | "cancelled" | "none"]>([
    ["REJECTED", "cancelled"],
    ["AUTH_FAIL", "cancelled"],
    ["DEADLINE_EXPIRED", "cancelled"],
    ["CANCELED", "cancelled"],
    ["REVERSED", "cancelled"],
    ["NEW", "none"],
    ["3DS_CHECKING", "none"],
    ["CONFIRMING", "none"],
    ["REFUNDED", "none"],
    ["PARTIAL_REFUNDED", "none"],
  ])("maps %s to %s", async (status, outcome) => {
    const paymentId = await startPayment();
    const answer = await fake.notify(paymentId, status);
    expect(answer).toEqual({ status: 200, body: "OK" });
    expect(received[0]).toMatchObject({
      kind: "accepted",
      update: { outcome, providerStatus: status, invoiceId: "inv_01JTBANK0000000000000001" },
    });
  });

  it("accepts a duplicate as it is (idempotency is the billing service's)", async () => {
    const paymentId = await startPayment();
    await fake.notify(paymentId, "CONFIRMED");
    await fake.notify(paymentId, "CONFIRMED");
    expect(received.map((r) => (r.kind === "accepted" ? r.update?.outcome : r.kind))).toEqual([
      "paid",
      "paid",
    ]);
  });

  it("verifies a notification carrying a nested Data object and extra scalars", async () => {
    const paymentId = await startPayment();
    const answer = await fake.notify(paymentId, "CONFIRMED", {
      extra: { RebillId: 145_919, Data: { Source: "cards", Phone: "+7 999" } },
    });
    expect(answer).toEqual({ status: 200, body: "OK" });
    expect(received[0]).toMatchObject({ kind: "accepted", update: { outcome: "paid" } });
  });

  it("rejects a forged token with 403, and the bank sees a non-OK answer", async () => {
    const paymentId = await startPayment();
    const answer = await fake.notify(paymentId, "CONFIRMED", { badToken: true });
    expect(answer).toEqual({ status: 403, body: "forbidden" });
    expect(received).toEqual([
      { kind: "rejected", reply: { status: 403, contentType: "text/plain", body: "forbidden" } },
    ]);
  });

  it("rejects a body altered after signing", async () => {
    const paymentId = await startPayment();
    await fake.notify(paymentId, "AUTHORIZED");
    const tampered = { ...JSON.parse(fake.notifications[0]!.rawBody), Status: "CONFIRMED" };
    const result = provider.parseNotification!({ headers: {}, rawBody: JSON.stringify(tampered) });
    expect(result.kind).toBe("rejected");
    expect(result.reply.status).toBe(403);
  });

  it("rejects another terminal's notification even when its token is right", async () => {
    const paymentId = await startPayment();
    await fake.notify(paymentId, "CONFIRMED");
    const original = JSON.parse(fake.notifications[0]!.rawBody) as Record<string, unknown>;
    // The same body, correctly signed with our password, but from another terminal.
    const other: Record<string, unknown> = { ...original, TerminalKey: "OtherTerminal" };
    other.Token = fakeTbankToken(other, fake.password);
    const result = provider.parseNotification!({ headers: {}, rawBody: JSON.stringify(other) });
    expect(result).toEqual({
      kind: "rejected",
      reply: { status: 403, contentType: "text/plain", body: "forbidden" },
    });
    // The untouched original is still accepted, so the rejection is about the terminal.
    expect(provider.parseNotification!({ headers: {}, rawBody: JSON.stringify(original) }).kind).toBe(
      "accepted",
    );
  });

  it("rejects what it cannot parse, and works without calling the bank", () => {
    const offline = createTbankProvider({
      terminalKey: fake.terminalKey,
      password: fake.password,
      apiBaseUrl: "https://securepay.invalid/v2",
      fetch: () => Promise.reject(new Error("parseNotification must not call T-Bank")),
    });
    for (const rawBody of [
      "",
      "not json",
      "[]",
      "null",
      '"OK"',
      "{}",
      `{"TerminalKey":"${fake.terminalKey}"}`,
    ]) {
      expect(offline.parseNotification!({ headers: {}, rawBody })).toEqual({
        kind: "rejected",
        reply: { status: 403, contentType: "text/plain", body: "forbidden" },
      });
    }
    const signed = {
      TerminalKey: fake.terminalKey,
      OrderId: "inv_x",
      Success: true,
      Status: "CONFIRMED",
      PaymentId: "77",
      Amount: 500,
    };
    const result = offline.parseNotification!({
      headers: {},
      rawBody: JSON.stringify({ ...signed, Token: tbankToken(signed, fake.password) }),
    });
    expect(result).toEqual({
      kind: "accepted",
      reply: { status: 200, contentType: "text/plain", body: "OK" },
      update: {
        invoiceId: "inv_x",
        outcome: "paid",
        amountMinor: 500,
        providerPaymentId: "77",
        providerStatus: "CONFIRMED",
      },
    });
  });

  it("answers OK without an update to a signed notification it cannot use, so T-Bank stops retrying", () => {
    const signed = { TerminalKey: fake.terminalKey, Success: true, PaymentId: 5 };
    const result = provider.parseNotification!({
      headers: {},
      rawBody: JSON.stringify({ ...signed, Token: tbankToken(signed, fake.password) }),
    });
    expect(result).toEqual({
      kind: "accepted",
      update: null,
      reply: { status: 200, contentType: "text/plain", body: "OK" },
    });
  });

  it("does not count a CONFIRMED that says Success:false as paid", () => {
    const signed = {
      TerminalKey: fake.terminalKey,
      OrderId: "inv_y",
      Success: false,
      Status: "CONFIRMED",
      PaymentId: 9,
      Amount: 100,
      ErrorCode: "0",
    };
    const result = provider.parseNotification!({
      headers: {},
      rawBody: JSON.stringify({ ...signed, Token: tbankToken(signed, fake.password) }),
    });
    expect(result).toMatchObject({
      kind: "accepted",
      update: { outcome: "none", providerStatus: "CONFIRMED" },
    });
  });
});
