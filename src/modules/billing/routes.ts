import { z } from "zod";
import { authOf } from "../../infra/api-guard.js";
import { errorBodySchema, standardErrorResponses } from "../../infra/error-body.js";
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
        summary: "Get the project's billing account",
        description: "Created on first use with the welcome bonus (docs/billing.md).",
        response: { 200: billingAccountSchema, ...standardErrorResponses },
      },
    },
    async (request) => billing.account(authOf(request).projectId),
  );

  app.get(
    "/billing/balance",
    {
      schema: {
        tags,
        summary: "Get the project's balance",
        response: { 200: billingBalanceSchema, ...standardErrorResponses },
      },
    },
    async (request) => billing.balance(authOf(request).projectId),
  );

  app.get(
    "/billing/transactions",
    {
      schema: {
        tags,
        summary: "List the project's transactions",
        description:
          "Newest first. Every change of the balance is one transaction: the sum of all of them " +
          "is `credits + bonus`.",
        querystring: transactionsQuerySchema,
        response: { 200: transactionsPageSchema, ...standardErrorResponses },
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
        summary: "List the offers",
        description: "Subscription plans and one-time top-ups (PARLEY_BILLING_OFFERS).",
        response: { 200: z.array(offerSchema), ...standardErrorResponses },
      },
    },
    async () => billing.offers(),
  );

  app.get(
    "/billing/invoices",
    {
      schema: {
        tags,
        summary: "List the project's invoices",
        description: "Newest first.",
        response: { 200: z.array(invoiceSchema), ...standardErrorResponses },
      },
    },
    async (request) => billing.invoices(authOf(request).projectId),
  );

  app.post(
    "/billing/invoices",
    {
      schema: {
        tags,
        summary: "Create an invoice for an offer",
        description:
          "A `pending` invoice and the URL where it is paid. `credits` chooses the amount on " +
          "offers with `custom_credits`. The project is credited when the payment provider " +
          'confirms the payment (docs/billing.md, "Payments").',
        body: createInvoiceBodySchema,
        response: {
          200: createdInvoiceSchema,
          ...standardErrorResponses,
          502: errorBodySchema.describe("The payment provider could not be reached."),
        },
      },
    },
    async (request) => billing.createInvoice(authOf(request).projectId, request.body),
  );
}
