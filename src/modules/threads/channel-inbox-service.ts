import type { Transactor, UnitOfWork } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { ApprovalFlow } from "../engine/index.js";
import type { ChannelInbox, InboxDelivery } from "../integrations/index.js";
import { pressedChoice, typedChoiceOf } from "./button-choices.js";
import type { ConversationService } from "./conversation-service.js";

export interface ChannelInboxDeps {
  conversations: ConversationService;
  approvals: ApprovalFlow;
  transactor: Transactor;
  clock: Clock;
  newId: IdGenerator;
}

/**
 * Inbound channel messages into threads (docs/channels.md, "Receiving"): one vendor conversation
 * is one thread of the chat, its sender the thread's person (keyed by vendor and user id), and
 * a message the vendor delivers twice is stored once. The AI's answer is a reply job, enqueued
 * in the same transaction, so the webhook is acknowledged before the model is called.
 */
export class ChannelInboxService implements ChannelInbox {
  constructor(private readonly deps: ChannelInboxDeps) {}

  receive(delivery: InboxDelivery): Promise<"stored" | "duplicate"> {
    const { projectId, message } = delivery;
    return this.deps.transactor.run(projectId, async (unit) => {
      const now = this.deps.clock.now().toISOString();
      const fresh = await unit.repos.integrations.claimInboundEvent(
        delivery.integrationId,
        message.externalMessageId,
        now,
      );
      if (!fresh) return "duplicate";
      const personId = await this.upsertPerson(unit, delivery, now);
      const thread = await this.openThread(unit, delivery, personId);
      const choice = await this.choiceOf(unit, delivery, thread);
      // A press decides a confirmation exactly as its label typed would (docs/agent.md, "The confirmation question").
      const pendingApprovals = await this.deps.approvals.decideFromUserMessage(
        unit,
        projectId,
        thread.id,
        choice?.label ?? message.text,
      );
      const received = await this.deps.conversations.receiveUserMessages(
        unit,
        projectId,
        thread.id,
        [
          {
            // A press reads as the label the button was offered with (the vendor may show it cut).
            content: choice && message.choice ? choice.label : message.text,
            externalId: message.externalMessageId,
            ...(message.attachments.length > 0 ? { attachments: JSON.stringify(message.attachments) } : {}),
            ...(choice ? { choice } : {}),
          },
        ],
        { thread, pendingApprovals },
      );
      if (received.notAnsweringBecause === null && received.messages.length > 0) {
        await this.deps.conversations.scheduleReply(unit, received.thread, this.deps.clock.now());
      }
      return "stored";
    });
  }

  /**
   * The button press the message is (docs/channels.md, "Buttons"): the vendor's press of a
   * button this thread offered, or on a channel without native buttons a typed number or label
   * of the newest reply's buttons. A press naming no button of this thread is ordinary text.
   */
  private choiceOf(unit: UnitOfWork, delivery: InboxDelivery, thread: ThreadRow) {
    const { message, projectId } = delivery;
    if (message.choice) return pressedChoice(unit.repos, projectId, thread.id, message.choice.buttonId);
    if (delivery.nativeButtons) return Promise.resolve(undefined);
    return typedChoiceOf(unit.repos, projectId, thread.id, message.text);
  }

  /**
   * The sender's Person, keyed by vendor and vendor user id: created on first contact, its name
   * and avatar kept up to date with what the vendor says. Several first messages at once create
   * it once; the others update the row the first one stored (docs/channels.md, "Receiving").
   */
  private async upsertPerson(unit: UnitOfWork, delivery: InboxDelivery, now: string): Promise<string> {
    const { person } = delivery.message;
    const persons = unit.repos.persons;
    const known = await persons.findByChannel(delivery.projectId, delivery.vendor, person.externalId);
    const existing =
      known ??
      (
        await persons.insertIfAbsent({
          id: this.deps.newId("per"),
          project_id: delivery.projectId,
          external_id: null,
          name: person.name ?? null,
          avatar_url: person.avatarUrl ?? null,
          channel: delivery.vendor,
          channel_user_id: person.externalId,
          created_at: now,
        })
      ).person;
    // A merged person's vendor user reaches the survivor, whose own name and avatar stay
    // (docs/contacts.md, "Merging").
    const { person: contact, followed } = await persons.resolveMerged(existing);
    if (followed) return contact.id;
    const name = person.name ?? existing.name;
    const avatar = person.avatarUrl ?? existing.avatar_url;
    if (name !== existing.name || avatar !== existing.avatar_url) {
      await persons.update(existing.id, { name, avatar_url: avatar });
    }
    return existing.id;
  }

  /** The vendor conversation's thread, created on first contact (once, whoever comes first). */
  private async openThread(unit: UnitOfWork, delivery: InboxDelivery, personId: string): Promise<ThreadRow> {
    const { chat, message } = delivery;
    const existing = await unit.repos.threads.findByConversation(chat.id, message.conversationId);
    if (existing) return existing;
    const { thread } = await this.deps.conversations.createThread(unit, {
      projectId: delivery.projectId,
      id: this.deps.newId("thr"),
      chat,
      personId,
      externalConversationId: message.conversationId,
    });
    return thread;
  }
}
