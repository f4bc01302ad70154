import type { Transactor } from "../../events/unit-of-work.js";
import type { ToolProvider } from "../../tools/tool-provider.js";
import type { ModuleContext } from "../../wiring/module-parts.js";
import type { ThreadWriter } from "../engine/index.js";
import type { Connectors } from "../integrations/index.js";
import { PaymentLinkNotifications } from "./payment-link-notifications.js";
import { conversationPaymentTools } from "./payment-link-tool.js";

/**
 * Payment links inside conversations (docs/payments.md): the tool of a project's own T-Bank
 * terminal, and the notifications of those terminals (billing's notification route hands them
 * over). No routes of its own.
 */
export function composePaymentLinks(
  context: ModuleContext,
  deps: { connectors: Connectors; transactor: Transactor; writer: ThreadWriter },
): { name: string; tools: ToolProvider; notifications: PaymentLinkNotifications } {
  const { config, repos, clock, newId, log } = context;
  return {
    name: "payment-links",
    tools: conversationPaymentTools({
      repos,
      connectors: deps.connectors,
      publicUrl: config.publicUrl,
      clock,
      newId,
    }),
    notifications: new PaymentLinkNotifications({
      repos,
      connectors: deps.connectors,
      transactor: deps.transactor,
      writer: deps.writer,
      clock,
      log,
    }),
  };
}
