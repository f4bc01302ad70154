import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TbankClient } from "../../src/vendors/tbank/client.js";
import { readTbankNotification } from "../../src/vendors/tbank/notification.js";
import { hasValidTbankToken, tbankToken, tbankTokenSource } from "../../src/vendors/tbank/token.js";
import { fakeTbankToken } from "../modules/billing/fakes/tbank-fake.js";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * The T-Bank `Token` (docs/billing.md, "T-Bank"), the one code billing's terminal and projects'
 * terminals (docs/payments.md) sign and verify with.
 */
describe("the T-Bank token", () => {
  const example = {
    TerminalKey: "MerchantTerminalKey",
    Amount: 19200,
    OrderId: "21090",
    Description: "Подарочная карта на 1000 рублей",
  };
  const password = "usaf8fw8fsw21g";

  it("matches T-Bank's published example", () => {
    expect(tbankTokenSource(example, password)).toBe(
      "19200Подарочная карта на 1000 рублей21090usaf8fw8fsw21gMerchantTerminalKey",
    );
    expect(tbankToken(example, password)).toBe(
      "0024a00af7c350a3a67ca168ce06502aa72772456662e38696d48b56ee9c97d9",
    );
    // The fake's independent implementation agrees, so tests against the fake check the real algorithm.
    expect(fakeTbankToken(example, password)).toBe(tbankToken(example, password));
  });

  it("skips nested objects, arrays, Token and nulls, and writes booleans as true/false", () => {
    const plain = { TerminalKey: "T", Amount: 100, Success: true, Flag: false };
    const withNoise = {
      ...plain,
      DATA: { Phone: "+71234567890" },
      Receipt: { Items: [{ Name: "x", Price: 100 }] },
      Tags: ["a", "b"],
      Token: "deadbeef",
      RebillId: null,
    };
    expect(tbankTokenSource(plain, "pw")).toBe("100falsepwtrueT");
    expect(tbankTokenSource(withNoise, "pw")).toBe("100falsepwtrueT");
    expect(tbankToken(withNoise, "pw")).toBe(sha256("100falsepwtrueT"));
    expect(tbankToken(plain, "other")).not.toBe(tbankToken(plain, "pw"));
  });

  it("verifies a presented token, whatever its case, and refuses a missing or wrong one", () => {
    const params = { TerminalKey: "T", Amount: 100, OrderId: "inv_1" };
    const token = tbankToken(params, "pw");
    expect(hasValidTbankToken({ ...params, Token: token }, "pw")).toBe(true);
    expect(hasValidTbankToken({ ...params, Token: token.toUpperCase() }, "pw")).toBe(true);
    expect(hasValidTbankToken({ ...params, Token: token }, "pw2")).toBe(false);
    expect(hasValidTbankToken({ ...params, Amount: 101, Token: token }, "pw")).toBe(false);
    expect(hasValidTbankToken(params, "pw")).toBe(false);
    expect(hasValidTbankToken({ ...params, Token: 42 }, "pw")).toBe(false);
  });

  it("verifies a notification signed with the password, its nested Data left out", () => {
    const notification = {
      TerminalKey: "MerchantTerminalKey",
      OrderId: "pay_0000000000000000000001",
      Success: true,
      Status: "CONFIRMED",
      PaymentId: 3093639567,
      Amount: 149050,
      Data: { nested: "left out" },
    };
    const signed = { ...notification, Token: tbankToken(notification, password) };
    expect(hasValidTbankToken(signed, password)).toBe(true);
    expect(hasValidTbankToken(signed, `${password}x`)).toBe(false);
    expect(hasValidTbankToken({ ...signed, Amount: 149051 }, password)).toBe(false);
    expect(hasValidTbankToken({ ...notification }, password)).toBe(false);
  });
});

describe("a T-Bank client checking a notification", () => {
  const client = new TbankClient({
    terminalKey: "T1",
    password: "pw",
    apiBaseUrl: "https://securepay.invalid/v2",
  });
  const posted = (fields: Record<string, unknown>, signedWith = "pw") =>
    readTbankNotification(JSON.stringify({ ...fields, Token: tbankToken(fields, signedWith) }))!;

  it("takes one its terminal signed, and reads its fields", () => {
    const notification = posted({
      TerminalKey: "T1",
      OrderId: "o1",
      Success: true,
      Status: "CONFIRMED",
      PaymentId: 7,
      Amount: 500,
    });
    expect(client.signed(notification)).toBe(true);
    expect(notification).toMatchObject({
      terminalKey: "T1",
      orderId: "o1",
      status: "CONFIRMED",
      paymentId: "7",
      amount: 500,
      outcome: "paid",
    });
  });

  it("refuses another password, and another terminal's key even with the right password", () => {
    expect(client.signed(posted({ TerminalKey: "T1", OrderId: "o1" }, "other"))).toBe(false);
    expect(client.signed(posted({ TerminalKey: "T2", OrderId: "o1" }))).toBe(false);
  });

  it("reads nothing from a body that is not a JSON object", () => {
    for (const rawBody of ["", "not json", "[]", "null", '"OK"']) {
      expect(readTbankNotification(rawBody)).toBeUndefined();
    }
  });
});
