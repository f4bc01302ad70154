import { describe, expect, it } from "vitest";
import {
  hasValidTbankToken,
  tbankToken,
  tbankTokenSource,
} from "../../src/modules/billing/providers/tbank/token.js";

/**
 * The Token a project's terminal signs with (docs/payments.md) is billing's implementation,
 * shared: checked here against T-Bank's published example, and as notifications are verified.
 */
describe("the T-Bank Token of payment links", () => {
  const example = {
    TerminalKey: "MerchantTerminalKey",
    Amount: 19200,
    OrderId: "21090",
    Description: "Подарочная карта на 1000 рублей",
  };
  const password = "usaf8fw8fsw21g";

  it("matches T-Bank's test vector", () => {
    expect(tbankTokenSource(example, password)).toBe(
      "19200Подарочная карта на 1000 рублей21090usaf8fw8fsw21gMerchantTerminalKey",
    );
    expect(tbankToken(example, password)).toBe(
      "0024a00af7c350a3a67ca168ce06502aa72772456662e38696d48b56ee9c97d9",
    );
  });

  it("verifies a notification signed with the password and nothing else", () => {
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
