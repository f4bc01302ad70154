import type { Transactor, UnitOfWork } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import type { Repos } from "../../storage/repos/index.js";
import type { PaymentOrderRow } from "../../storage/repos/payments.repo.js";
import type { TbankClient } from "../../vendors/tbank/client.js";
import {
  readTbankNotification,
  TBANK_ACCEPTED,
  TBANK_REJECTED,
  type TbankNotification,
  type TbankNotificationReply,
} from "../../vendors/tbank/notification.js";
import type { ThreadWriter } from "../engine/index.js";
import type { Connectors } from "../integrations/index.js";
import { confirmationText, languageOf } from "./confirmation-text.js";
import { clientOf, terminalKeyHash } from "./integration-terminal.js";

/** Statuses after a payment was taken that still change the record of a paid order. */
const REFUND_STATUSES = new Set(["REFUNDING", "ASYNC_REFUNDING", "REFUNDED", "PARTIAL_REFUNDED"]);
/** How far back the person's latest message is looked for (the confirmation's language). */
const LANGUAGE_LOOKBACK = 20;

export interface PaymentLinkNotificationsDeps {
  repos: Repos;
  connectors: Connectors;
  transactor: Transactor;
  writer: ThreadWriter;
  clock: Clock;
  log: { info(object: unknown, message: string): void; warn(object: unknown, message: string): void };
}

/**
 * Notifications of projects' own T-Bank terminals (docs/payments.md), posted to
 * `/payments/tbank/notify` like billing's: billing's payment routes hand over each one its own
 * terminal does not accept. The order is found by `OrderId`, and its terminal by the SHA-256 of
 * the `TerminalKey` it was made with; the notification must be signed by that integration's
 * terminal (else 403, and nothing changes). A verified notification is answered `OK`, also one
 * about a payment Parley did not make (T-Bank would otherwise retry it for a day).
 *
 * Each (PaymentId, Status) of an order is applied once. CONFIRMED (with `Success: true`) and
 * the order's exact Amount make it `paid`: the confirmation is posted in the thread that asked,
 * as a bot message delivered through its channel, and `payment.confirmed` is raised. REJECTED,
 * CANCELED and the other failures make an unpaid order `cancelled`, recorded only (the payer saw
 * the bank's answer on its page). Other statuses are recorded.
 */
export class PaymentLinkNotifications {
  constructor(private readonly deps: PaymentLinkNotificationsDeps) {}

  /** Verifies and applies one notification; the answer is what T-Bank gets. */
  async handle(rawBody: string): Promise<TbankNotificationReply> {
    const notification = readTbankNotification(rawBody);
    const terminalKey = notification?.terminalKey;
    if (!notification || !terminalKey) return TBANK_REJECTED;
    const keyHash = terminalKeyHash(terminalKey);

    const { orderId } = notification;
    const order = orderId !== null ? await this.deps.repos.payments.findOrder(orderId) : undefined;
    if (order && order.terminal_key_sha256 === keyHash) {
      const client = await this.client(order.integration_id, terminalKey);
      if (!client?.signed(notification)) return TBANK_REJECTED;
      await this.apply(order, notification);
      return TBANK_ACCEPTED;
    }

    // Not one of Parley's orders: acknowledged when the terminal is one a project connected.
    for (const integrationId of await this.deps.repos.payments.integrationsOfTerminal(keyHash)) {
      const client = await this.client(integrationId, terminalKey);
      if (client?.signed(notification)) {
        this.deps.log.info(
          { integrationId },
          "T-Bank notification about an order Parley did not make; ignored",
        );
        return TBANK_ACCEPTED;
      }
    }
    return TBANK_REJECTED;
  }

  /**
   * The client of the integration's terminal if it still is the one named (whatever the
   * integration's status: a payment made while it was active is still recorded).
   */
  private async client(integrationId: string, terminalKey: string): Promise<TbankClient | undefined> {
    const row = await this.deps.repos.integrations.findById(integrationId);
    if (row?.vendor !== "tbank") return undefined;
    const client = clientOf(this.deps.connectors, row);
    return client.terminal.terminalKey === terminalKey ? client : undefined;
  }

  private async apply(order: PaymentOrderRow, notification: TbankNotification): Promise<void> {
    const { status, amount, outcome } = notification;
    if (status === null) return;
    const paymentId = notification.paymentId ?? "";
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
