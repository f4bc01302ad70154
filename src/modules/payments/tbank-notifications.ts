import type { FastifyBaseLogger } from "fastify";
import type { Transactor, UnitOfWork } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import type { Repos } from "../../storage/repos/index.js";
import type { PaymentOrderRow } from "../../storage/repos/payments.repo.js";
import type { OtherTbankTerminals } from "../billing/payment-routes.js";
import type { NotificationReply } from "../billing/providers/payment-provider.js";
import { tbankOutcome } from "../billing/providers/tbank/statuses.js";
import type { TbankConfig } from "../billing/providers/tbank/tbank-config.js";
import { hasValidTbankToken } from "../billing/providers/tbank/token.js";
import type { ThreadWriter } from "../engine/thread-writer.js";
import type { Connectors } from "../integrations/connectors.js";
import { confirmationText, languageOf } from "./confirmation-text.js";
import { terminalKeyHash, terminalOf } from "./tbank-terminal.js";

const OK_REPLY: NotificationReply = { status: 200, contentType: "text/plain", body: "OK" };
const REJECT_REPLY: NotificationReply = { status: 403, contentType: "text/plain", body: "forbidden" };

/** Statuses after a payment was taken that still change the record of a paid order. */
const REFUND_STATUSES = new Set(["REFUNDING", "ASYNC_REFUNDING", "REFUNDED", "PARTIAL_REFUNDED"]);
/** How far back the person's latest message is looked for (the confirmation's language). */
const LANGUAGE_LOOKBACK = 20;

export interface TbankNotificationsDeps {
  repos: Repos;
  connectors: Connectors;
  transactor: Transactor;
  writer: ThreadWriter;
  clock: Clock;
  log: FastifyBaseLogger;
}

interface Notification {
  fields: Record<string, unknown>;
  status: string;
  /** "" when the notification names none. */
  paymentId: string;
  amount: number | null;
}

function parseObject(rawBody: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // Not JSON: rejected.
  }
  return undefined;
}

function readNotification(fields: Record<string, unknown>): Notification {
  const { Status: status, PaymentId: paymentId, Amount: amount } = fields;
  return {
    fields,
    status: typeof status === "string" ? status : "",
    paymentId: typeof paymentId === "string" || typeof paymentId === "number" ? String(paymentId) : "",
    amount: typeof amount === "number" && Number.isSafeInteger(amount) ? amount : null,
  };
}

/**
 * Notifications of projects' own T-Bank terminals (docs/payments.md), posted to
 * `/payments/tbank/notify` like billing's. The order is found by `OrderId`, and its terminal by
 * the SHA-256 of `TerminalKey` it was made with; the `Token` must verify with that integration's
 * password (else 403, and nothing changes). A verified notification is answered `OK`, also one
 * about a payment Parley did not make (T-Bank would otherwise retry it for a day).
 *
 * Each (PaymentId, Status) of an order is applied once. CONFIRMED (with `Success: true`) and
 * the order's exact Amount make it `paid`: the confirmation is posted in the thread that asked,
 * as a bot message delivered through its channel, and `payment.confirmed` is raised. REJECTED,
 * CANCELED and the other failures make an unpaid order `cancelled`, recorded only (the payer saw
 * the bank's answer on its page). Other statuses are recorded.
 */
export class TbankNotifications implements OtherTbankTerminals {
  constructor(private readonly deps: TbankNotificationsDeps) {}

  async handle(rawBody: string): Promise<NotificationReply> {
    const fields = parseObject(rawBody);
    const terminalKey = fields?.TerminalKey;
    if (!fields || typeof terminalKey !== "string" || terminalKey === "") return REJECT_REPLY;
    const keyHash = terminalKeyHash(terminalKey);

    const orderId = fields.OrderId;
    const order = typeof orderId === "string" ? await this.deps.repos.payments.findOrder(orderId) : undefined;
    if (order && order.terminal_key_sha256 === keyHash) {
      const terminal = await this.terminal(order.integration_id, terminalKey);
      if (!terminal || !hasValidTbankToken(fields, terminal.password)) return REJECT_REPLY;
      await this.apply(order, readNotification(fields));
      return OK_REPLY;
    }

    // Not one of Parley's orders: acknowledged when the terminal is one a project connected.
    for (const integrationId of await this.deps.repos.payments.integrationsOfTerminal(keyHash)) {
      const terminal = await this.terminal(integrationId, terminalKey);
      if (terminal && hasValidTbankToken(fields, terminal.password)) {
        this.deps.log.info(
          { integrationId },
          "T-Bank notification about an order Parley did not make; ignored",
        );
        return OK_REPLY;
      }
    }
    return REJECT_REPLY;
  }

  /**
   * The integration's terminal if it still is the one named (whatever the integration's status:
   * a payment made while it was active is still recorded).
   */
  private async terminal(integrationId: string, terminalKey: string): Promise<TbankConfig | undefined> {
    const row = await this.deps.repos.integrations.findById(integrationId);
    if (row?.vendor !== "tbank") return undefined;
    const terminal = terminalOf(this.deps.connectors, row);
    return terminal.terminalKey === terminalKey ? terminal : undefined;
  }

  private async apply(order: PaymentOrderRow, notification: Notification): Promise<void> {
    const { status, paymentId, amount } = notification;
    if (status === "") return;
    const outcome = tbankOutcome(status, notification.fields.Success);
    await this.deps.transactor.run(order.project_id, async (unit) => {
      const now = this.deps.clock.now().toISOString();
      if (!(await unit.repos.payments.claimNotification(order.id, paymentId, status, now))) return;
      const locked = await unit.repos.payments.lockOrder(order.id);
      if (!locked) return;
      const base = {
        updated_at: now,
        ...(paymentId !== "" && locked.payment_id === null ? { payment_id: paymentId } : {}),
      };
      if (outcome === "paid" && locked.status !== "paid") {
        if (amount !== locked.amount_minor) {
          this.deps.log.warn(
            { orderId: locked.id, expected: locked.amount_minor, reported: amount },
            "T-Bank confirmed another amount than the order's; not marked paid",
          );
          await unit.repos.payments.updateOrder(locked.id, { ...base, provider_status: "amount_mismatch" });
          return;
        }
        await unit.repos.payments.updateOrder(locked.id, {
          ...base,
          status: "paid",
          provider_status: status,
          paid_at: now,
        });
        await this.confirm(unit, { ...locked, ...base }, now);
        return;
      }
      if (outcome === "cancelled" && locked.status !== "paid" && locked.status !== "cancelled") {
        await unit.repos.payments.updateOrder(locked.id, {
          ...base,
          status: "cancelled",
          provider_status: status,
        });
        return;
      }
      // A settled order keeps the status that settled it, unless money goes back.
      const settled = locked.status === "paid" || locked.status === "cancelled";
      const record = !settled || REFUND_STATUSES.has(status);
      await unit.repos.payments.updateOrder(locked.id, {
        ...base,
        ...(record ? { provider_status: status } : {}),
      });
    });
  }

  /** The confirmation in the thread (unless it is gone or blocked) and `payment.confirmed`. */
  private async confirm(unit: UnitOfWork, order: PaymentOrderRow, now: string): Promise<void> {
    const thread = await unit.repos.threads.find(order.project_id, order.thread_id);
    let messageId: string | null = null;
    if (thread && thread.mode !== "blocked") {
      const recent = await unit.repos.messages.latest(order.project_id, thread.id, LANGUAGE_LOOKBACK);
      const latestUser = recent.filter((m) => m.role === "user").at(-1)?.content;
      const text = confirmationText(languageOf(latestUser), order.amount_minor, order.description);
      const message = await this.deps.writer.insertMessage(
        unit,
        thread,
        "assistant",
        "bot",
        text,
        null,
        now,
        {
          externalId: `payment:${order.id}`,
        },
      );
      messageId = message.id;
    }
    unit.record({
      type: "payment.confirmed",
      orderId: order.id,
      integrationId: order.integration_id,
      vendor: "tbank",
      threadId: order.thread_id,
      chatId: thread?.chat_id ?? order.chat_id,
      amountMinor: order.amount_minor,
      currency: order.currency,
      description: order.description,
      paymentId: order.payment_id,
      messageId,
      confirmedAt: now,
    });
  }
}
