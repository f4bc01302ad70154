import type { IntegrationVendor } from "../../../storage/schema-integrations.js";
import type { InboundMessage } from "../../../vendors/contract/channel.js";

/** One inbound message on its way into a thread. */
export interface InboxDelivery {
  projectId: string;
  integrationId: string;
  vendor: IntegrationVendor;
  chat: { id: string; bot_id: string };
  message: InboundMessage;
  /**
   * Whether the channel shows buttons natively (`Channel.buttons`). Without, buttons went out as
   * numbered lines, and a message that is one of the numbers is that button's press.
   */
  nativeButtons: boolean;
}

/**
 * Where inbound channel messages are stored and answered: the threads module implements it
 * (it owns threads, persons and the answer rules); integrations only parse and route. Each call
 * is one transaction: the dedupe key, the person, the thread (created on first contact), the
 * message and, when the AI answers, the reply job.
 */
export interface ChannelInbox {
  receive(delivery: InboxDelivery): Promise<"stored" | "duplicate">;
}
