/**
 * Payments inside conversations (migration 0019, docs/payments.md): payment links a bot
 * created with a project's own T-Bank terminal (a `tbank` integration), and the notifications
 * the terminal sent about them. Parley's own billing keeps its invoices apart (schema-billing.ts).
 */

/**
 * `new`: stored, T-Bank not answered yet; `pending`: the link is out; `paid`: CONFIRMED with the
 * order's amount; `cancelled`: the payment will not be taken (REJECTED, CANCELED, …); `failed`:
 * T-Bank refused to create the payment or could not be reached.
 */
export type PaymentOrderStatus = "new" | "pending" | "paid" | "cancelled" | "failed";

export interface PaymentOrdersTable {
  /** `pay_…`: T-Bank's `OrderId` (≤ 36 characters). */
  id: string;
  project_id: string;
  integration_id: string;
  /** The conversation that asked; not a foreign key, so the record outlives a deleted thread. */
  thread_id: string;
  chat_id: string;
  /**
   * SHA-256 (hex) of the terminal's `TerminalKey` when the link was made: notifications name the
   * terminal, and the key itself stays sealed in the integration's auth_data.
   */
  terminal_key_sha256: string;
  /** Kopecks. */
  amount_minor: number;
  currency: string;
  description: string;
  status: PaymentOrderStatus;
  /** T-Bank's `PaymentId`, once Init or a notification named it. */
  payment_id: string | null;
  payment_url: string | null;
  /** The last T-Bank status recorded (or `amount_mismatch`). */
  provider_status: string | null;
  /** Why Init failed (`failed`), for a person; never a secret. */
  error: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

/** Notifications applied, one per (order, PaymentId, Status): a redelivered one changes nothing. */
export interface PaymentNotificationsTable {
  order_id: string;
  payment_id: string;
  status: string;
  received_at: string;
}

export interface PaymentTables {
  payment_orders: PaymentOrdersTable;
  payment_notifications: PaymentNotificationsTable;
}
