import type { Kysely, Selectable, Updateable } from "kysely";
import { dialectOf } from "../dialect.js";
import type { Database } from "../schema.js";
import type { PaymentOrdersTable } from "../schema-payments.js";

export type PaymentOrderRow = Selectable<PaymentOrdersTable>;

/** Payment links made in conversations and the notifications applied to them (docs/payments.md). */
export class PaymentsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insertOrder(row: PaymentOrderRow): Promise<void> {
    await this.db.insertInto("payment_orders").values(row).execute();
  }

  findOrder(id: string): Promise<PaymentOrderRow | undefined> {
    return this.db.selectFrom("payment_orders").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The order locked until the transaction ends (PostgreSQL; SQLite serialises writers anyway). */
  lockOrder(id: string): Promise<PaymentOrderRow | undefined> {
    const query = this.db.selectFrom("payment_orders").selectAll().where("id", "=", id);
    return (dialectOf(this.db) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  }

  async updateOrder(id: string, patch: Updateable<PaymentOrdersTable>): Promise<void> {
    await this.db.updateTable("payment_orders").set(patch).where("id", "=", id).execute();
  }

  /**
   * Init's answer: the payment's URL and id are kept, and a `new` order becomes `pending`. An
   * order a notification moved on meanwhile keeps its status and the PaymentId it named.
   */
  async recordIssued(
    id: string,
    issued: { paymentId: string | null; paymentUrl: string; now: string },
  ): Promise<void> {
    await this.db
      .updateTable("payment_orders")
      .set({ payment_url: issued.paymentUrl, updated_at: issued.now })
      .where("id", "=", id)
      .execute();
    if (issued.paymentId !== null) {
      await this.db
        .updateTable("payment_orders")
        .set({ payment_id: issued.paymentId })
        .where("id", "=", id)
        .where("payment_id", "is", null)
        .execute();
    }
    await this.db
      .updateTable("payment_orders")
      .set({ status: "pending", provider_status: "NEW" })
      .where("id", "=", id)
      .where("status", "=", "new")
      .execute();
  }

  /** Init failed: a `new` order becomes `failed` with the reason (one a notification moved on stays). */
  async recordFailed(id: string, error: string, now: string): Promise<void> {
    await this.db
      .updateTable("payment_orders")
      .set({ status: "failed", error, updated_at: now })
      .where("id", "=", id)
      .where("status", "=", "new")
      .execute();
  }

  /** A thread's orders, oldest first. */
  listByThread(projectId: string, threadId: string): Promise<PaymentOrderRow[]> {
    return this.db
      .selectFrom("payment_orders")
      .selectAll()
      .where("project_id", "=", projectId)
      .where("thread_id", "=", threadId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /** The integrations that made orders with the terminal whose key hashes to `terminalKeySha256`. */
  async integrationsOfTerminal(terminalKeySha256: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("payment_orders")
      .select("integration_id")
      .distinct()
      .where("terminal_key_sha256", "=", terminalKeySha256)
      .execute();
    return rows.map((row) => row.integration_id);
  }

  /** Records a notification's (PaymentId, Status) for an order; false when it was applied before. */
  async claimNotification(orderId: string, paymentId: string, status: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto("payment_notifications")
      .values({ order_id: orderId, payment_id: paymentId, status, received_at: now })
      .onConflict((oc) => oc.columns(["order_id", "payment_id", "status"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
