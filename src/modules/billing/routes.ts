import { z } from "zod";
import { authOf } from "../../infra/api-guard.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { BillingService } from "./billing-service.js";
import {
  billingAccountSchema,
  billingBalanceSchema,
  createdInvoiceSchema,
  createInvoiceBodySchema,
  invoiceSchema,
  offerSchema,
  transactionsPageSchema,
  transactionsQuerySchema,
} from "./schemas.js";

const tags = ["Billing"];

export function billingRoutes(app: App, billing: BillingService): void {
  app.get(
    "/billing/account",
    {
      schema: {
        tags,
        operationId: "getBillingAccount",
        summary: "Get the project's billing account",
        description:
          "Created on first use with the welcome bonus (docs/billing.md). Says whether credits are " +
          "enforced and whether offers can be bought on this server.",
        response: { 200: billingAccountSchema },
      },
    },
    async (request) => billing.account(authOf(request).projectId),
  );

  app.get(
    "/billing/balance",
    {
      schema: {
        tags,
        operationId: "getBillingBalance",
        summary: "Get the project's balance",
        response: { 200: billingBalanceSchema },
      },
    },
    async (request) => billing.balance(authOf(request).projectId),
  );

  app.get(
    "/billing/transactions",
    {
      schema: {
        tags,
        operationId: "listBillingTransactions",
        summary: "List the project's transactions",
        description:
          "Newest first. Every change of the balance is one transaction: the sum of all of them " +
          "is `credits + bonus`.",
        querystring: transactionsQuerySchema,
        response: { 200: transactionsPageSchema },
      },
    },
    async (request) =>
      billing.transactions(authOf(request).projectId, request.query.limit, request.query.offset),
  );

  app.get(
    "/billing/offers",
    {
      schema: {
        tags,
        operationId: "listBillingOffers",
        summary: "List the offers",
        description: "Subscription plans and one-time top-ups (PARLEY_BILLING_OFFERS).",
        response: { 200: z.array(offerSchema) },
      },
    },
    async () => billing.offers(),
  );

  app.get(
    "/billing/invoices",
    {
      schema: {
        tags,
        operationId: "listInvoices",
        summary: "List the project's invoices",
        description: "Newest first.",
        response: { 200: z.array(invoiceSchema) },
      },
    },
    async (request) => billing.invoices(authOf(request).projectId),
  );

  app.post(
    "/billing/invoices",
    {
      schema: {
        tags,
        operationId: "createInvoice",
        summary: "Create an invoice for an offer",
        description:
          "A `pending` invoice and the URL where it is paid. `credits` chooses the amount on " +
          "offers with `custom_credits`. The project is credited when the payment provider " +
          'confirms the payment (docs/billing.md, "Payments").',
        body: createInvoiceBodySchema,
        response: {
          200: createdInvoiceSchema,
          ...errorResponses({
            404: "`offer_not_found`: `offer_id` names no offer.",
            409: "`purchases_disabled`: this server sells no credits (no payment provider is configured).",
            422: "The payment provider refused to start the payment (`payment_refused` or the provider's code); the invoice is `cancelled`.",
            502: "`provider_unavailable`: the payment provider could not be reached; the invoice is `cancelled`.",
          }),
        },
      },
    },
    async (request) => billing.createInvoice(authOf(request).projectId, request.body),
  );
}
