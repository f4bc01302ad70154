/**
 * Billing (migration 0012). Every amount of credits is an integer count of millicredits
 * (1 credit = 1000): no floating point anywhere a balance is added up (docs/billing.md).
 */
export interface BillingAccountsTable {
  project_id: string;
  tariff: string;
  /** Main balance, millicredits. */
  credits: number;
  /** Promotional balance, millicredits; spent before `credits`. */
  bonus: number;
  subscription_until: string | null;
  /** 1 once `billing.balance.low` was raised for the current dip below the threshold. */
  low_balance_notified: number;
  /** Millicredits the last reply was charged (migration 0024): what a new turn holds. */
  last_charge: number;
  created_at: string;
  updated_at: string;
}

export type BillingTransactionType = "charge" | "topup" | "bonus" | "refund";

export interface BillingTransactionsTable {
  id: string;
  project_id: string;
  type: BillingTransactionType;
  /** Signed change of `credits + bonus`, millicredits (a charge and a refund are negative). */
  amount: number;
  /** The part of `amount` that changed `bonus`. */
  bonus_amount: number;
  /** Balances after this transaction, millicredits. */
  credits_after: number;
  bonus_after: number;
  description: string;
  /** What it is for (a reply's message id, an invoice id): one transaction of a type per reference. */
  reference: string | null;
  /** Charges: the model and tokens behind the amount, JSON. */
  details: string | null;
  created_at: string;
}

export type InvoiceStatus = "pending" | "paid" | "cancelled";

export interface BillingInvoicesTable {
  id: string;
  project_id: string;
  offer_id: string;
  status: InvoiceStatus;
  /** What the payer pays, in the smallest currency unit (kopecks). */
  amount_minor: number;
  currency: string;
  /** Millicredits the invoice grants when paid. */
  credits: number;
  provider: string;
  provider_payment_id: string | null;
  provider_status: string | null;
  payment_url: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

/**
 * Credit a running turn holds against its project's balance until its reply is charged or it
 * ends without one (migration 0024; docs/billing.md, "When credits run out").
 */
export interface CreditHoldsTable {
  id: string;
  project_id: string;
  /** Millicredits. */
  amount: number;
  /** When the hold lapses by itself (its turn's process died). */
  expires_at: string;
  created_at: string;
}

export interface BillingTables {
  billing_accounts: BillingAccountsTable;
  credit_holds: CreditHoldsTable;
  billing_transactions: BillingTransactionsTable;
  billing_invoices: BillingInvoicesTable;
}
