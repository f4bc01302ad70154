import { api } from "../../api/client";

/** The billing API of docs/billing.md. Credits are numbers with up to three decimals (shown with two). */

export interface BillingBalance {
  credits: number;
  bonus: number;
}

export interface BillingAccount extends BillingBalance {
  tariff: string;
  subscription_until: string | null;
  /** The server's: replies are refused once credits + bonus is exhausted (docs/billing.md, "Enforcement"). */
  credits_enforced: boolean;
  /** The server's: offers can be bought (a payment provider is configured); no "Buy" otherwise. */
  purchases_enabled: boolean;
}

export type TransactionType = "charge" | "topup" | "bonus" | "refund";

export interface Transaction {
  id: string;
  type: TransactionType;
  /** Signed change of credits + bonus: negative for charges and refunds. */
  amount: number;
  description: string;
  reference: string | null;
  /** Charges: thread_id, message_id, model, input_tokens, output_tokens. */
  details: Record<string, unknown> | null;
  balance_after: BillingBalance;
  created_at: string;
}

export interface TransactionPage {
  data: Transaction[];
  total: number;
}

export interface BillingOffer {
  id: string;
  name: string;
  description: string;
  kind: "topup" | "subscription";
  /** In `currency`; for a custom top-up, the price of `credits` at the offer's rate. */
  price: number;
  currency: string;
  credits: number;
  tariff: string | null;
  period_days: number | null;
  /** A top-up of a chosen amount: send `credits` with the invoice. */
  custom_credits: { price_per_credit: number; min: number; max: number } | null;
}

export type InvoiceStatus = "pending" | "paid" | "cancelled";

export interface Invoice {
  id: string;
  status: InvoiceStatus;
  amount: number;
  currency: string;
  credits: number;
  offer_id: string;
  provider: string;
  payment_url: string | null;
  created_at: string;
  paid_at: string | null;
}

export interface CreatedInvoice {
  invoice: Invoice;
  payment_url: string;
}

export interface InvoiceInput {
  offer_id: string;
  credits?: number;
}

export const billingKeys = {
  all: ["billing"] as const,
  account: ["billing", "account"] as const,
  transactions: (offset: number, limit: number) => ["billing", "transactions", offset, limit] as const,
  offers: ["billing", "offers"] as const,
  invoices: ["billing", "invoices"] as const,
};

export const getBillingAccount = () => api<BillingAccount>("/billing/account");

export const listTransactions = (offset: number, limit: number) =>
  api<TransactionPage>("/billing/transactions", { query: { offset, limit } });

export const listOffers = () => api<BillingOffer[]>("/billing/offers");

export const listInvoices = () => api<Invoice[]>("/billing/invoices");

/** 404 unknown offer; 422 bad credits or `payment_refused`; 502 `provider_unavailable`. */
export const createInvoice = (body: InvoiceInput) =>
  api<CreatedInvoice>("/billing/invoices", { method: "POST", body });
