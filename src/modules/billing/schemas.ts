import { z } from "zod";

const credits = (description: string) => z.number().describe(`${description} Credits, to 1/1000.`);

export const billingAccountSchema = z
  .object({
    tariff: z.string().describe("`free` until a subscription sets another."),
    credits: credits("Main balance."),
    bonus: credits("Promotional balance, spent before `credits`."),
    subscription_until: z
      .string()
      .nullable()
      .describe("When the current subscription ends (ISO 8601), or null."),
    credits_enforced: z
      .boolean()
      .describe(
        "Whether replies are refused once `credits + bonus` is exhausted. When false, usage is still charged and the balance may go below zero.",
      ),
    purchases_enabled: z
      .boolean()
      .describe("Whether offers can be bought on this server (`POST /v1/billing/invoices`)."),
  })
  .meta({ id: "BillingAccount" });

export const billingBalanceSchema = z
  .object({ credits: credits("Main balance."), bonus: credits("Promotional balance.") })
  .meta({ id: "BillingBalance" });

export const transactionSchema = z
  .object({
    id: z.string(),
    type: z.enum(["charge", "topup", "bonus", "refund"]),
    amount: credits("Signed change of the balance: negative for a charge or a refund."),
    description: z.string(),
    reference: z
      .string()
      .nullable()
      .describe("What it is for: a reply's message id (charges), an invoice id (top-ups)."),
    details: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe("Charges: `thread_id`, `message_id`, `model`, `input_tokens`, `output_tokens`."),
    balance_after: billingBalanceSchema,
    created_at: z.string(),
  })
  .meta({ id: "Transaction" });

export const transactionsPageSchema = z
  .object({
    data: z.array(transactionSchema),
    total: z.number().int().describe("All transactions of the project."),
  })
  .meta({ id: "TransactionPage" });

export const transactionsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const offerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    kind: z.enum(["topup", "subscription"]),
    price: z.number().describe("In `currency`, for `credits`."),
    currency: z.string(),
    credits: z.number(),
    tariff: z.string().nullable().describe("Subscriptions: the tariff they set."),
    period_days: z.number().nullable().describe("Subscriptions: how long one payment lasts."),
    custom_credits: z
      .object({ price_per_credit: z.number(), min: z.number(), max: z.number() })
      .nullable()
      .describe("Top-ups of a chosen amount: send `credits` with the invoice."),
  })
  .meta({ id: "BillingOffer" });

export const invoiceSchema = z
  .object({
    id: z.string(),
    status: z.enum(["pending", "paid", "cancelled"]),
    amount: z.number().describe("What the payer pays, in `currency`."),
    currency: z.string(),
    credits: z.number().describe("Credits granted when paid."),
    offer_id: z.string(),
    provider: z.string().describe("`tbank` or `manual`."),
    payment_url: z.string().nullable(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
  })
  .meta({ id: "Invoice" });

export const createInvoiceBodySchema = z.strictObject({
  offer_id: z.string().min(1).max(100),
  credits: z
    .number()
    .positive()
    .max(1_000_000_000)
    .optional()
    .describe("A custom amount of credits, for offers with `custom_credits`."),
});

export const createdInvoiceSchema = z
  .object({ invoice: invoiceSchema, payment_url: z.string() })
  .meta({ id: "CreatedInvoice" });

export type Transaction = z.infer<typeof transactionSchema>;
export type Invoice = z.infer<typeof invoiceSchema>;
export type BillingOffer = z.infer<typeof offerSchema>;
