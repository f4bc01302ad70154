import { eventually } from "../../helpers/conversation-fixtures.js";
import type { TestApp } from "../../helpers/test-app.js";

/**
 * The delivery record of the stored message with this content, once Parley records it as sent
 * (the vendor has the message a moment before that). Shared by the channel end-to-end suites.
 */
export async function sentDeliveryOf(t: TestApp, content: string): Promise<Record<string, unknown>> {
  const row = await eventually(
    async () =>
      t.storage.db
        .selectFrom("messages")
        .select("delivery")
        .where("content", "=", content)
        .executeTakeFirstOrThrow(),
    (found) => JSON.parse(found.delivery ?? "{}").status === "sent",
  );
  return JSON.parse(row.delivery ?? "{}") as Record<string, unknown>;
}

/** A message's delivery record as stored (docs/channels.md, "Sending"). */
export interface StoredDelivery {
  status: string;
  parts: number;
  parts_sent: number;
  external_ids: string[];
  error?: { code: string; message: string } | null;
}

/** The delivery record of message `messageId` once it settles (sent or failed). */
export async function settledDeliveryOf(t: TestApp, messageId: string): Promise<StoredDelivery> {
  const row = await eventually(
    async () =>
      t.storage.db.selectFrom("messages").select("delivery").where("id", "=", messageId).executeTakeFirst(),
    (found) => ["sent", "failed"].includes(JSON.parse(found?.delivery ?? "{}").status),
  );
  return JSON.parse(row?.delivery ?? "{}") as StoredDelivery;
}
