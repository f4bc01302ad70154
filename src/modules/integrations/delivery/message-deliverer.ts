import { SpanKind } from "@opentelemetry/api";
import type { MessageButton } from "../../../events/buttons.js";
import type { Clock } from "../../../infra/clock.js";
import { NO_TELEMETRY, type Telemetry } from "../../../infra/telemetry/telemetry.js";
import { failSpan, withSpan } from "../../../infra/telemetry/with-span.js";
import { RetryLater } from "../../../job-queue/retry-later.js";
import type { Repos } from "../../../storage/repos/index.js";
import type { MessageRow } from "../../../storage/repos/messages.repo.js";
import type { Channel, OutboundMessage } from "../../../vendors/contract/channel.js";
import { ChannelError, MARKUP_REJECTED } from "../../../vendors/contract/channel-error.js";
import type { VendorContext } from "../../../vendors/contract/vendor-context.js";
import { type MessageFile, messageFilesOf } from "../../outbound-files/index.js";
import { type ConnectionService, describe } from "../connection-service.js";
import type { Connector, Connectors } from "../connectors.js";
import { botWritesMarkdown } from "./bot-markdown.js";
import {
  DEFAULT_CAPTION_MAX,
  type DeliveryFiles,
  fittedCaption,
  outboundFile,
  textWithFileLinks,
} from "./file-parts.js";
import { withButtons } from "./message-buttons.js";
import { type MessageDelivery, parseDelivery } from "./message-delivery.js";
import { type OutboundPart, outboundParts } from "./outbound-parts.js";

export interface MessageDelivererDeps {
  repos: Repos;
  connectors: Connectors;
  connection: ConnectionService;
  clock: Clock;
  /** Attempts of a send that keeps failing transiently before it is recorded as failed. */
  maxAttempts: number;
  /** A span per send (docs/quality.md, "OpenTelemetry"); none by default. */
  telemetry?: Telemetry;
  /** The files messages send (docs/channels.md, "Files"); without it a message's files are not sent. */
  files?: DeliveryFiles;
}

type Integration = NonNullable<Awaited<ReturnType<Repos["integrations"]["findById"]>>>;

/** Where a message goes, and whether its text is Markdown to convert or plain text. */
interface SendTarget {
  conversationId: string;
  source: "markdown" | "plain";
}

/** Used when a channel declares no limit. */
const DEFAULT_LIMIT = { max: 4096, unit: "chars" } as const;

/**
 * The `channel.deliver` job (docs/channels.md, "Sending"): splits the message to the vendor's
 * limit, converts the bot's Markdown to the vendor's markup (docs/channels.md, "Formatting")
 * and sends the parts in order, the message's buttons with the last text part (message-buttons.ts),
 * then each file as a part of its own (docs/channels.md, "Files"; a channel without `sendFile`
 * gets the files' links in the text instead), recording each one's vendor id as it goes, so a retry
 * resumes after the last part that went out. A rate limit waits as long as the vendor asked;
 * refused credentials put the integration in `error`; a permanent refusal and a send that
 * still fails after its attempts are recorded on the message and not retried.
 */
export class MessageDeliverer {
  constructor(private readonly deps: MessageDelivererDeps) {}

  async deliver(projectId: string, messageId: string, attempts: number): Promise<void> {
    const { repos } = this.deps;
    const message = await repos.messages.findById(projectId, messageId);
    const delivery = parseDelivery(message?.delivery ?? null);
    if (!message || delivery?.status !== "pending") return;
    delivery.attempts = attempts;

    const thread = await repos.threads.find(projectId, message.thread_id);
    const chat = thread ? await repos.chats.findById(thread.chat_id) : undefined;
    const integration = chat?.integration_id
      ? await repos.integrations.findById(chat.integration_id)
      : undefined;
    const conversationId = thread?.external_conversation_id;
    if (!integration || !conversationId) {
      return this.fail(
        message,
        delivery,
        "no_vendor_conversation",
        "The thread has no conversation on the vendor.",
      );
    }
    if (integration.status !== "active") {
      return this.fail(
        message,
        delivery,
        "integration_not_active",
        `The integration is ${integration.status}.`,
      );
    }

    // The bot writes Markdown unless its settings remove it; people's text is sent as written.
    const source =
      message.author === "bot" && chat && (await botWritesMarkdown(repos, projectId, chat.id))
        ? "markdown"
        : "plain";
    return this.sendInSpan(message, delivery, integration, { conversationId, source }, attempts);
  }

  /**
   * The send's CLIENT span, `send <vendor>`: the vendor, the ids and how it ended (`sent`,
   * `failed` with the delivery's error code, `retry` or `rate_limited`); never the text.
   */
  private sendInSpan(
    message: MessageRow,
    delivery: MessageDelivery,
    integration: Integration,
    target: SendTarget,
    attempts: number,
  ): Promise<void> {
    return withSpan(
      this.deps.telemetry ?? NO_TELEMETRY,
      `send ${integration.vendor}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          "parley.vendor": integration.vendor,
          "parley.integration.id": integration.id,
          "parley.project.id": message.project_id,
          "parley.thread.id": message.thread_id,
          "parley.message.id": message.id,
          "parley.delivery.attempt": attempts,
        },
      },
      async (span) => {
        try {
          await this.send(message, delivery, integration, target, attempts);
        } catch (error) {
          span.setAttribute(
            "parley.delivery.outcome",
            error instanceof RetryLater ? "rate_limited" : "retry",
          );
          throw error;
        } finally {
          span.setAttribute("parley.delivery.parts_sent", delivery.parts_sent);
          if (delivery.parts !== null) span.setAttribute("parley.delivery.parts", delivery.parts);
        }
        span.setAttribute("parley.delivery.outcome", delivery.status);
        if (delivery.status === "failed") failSpan(span, delivery.error?.code ?? "failed");
      },
    );
  }

  private async send(
    message: MessageRow,
    delivery: MessageDelivery,
    integration: Integration,
    { conversationId, source }: SendTarget,
    attempts: number,
  ): Promise<void> {
    try {
      await this.deps.connectors.use(integration, async ({ channel, context }) => {
        if (delivery.template) {
          await sendTemplate(channel, context, conversationId, message.id, delivery);
          return;
        }
        if (!channel.send)
          throw new ChannelError("permanent", "channel_cannot_send", "The vendor has no send.");
        const offered = message.buttons ? (JSON.parse(message.buttons) as MessageButton[]) : [];
        const files = this.deps.files;
        const messageFiles = files ? messageFilesOf(message.files) : [];
        const fileParts = channel.sendFile ? messageFiles : [];
        const text =
          files && !channel.sendFile
            ? textWithFileLinks(message.content, messageFiles, files, message.created_at)
            : message.content;
        const out = withButtons(text, offered, channel.buttons);
        const parts =
          out.text.trim() === "" && fileParts.length > 0
            ? []
            : outboundParts(out.text, {
                source,
                markup: channel.markup ?? "plain",
                limit: channel.textLimit ?? DEFAULT_LIMIT,
              });
        delivery.parts = parts.length + fileParts.length;
        if (delivery.parts_sent === 0 && channel.sendTyping) {
          await channel.sendTyping(context, conversationId).catch(() => undefined);
        }
        for (let index = delivery.parts_sent; index < parts.length; index += 1) {
          const part = parts[index] as OutboundPart;
          const last = index === parts.length - 1;
          const sent = await sendPart(channel, context, part, {
            conversationId,
            text: part.text,
            markup: part.markup,
            ...(last && out.buttons.length > 0 ? { buttons: out.buttons } : {}),
            idempotencyKey: `${message.id}:${index}`,
          });
          delivery.parts_sent = index + 1;
          if (sent.externalMessageId !== null) delivery.external_ids.push(sent.externalMessageId);
          if (delivery.parts_sent < delivery.parts) await this.save(message, delivery);
        }
        for (let index = delivery.parts_sent; index < delivery.parts; index += 1) {
          const file = fileParts[index - parts.length] as MessageFile;
          const caption = fittedCaption(file.caption, channel.files?.captionMax ?? DEFAULT_CAPTION_MAX);
          const sendFile = channel.sendFile as NonNullable<typeof channel.sendFile>;
          const sent = await sendFile(context, {
            conversationId,
            file: outboundFile(
              files as DeliveryFiles,
              message.project_id,
              file,
              this.deps.clock.now(),
              message.created_at,
            ),
            ...(caption ? { caption } : {}),
            idempotencyKey: `${message.id}:${index}`,
          });
          delivery.parts_sent = index + 1;
          if (sent.externalMessageId !== null) delivery.external_ids.push(sent.externalMessageId);
          if (delivery.parts_sent < delivery.parts) await this.save(message, delivery);
        }
      });
    } catch (error) {
      return this.failed(message, delivery, error, attempts, integration);
    }
    delivery.status = "sent";
    delivery.error = null;
    await this.save(message, delivery);
  }

  private async failed(
    message: MessageRow,
    delivery: MessageDelivery,
    error: unknown,
    attempts: number,
    integration: Integration,
  ): Promise<void> {
    if (error instanceof ChannelError) {
      switch (error.kind) {
        case "rate_limited":
          await this.save(message, delivery);
          throw new RetryLater(error.retryAfterMs ?? 1_000, `rate limited: ${error.message}`);
        case "credentials_rejected":
          await this.deps.connection.authLost(integration, error.message);
          return this.fail(message, delivery, "credentials_rejected", error.message);
        case "permanent":
          return this.fail(message, delivery, error.code, withFix(integration.vendor, error));
        case "transient":
          break;
      }
    }
    if (attempts >= this.deps.maxAttempts) {
      return this.fail(message, delivery, "vendor_unreachable", describe(error));
    }
    await this.save(message, delivery);
    throw error;
  }

  private async fail(
    message: MessageRow,
    delivery: MessageDelivery,
    code: string,
    text: string,
  ): Promise<void> {
    delivery.status = "failed";
    delivery.error = { code, message: text };
    await this.save(message, delivery);
  }

  private async save(message: MessageRow, delivery: MessageDelivery): Promise<void> {
    delivery.updated_at = this.deps.clock.now().toISOString();
    await this.deps.repos.messages.setDelivery(message.project_id, message.id, JSON.stringify(delivery));
  }
}

/**
 * Sends one part; a part whose markup the vendor refuses (`markup_rejected`) goes once more as
 * the same part in plain text, so a converter's mistake never costs the customer the message.
 */
async function sendPart<AuthData>(
  channel: Channel<AuthData>,
  context: VendorContext<AuthData>,
  part: OutboundPart,
  message: OutboundMessage,
): Promise<{ externalMessageId: string | null }> {
  const send = channel.send as NonNullable<Channel<AuthData>["send"]>;
  try {
    return await send(context, message);
  } catch (error) {
    const refused = error instanceof ChannelError && error.code === MARKUP_REJECTED;
    if (!refused || message.markup === "plain") throw error;
    return send(context, { ...message, text: part.plain, markup: "plain" });
  }
}

/** A template message (docs/channels.md, "Templates"): one vendor message, whatever its text's length. */
async function sendTemplate(
  channel: Connector["channel"],
  context: Connector["context"],
  conversationId: string,
  messageId: string,
  delivery: MessageDelivery,
): Promise<void> {
  if (!channel.sendTemplate || !delivery.template) {
    throw new ChannelError("permanent", "channel_cannot_send", "The vendor sends no message templates.");
  }
  delivery.parts = 1;
  if (delivery.parts_sent > 0) return;
  const sent = await channel.sendTemplate(context, {
    conversationId,
    template: delivery.template,
    idempotencyKey: `${messageId}:0`,
  });
  delivery.parts_sent = 1;
  if (sent.externalMessageId !== null) delivery.external_ids.push(sent.externalMessageId);
}

/**
 * The vendor's refusal, and on WhatsApp's closed 24-hour window the way out (docs/channels.md,
 * "Templates"): an approved template, which the API, the console and the bot's tool send.
 */
function withFix(vendor: string, error: ChannelError): string {
  if (vendor !== "whatsapp" || error.code !== "outside_window") return error.message;
  return `${error.message}. ${OUTSIDE_WINDOW_FIX}`;
}

export const OUTSIDE_WINDOW_FIX =
  "WhatsApp's 24-hour window is closed: only an approved message template can reach the customer now " +
  "(POST /v1/threads/{id}/template, the console's template picker, or the send_whatsapp_template tool).";
