import type { Kysely, Selectable, Updateable } from "kysely";
import { preparedQuery } from "../prepared-query.js";
import type { Database } from "../schema.js";
import type { IntegrationsTable, IntegrationVendor, ResourceStatus } from "../schema-integrations.js";

/** A stored integration; `auth_data` is the sealed (encrypted) JSON, never plaintext. */
export type IntegrationRow = Selectable<IntegrationsTable>;

const listOfProject = preparedQuery<{ projectId: string }, IntegrationRow>((db, arg) =>
  db
    .selectFrom("integrations")
    .selectAll()
    .where("project_id", "=", arg("projectId"))
    .orderBy("created_at")
    .orderBy("id"),
);

export class IntegrationsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  withTransaction(trx: Kysely<Database>): IntegrationsRepo {
    return new IntegrationsRepo(trx);
  }

  async insert(row: IntegrationRow): Promise<void> {
    await this.db.insertInto("integrations").values(row).execute();
  }

  findById(id: string): Promise<IntegrationRow | undefined> {
    return this.db.selectFrom("integrations").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async listByProject(projectId: string): Promise<IntegrationRow[]> {
    return listOfProject.all(this.db, { projectId });
  }

  async update(id: string, patch: Updateable<IntegrationsTable>): Promise<void> {
    await this.db.updateTable("integrations").set(patch).where("id", "=", id).execute();
  }

  /**
   * Moves an integration from one status to another only if it is still in the first; true
   * when this call made the move (so what follows from it, like an event, happens once).
   */
  async moveStatus(id: string, from: ResourceStatus, to: ResourceStatus, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable("integrations")
      .set({ status: to, updated_at: now })
      .where("id", "=", id)
      .where("status", "=", from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Active integrations whose vendor webhook is still to be registered. */
  listPendingConnections(): Promise<IntegrationRow[]> {
    return this.db
      .selectFrom("integrations")
      .selectAll()
      .where("status", "=", "active")
      .where("connection_status", "=", "pending")
      .execute();
  }

  /** Records a new dedupe key; false when the vendor delivered this event before. */
  async claimInboundEvent(integrationId: string, externalId: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto("inbound_events")
      .values({ integration_id: integrationId, external_id: externalId, received_at: now })
      .onConflict((oc) => oc.columns(["integration_id", "external_id"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Forgets dedupe keys older than `before` (vendors stop redelivering within days). */
  async pruneInboundEvents(before: string): Promise<void> {
    await this.db.deleteFrom("inbound_events").where("received_at", "<", before).execute();
  }

  /**
   * Records that a vendor's server-wide webhook URL names this integration by `hookKey`
   * (amoCRM's scope id). One integration per key: claiming a key another integration held moves
   * it here (the last to connect the same vendor account receives its webhooks).
   */
  async claimHookKey(
    vendor: IntegrationVendor,
    hookKey: string,
    integrationId: string,
    now: string,
  ): Promise<void> {
    await this.db
      .insertInto("integration_hook_keys")
      .values({ vendor, hook_key: hookKey, integration_id: integrationId, claimed_at: now })
      .onConflict((oc) =>
        oc.columns(["vendor", "hook_key"]).doUpdateSet({ integration_id: integrationId, claimed_at: now }),
      )
      .execute();
  }

  /** The integration a vendor's server-wide webhook URL names by `hookKey`, if any. */
  findByHookKey(vendor: IntegrationVendor, hookKey: string): Promise<IntegrationRow | undefined> {
    return this.db
      .selectFrom("integrations")
      .innerJoin("integration_hook_keys", "integration_hook_keys.integration_id", "integrations.id")
      .selectAll("integrations")
      .where("integration_hook_keys.vendor", "=", vendor)
      .where("integration_hook_keys.hook_key", "=", hookKey)
      .where("integrations.vendor", "=", vendor)
      .executeTakeFirst();
  }

  /** Its chats go with it (and their threads and messages), by the foreign keys' cascade. */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("integrations").where("id", "=", id).execute();
  }
}
