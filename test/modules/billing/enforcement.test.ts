import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingModes, ConfigError } from "../../../src/config.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";
import { testConfig } from "../../helpers/test-config.js";

/**
 * Whether credits are enforced and offers sold (docs/billing.md, "Enforcement"):
 * PARLEY_BILLING_ENFORCE `auto` (the default) enforces exactly when billing's T-Bank terminal
 * is configured; `true` and `false` decide alone. Every reply of the mock model costs 0.07
 * credits (10 input and 5 output tokens at $2 and $10 per million, 1000 credits per dollar),
 * and each project starts with 0.1: the second reply exhausts it, the third shows enforcement.
 */
const PRICED = {
  PARLEY_MODELS: JSON.stringify([{ id: "openai/gpt-5", input_price: 2, output_price: 10 }]),
  PARLEY_CREDITS_PER_USD: "1000",
  PARLEY_BILLING_WELCOME_BONUS: "0.1",
};
/** Billing's terminal; its API is a closed port (test-config), so starting a payment fails 502. */
const TERMINAL = { PARLEY_TBANK_TERMINAL_KEY: "BillingTerminal", PARLEY_TBANK_PASSWORD: "secret" };

const CASES = [
  { name: "auto without a payment provider", env: {}, enforced: false, purchases: false },
  { name: "auto with a payment provider", env: TERMINAL, enforced: true, purchases: true },
  {
    name: "explicitly on without a provider",
    env: { PARLEY_BILLING_ENFORCE: "true" },
    enforced: true,
    purchases: true,
  },
  {
    name: "explicitly off with a provider",
    env: { ...TERMINAL, PARLEY_BILLING_ENFORCE: "false" },
    enforced: false,
    purchases: true,
  },
] as const;

describe("billing modes from PARLEY_BILLING_ENFORCE", () => {
  it("auto follows the payment provider; true and false decide alone", () => {
    expect(billingModes("auto", false)).toEqual({ enforce: false, purchases: false });
    expect(billingModes("auto", true)).toEqual({ enforce: true, purchases: true });
    expect(billingModes("true", false)).toEqual({ enforce: true, purchases: true });
    expect(billingModes("false", true)).toEqual({ enforce: false, purchases: true });
    expect(billingModes("false", false)).toEqual({ enforce: false, purchases: false });
  });

  it("defaults to auto and refuses other values, naming the variable", () => {
    expect(testConfig().billing).toMatchObject({ enforce: false, purchases: false });
    expect(testConfig(TERMINAL).billing).toMatchObject({ enforce: true, purchases: true });
    expect(() => testConfig({ PARLEY_BILLING_ENFORCE: "yes" })).toThrow(ConfigError);
    expect(() => testConfig({ PARLEY_BILLING_ENFORCE: "yes" })).toThrow(/PARLEY_BILLING_ENFORCE/);
  });
});

for (const dialect of DIALECTS) {
  for (const mode of CASES) {
    describe.skipIf(shouldSkip(dialect))(`credits ${mode.name} on ${dialect}`, () => {
      let t: TestApp;
      const model = scriptedModel();

      beforeAll(async () => {
        t = await createTestApp({
          dialect,
          env: { ...PRICED, ...mode.env },
          modelOverride: () => model.model,
        });
      });
      afterAll(async () => {
        await t?.close();
      });

      const get = async (path: string) => (await t.call("GET", path)).json();

      it(`tells the console: enforced ${mode.enforced}, purchases ${mode.purchases}`, async () => {
        expect(await get("/v1/billing/account")).toMatchObject({
          credits_enforced: mode.enforced,
          purchases_enabled: mode.purchases,
        });
      });

      it(
        mode.enforced
          ? "refuses a reply once the balance is exhausted, never taking it below zero"
          : "answers past the balance, recording every reply's cost below zero",
        async () => {
          const { chat } = await activeChat(t);
          for (const text of ["one", "two"]) {
            expect((await streamTurn(t, chat.id, "thr_enforce", text)).text).toBe(`Echo: ${text}`);
          }
          const third = await streamTurn(t, chat.id, "thr_enforce", "three");
          const charges = (await get("/v1/billing/transactions?limit=100")).data.filter(
            (txn: { type: string }) => txn.type === "charge",
          );
          if (mode.enforced) {
            expect(third.events).toEqual([
              expect.objectContaining({ type: "error", code: "insufficient_credits" }),
            ]);
            expect((await get("/v1/threads/thr_enforce")).pending_count).toBe(1);
            expect(await get("/v1/billing/balance")).toEqual({ credits: 0, bonus: 0 });
            expect(charges.map((txn: { amount: number }) => txn.amount)).toEqual([-0.03, -0.07]);
          } else {
            expect(third.text).toBe("Echo: three");
            expect((await get("/v1/threads/thr_enforce")).pending_count).toBe(0);
            // 0.1 - 3 × 0.07: the bonus first, then credits below zero.
            expect(await get("/v1/billing/balance")).toEqual({ credits: -0.11, bonus: 0 });
            expect(charges.map((txn: { amount: number }) => txn.amount)).toEqual([-0.07, -0.07, -0.07]);
          }
        },
      );

      it(mode.purchases ? "takes invoices for offers" : "refuses invoices: nothing can be paid", async () => {
        const created = await t.call("POST", "/v1/billing/invoices", {
          body: { offer_id: "offer_credits_1000" },
        });
        if (!mode.purchases) {
          expect(created.statusCode).toBe(409);
          expect(created.json()).toMatchObject({ code: "purchases_disabled" });
          expect(await get("/v1/billing/invoices")).toEqual([]);
          return;
        }
        // T-Bank is unreachable here (502 with the invoice cancelled); the manual provider gives its page.
        if ("PARLEY_TBANK_TERMINAL_KEY" in mode.env) {
          expect(created.statusCode).toBe(502);
          expect((await get("/v1/billing/invoices"))[0]).toMatchObject({ provider: "tbank" });
        } else {
          expect(created.statusCode).toBe(200);
          expect(created.json().invoice).toMatchObject({ provider: "manual", status: "pending" });
        }
      });
    });
  }
}
