// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installDomStubs, jsonResponse as json, renderInConsole } from "../../testing/render";
import type { BillingAccount, BillingOffer, TransactionPage } from "./api";
import { BillingPage } from "./BillingPage";

const offer: BillingOffer = {
  id: "offer_credits_1000",
  name: "1,000 credits",
  description: "A one-time top-up of 1,000 credits.",
  kind: "topup",
  price: 990,
  currency: "RUB",
  credits: 1000,
  tariff: null,
  period_days: null,
  custom_credits: null,
};

/** A project past its welcome bonus: 0.1 credits, three replies at 0.07. */
const usage: TransactionPage = {
  total: 2,
  data: [
    {
      id: "txn_2",
      type: "charge",
      amount: -0.07,
      description: "Reply by openai/gpt-5: 10 input + 5 output tokens",
      reference: "msg_1",
      details: {
        thread_id: "thr_1",
        message_id: "msg_1",
        model: "openai/gpt-5",
        input_tokens: 10,
        output_tokens: 5,
      },
      balance_after: { credits: -0.11, bonus: 0 },
      created_at: "2026-01-01T00:00:01.000Z",
    },
    {
      id: "txn_1",
      type: "bonus",
      amount: 0.1,
      description: "Welcome bonus",
      reference: "welcome",
      details: null,
      balance_after: { credits: 0, bonus: 0.1 },
      created_at: "2026-01-01T00:00:00.000Z",
    },
  ],
};

function serve(account: Partial<BillingAccount>) {
  const answers: Record<string, unknown> = {
    "/v1/billing/account": {
      tariff: "free",
      credits: -0.11,
      bonus: 0,
      subscription_until: null,
      credits_enforced: false,
      purchases_enabled: false,
      ...account,
    },
    "/v1/billing/transactions": usage,
    "/v1/billing/offers": [offer],
    "/v1/billing/invoices": [],
  };
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    const path = new URL(String(input), "http://console.test").pathname;
    return path in answers ? json(200, answers[path]) : json(404, { code: "route_not_found", message: path });
  });
  vi.stubGlobal("fetch", fetchMock);
  renderInConsole(
    <MemoryRouter>
      <BillingPage />
    </MemoryRouter>,
  );
  return fetchMock;
}

const requested = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://console.test").pathname);

beforeAll(installDomStubs);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the billing page", () => {
  it("without a payment provider shows usage and what each reply cost, and offers nothing to buy", async () => {
    const fetchMock = serve({});
    expect(await screen.findByTestId("balance")).toHaveProperty("textContent", "-0.11");
    expect(await screen.findByText("Reply by openai/gpt-5: 10 input + 5 output tokens")).toBeTruthy();
    expect(screen.getAllByTestId("transaction-amount").map((cell) => cell.textContent)).toEqual([
      "-0.07",
      "+0.10",
    ]);
    expect(screen.getByTestId("credits-not-enforced")).toBeTruthy();
    // Below zero, but bots are not stopped: no "No credits left" alarm.
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByTestId("offer-buy-button")).toBeNull();
    expect(screen.queryByText("Top up")).toBeNull();
    expect(requested(fetchMock)).not.toContain("/v1/billing/offers");
  });

  it("with a payment provider offers the top-ups, and warns when credits run out", async () => {
    serve({ credits: 0, credits_enforced: true, purchases_enabled: true });
    expect(await screen.findByTestId("offer-buy-button")).toHaveProperty("textContent", "Buy");
    expect(screen.getByRole("heading", { name: "1,000 credits" })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("No credits left"));
    expect(screen.queryByTestId("credits-not-enforced")).toBeNull();
  });
});
