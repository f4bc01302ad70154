import type { OperatorRef } from "../../events/message.js";
import type { Transactor } from "../../events/unit-of-work.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, conflict } from "../../infra/errors.js";
import type { Repos } from "../../storage/repos/index.js";
import type { IntegrationRow } from "../../storage/repos/integrations.repo.js";
import type { MessageRow } from "../../storage/repos/messages.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { TemplatePayload } from "../../vendors/contract/channel.js";
import type { ThreadWriter } from "../engine/index.js";
import { pendingDelivery } from "../integrations/index.js";
import {
  parameterMismatches,
  payloadOf,
  renderTemplate,
  shapeOf,
  type TemplateParameters,
} from "./template-text.js";

export interface TemplateChoice {
  name: string;
  language: string;
  parameters?: TemplateParameters | undefined;
}

/** A template ready to store and send: the vendor payload and the text people see. */
export interface PreparedTemplate {
  integration: IntegrationRow;
  payload: TemplatePayload;
  content: string;
}

export interface TemplateSenderDeps {
  repos: Repos;
  transactor: Transactor;
  writer: ThreadWriter;
  clock: Clock;
}

/** Who a template message is from: an operator (API, console) or the bot (its tool). */
export type TemplateAuthor = { author: "operator"; operator?: OperatorRef } | { author: "bot" };

/**
 * Checks a template send against the stored templates and stores it as a message whose
 * delivery carries the template (docs/channels.md, "Templates"); the `channel.deliver` job
 * then sends it as `type: "template"`. What the API, the scheduled job and the bot's tool share.
 */
export class TemplateSender {
  constructor(private readonly deps: TemplateSenderDeps) {}

  /** The thread's WhatsApp integration; 409 `not_whatsapp_thread` for a thread of any other channel. */
  async integrationOf(thread: ThreadRow): Promise<IntegrationRow> {
    const chat = await this.deps.repos.chats.findById(thread.chat_id);
    const integration = chat?.integration_id
      ? await this.deps.repos.integrations.findById(chat.integration_id)
      : undefined;
    if (integration?.vendor !== "whatsapp" || !thread.external_conversation_id) {
      throw conflict(
        "not_whatsapp_thread",
        "Message templates are sent only into threads of a WhatsApp integration.",
      );
    }
    return integration;
  }

  /**
   * The template checked: it must be stored for the thread's integration (404
   * `template_not_found`), `APPROVED` (409 `template_not_approved`), without a media header (422
   * `template_not_sendable`), and given one value per placeholder of its header and body (422
   * `template_parameters`).
   */
  async prepare(thread: ThreadRow, choice: TemplateChoice): Promise<PreparedTemplate> {
    const integration = await this.integrationOf(thread);
    const row = await this.deps.repos.whatsappTemplates.find(integration.id, choice.name, choice.language);
    if (!row) {
      throw new ApiError(
        404,
        "template_not_found",
        `The WhatsApp integration has no template '${choice.name}' in '${choice.language}'. Templates are ` +
          `synced from Meta with POST /v1/integrations/${integration.id}/whatsapp_templates/sync.`,
      );
    }
    if (row.status !== "APPROVED") {
      throw conflict(
        "template_not_approved",
        `The template '${row.name}' (${row.language}) is ${row.status}: only APPROVED templates can be sent.`,
      );
    }
    const shape = shapeOf(JSON.parse(row.components) as unknown[]);
    if (shape.mediaHeader !== null) {
      throw new ApiError(
        422,
        "template_not_sendable",
        `The template '${row.name}' has a ${shape.mediaHeader} header, which needs a media parameter Parley does not send.`,
      );
    }
    const given = choice.parameters ?? {};
    const mismatches = parameterMismatches(shape, given);
    if (mismatches.length > 0) {
      throw new ApiError(
        422,
        "template_parameters",
        `The template '${row.name}' takes ${mismatches
          .map((m) => `${m.expected} ${m.part} value(s), not ${m.given}`)
          .join(", and ")}.`,
        {
          details: mismatches.map((m) => ({
            path: `parameters.${m.part}`,
            message: `expected ${m.expected} value(s), got ${m.given}`,
          })),
        },
      );
    }
    return {
      integration,
      payload: payloadOf(row.name, row.language, shape, given),
      content: renderTemplate(shape, given),
    };
  }

  /**
   * Stores the template message in the thread (role `assistant`) with its pending delivery.
   * An operator's answers everything the customer said (pending_count back to 0), as operator
   * messages do. A scheduled one (`jobId`) is stored once, however often its job runs.
   */
  async store(
    projectId: string,
    threadId: string,
    prepared: PreparedTemplate,
    from: TemplateAuthor,
    jobId?: string,
  ): Promise<MessageRow | undefined> {
    return this.deps.transactor.run(projectId, async (unit) => {
      const thread = await unit.repos.threads.find(projectId, threadId);
      if (!thread) return undefined;
      const externalId = jobId === undefined ? undefined : `job:${jobId}`;
      if (externalId !== undefined) {
        const done = await unit.repos.messages.findByExternalId(projectId, threadId, externalId);
        if (done) return done;
      }
      const now = this.deps.clock.now().toISOString();
      const delivery = JSON.stringify(pendingDelivery(prepared.integration.vendor, now, prepared.payload));
      // An operator's message answers everything the customer said so far.
      const replyToSeq =
        from.author === "operator" ? await unit.repos.messages.newestUserSeq(projectId, threadId) : undefined;
      const message = await this.deps.writer.insertMessage(
        unit,
        thread,
        "assistant",
        from.author,
        prepared.content,
        null,
        now,
        {
          delivery,
          ...(replyToSeq !== undefined ? { replyToSeq } : {}),
          ...(externalId !== undefined ? { externalId } : {}),
          ...(from.author === "operator" && from.operator ? { operator: from.operator } : {}),
        },
      );
      if (from.author === "operator") await this.deps.writer.resetPending(unit, thread);
      return message;
    });
  }
}
