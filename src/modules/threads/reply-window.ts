import type { Repos } from "../../storage/repos/index.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";

/** WhatsApp's customer-service window: free text within 24 hours of the customer's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether free text can still reach the customer, and until when (docs/conversations.md, "Reply window"). */
export interface ReplyWindow {
  open: boolean;
  closes_at: string | null;
}

/**
 * The reply window of each WhatsApp thread among `rows` (other threads are absent: their
 * `reply_window` is null): open until 24 hours after the customer's last message; closed, with
 * `closes_at` null, while the customer never wrote. One query for a page.
 */
export async function replyWindows(
  repos: Repos,
  projectId: string,
  rows: ThreadRow[],
  now: Date,
): Promise<Map<string, ReplyWindow>> {
  const last = await repos.threads.lastCustomerMessageAt(
    projectId,
    rows.map((row) => row.id),
    "whatsapp",
  );
  const windows = new Map<string, ReplyWindow>();
  for (const [threadId, at] of last) {
    const closes = at === null ? null : new Date(new Date(at).getTime() + REPLY_WINDOW_MS);
    windows.set(threadId, {
      open: closes !== null && closes.getTime() > now.getTime(),
      closes_at: closes?.toISOString() ?? null,
    });
  }
  return windows;
}
