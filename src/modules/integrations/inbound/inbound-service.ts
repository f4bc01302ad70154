import type { Repos } from "../../../storage/repos/index.js";
import type { IntegrationVendor } from "../../../storage/schema-integrations.js";
import type { HookReply, InboundRequest } from "../../../vendors/contract/channel.js";
import { VENDOR_IDS } from "../../../vendors/registry.js";
import type { Connectors } from "../connectors.js";
import { channelOf } from "../vendor-lookup.js";
import type { ChannelInbox } from "./channel-inbox.js";
import { routeToChat } from "./chat-routing.js";

export interface InboundDeps {
  repos: Repos;
  connectors: Connectors;
  inbox: ChannelInbox;
}

const json = (status: number, body: unknown): HookReply => ({
  status,
  contentType: "application/json; charset=utf-8",
  body: JSON.stringify(body),
});

const NOT_FOUND = json(404, { code: "not_found", message: "No such webhook." });
const REJECTED = json(401, {
  code: "unauthorized",
  message: "The webhook's signature or secret does not verify.",
});
const ACCEPTED = json(200, { ok: true });

/**
 * `/hooks/:vendor/:integration_id` (docs/channels.md, "Receiving"): the adapter verifies the
 * vendor's proof and parses the event; each message is routed to a chat and handed to the
 * inbox, which stores it and queues the reply. The answer goes back at once: the model is
 * never waited for. A request that fails verification is answered 401 and stores nothing.
 */
export class InboundService {
  constructor(private readonly deps: InboundDeps) {}

  async handle(vendorName: string, integrationId: string, request: InboundRequest): Promise<HookReply> {
    if (!(VENDOR_IDS as readonly string[]).includes(vendorName)) return NOT_FOUND;
    const vendor = vendorName as IntegrationVendor;
    const channel = channelOf(vendor);
    const row = await this.findIntegration(vendor, integrationId);
    if (!row || !channel.parseInbound) return NOT_FOUND;
    const { context, flush } = this.deps.connectors.open(row);

    if (request.method === "GET") {
      if (!channel.handshake) return json(405, { code: "method_not_allowed", message: "Send POST." });
      // A refused subscription handshake is 403, as Meta's own examples answer it.
      const reply = channel.handshake(context, request);
      return reply === "rejected"
        ? json(403, { code: "forbidden", message: "The verify token does not match." })
        : reply;
    }

    // State an event brings (Bitrix24's application token) is stored before the answer goes back.
    const result = await channel.parseInbound(context, request).finally(flush);
    if (result.kind === "rejected") return REJECTED;
    if (result.messages.length > 0) {
      const chats = await this.deps.repos.chats.listRowsByIntegration(row.id);
      for (const message of result.messages) {
        const chat = routeToChat(chats, message.route, channel.routeKeys ?? []);
        if (!chat) continue;
        await this.deps.inbox.receive({
          projectId: row.project_id,
          integrationId: row.id,
          vendor,
          chat,
          message,
          nativeButtons: channel.buttons !== undefined,
        });
      }
    }
    return result.reply ?? ACCEPTED;
  }

  /**
   * The integration a hook URL names: by its id, or, for a vendor whose webhook URL is one per
   * server (amoCRM's chat channel, `/hooks/amocrm/<scope_id>`), by the hook key it connected with.
   */
  private async findIntegration(vendor: IntegrationVendor, idOrKey: string) {
    const row = await this.deps.repos.integrations.findById(idOrKey);
    if (row) return row.vendor === vendor ? row : undefined;
    if (!channelOf(vendor).hookKey) return undefined;
    return this.deps.repos.integrations.findByHookKey(vendor, idOrKey);
  }
}
