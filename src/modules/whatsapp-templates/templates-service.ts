import type { z } from "zod";
import type { Transactor } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, assertOwned, conflict } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { Logger } from "../../infra/logging.js";
import { jobOf } from "../../job-queue/job-definition.js";
import type { Repos } from "../../storage/repos/index.js";
import type { IntegrationRow } from "../../storage/repos/integrations.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type {
  WhatsappTemplateFilter,
  WhatsappTemplateRow,
} from "../../storage/repos/whatsapp-templates.repo.js";
import type { VendorContext } from "../../vendors/contract/vendor-context.js";
import type { WhatsappAuthData } from "../../vendors/whatsapp/auth-data.js";
import { listWhatsappTemplates } from "../../vendors/whatsapp/templates.js";
import { toPublicMessage } from "../engine/index.js";
import type { ConnectionService, Connectors } from "../integrations/index.js";
import { templateMessageJob } from "./jobs.js";
import type { SendTemplateBody, WhatsappTemplate } from "./schemas.js";
import type { TemplateSender } from "./template-sender.js";
import { shapeOf } from "./template-text.js";

export interface TemplatesServiceDeps {
  repos: Repos;
  transactor: Transactor;
  connectors: Connectors;
  connection: ConnectionService;
  sender: TemplateSender;
  clock: Clock;
  newId: IdGenerator;
  log: Logger;
  resolveThread: (auth: AuthContext, threadId: string) => Promise<ThreadRow>;
}

type SendResult =
  | { message: ReturnType<typeof toPublicMessage> }
  | { scheduled: { scheduled: true; id: string; scheduled_at: string } };

/** A stored template as the API shows it. */
export function toWhatsappTemplate(row: WhatsappTemplateRow): WhatsappTemplate {
  const components = JSON.parse(row.components) as unknown[];
  const shape = shapeOf(components);
  return {
    id: row.id,
    integration_id: row.integration_id,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    components,
    parameters: { header: shape.header?.parameters ?? [], body: shape.body.parameters },
    sendable: row.status === "APPROVED" && shape.mediaHeader === null,
    synced_at: row.synced_at,
  };
}

/**
 * WhatsApp message templates (docs/channels.md, "Templates"): each WhatsApp integration's
 * templates as last synced from its Business Account, and sending one into a thread, now or at
 * a time (the re-engagement message after the 24-hour window closed).
 */
export class TemplatesService {
  constructor(private readonly deps: TemplatesServiceDeps) {}

  async list(
    auth: AuthContext,
    integrationId: string,
    filter: WhatsappTemplateFilter,
  ): Promise<WhatsappTemplate[]> {
    const integration = await this.whatsappIntegration(auth, integrationId);
    return (await this.deps.repos.whatsappTemplates.list(integration.id, filter)).map(toWhatsappTemplate);
  }

  /**
   * Lists the account's templates from Meta and makes the stored copy that list. Needs
   * `business_account_id` in the integration's auth_data (409 `business_account_missing`).
   * Meta's refusal is answered as the API answers other vendor calls (422 with its code, 502).
   */
  async sync(
    auth: AuthContext,
    integrationId: string,
  ): Promise<{ synced: number; synced_at: string; templates: WhatsappTemplate[] }> {
    const integration = await this.whatsappIntegration(auth, integrationId);
    const listed = await this.deps.connectors
      .use(integration, ({ context }) => {
        const typed = context as VendorContext<WhatsappAuthData>;
        const account = typed.authData.business_account_id;
        if (!account) {
          throw conflict(
            "business_account_missing",
            "The integration's auth_data has no business_account_id (the WhatsApp Business Account id): " +
              "templates are listed from that account. Add it with POST /v1/integrations/{id}.",
          );
        }
        return listWhatsappTemplates(typed, account);
      })
      .catch(async (error: unknown) => {
        throw await this.deps.connection.vendorCallError(integration, error);
      });
    const now = this.deps.clock.now().toISOString();
    const rows = listed.map((template) => ({
      id: this.deps.newId("wtpl"),
      project_id: integration.project_id,
      integration_id: integration.id,
      external_id: template.externalId,
      name: template.name,
      language: template.language,
      category: template.category,
      status: template.status.toUpperCase(),
      components: JSON.stringify(template.components),
      synced_at: now,
    }));
    await this.deps.repos.transaction((repos) => repos.whatsappTemplates.replaceAll(integration.id, rows));
    const stored = await this.deps.repos.whatsappTemplates.list(integration.id);
    return { synced: listed.length, synced_at: now, templates: stored.map(toWhatsappTemplate) };
  }

  /**
   * Sends a template into a WhatsApp thread as an operator message (any mode: outside the window
   * neither the AI nor an operator can write anything else), or schedules it.
   */
  async send(auth: AuthContext, threadId: string, body: SendTemplateBody): Promise<SendResult> {
    const thread = await this.deps.resolveThread(auth, threadId);
    const prepared = await this.deps.sender.prepare(thread, body);
    const operator = auth.operator ? { id: auth.operator.id, name: auth.operator.name } : undefined;
    const runAt = body.scheduledAt ? new Date(body.scheduledAt) : undefined;
    if (runAt && runAt.getTime() > this.deps.clock.now().getTime()) {
      const job = await this.deps.transactor.run(auth.projectId, (unit) =>
        unit.enqueue({
          ...jobOf(templateMessageJob, {
            projectId: auth.projectId,
            threadId: thread.id,
            name: body.name,
            language: body.language,
            parameters: body.parameters ?? {},
            ...(operator ? { operator } : {}),
          }),
          runAt,
        }),
      );
      return { scheduled: { scheduled: true, id: job.id, scheduled_at: job.runAt } };
    }
    const message = await this.deps.sender.store(auth.projectId, thread.id, prepared, {
      author: "operator",
      ...(operator ? { operator } : {}),
    });
    if (!message) throw new ApiError(404, "thread_not_found", `No thread with id '${threadId}' exists.`);
    return { message: toPublicMessage(message) };
  }

  /**
   * A scheduled template, when due: checked again (the template may have been paused or the
   * thread deleted meanwhile); one that no longer passes is dropped with a warning in the log.
   */
  async deliverScheduled(payload: z.infer<typeof templateMessageJob.payload>, jobId: string): Promise<void> {
    const { projectId, threadId, operator } = payload;
    const thread = await this.deps.repos.threads.find(projectId, threadId);
    if (!thread) return;
    try {
      const prepared = await this.deps.sender.prepare(thread, payload);
      await this.deps.sender.store(
        projectId,
        threadId,
        prepared,
        { author: "operator", ...(operator ? { operator } : {}) },
        jobId,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.deps.log.warn(
        { projectId, threadId, jobId, code: error.code },
        `scheduled WhatsApp template not sent: ${error.message}`,
      );
    }
  }

  private async whatsappIntegration(auth: AuthContext, integrationId: string): Promise<IntegrationRow> {
    const row = assertOwned(
      await this.deps.repos.integrations.findById(integrationId),
      auth.projectId,
      "integration",
      integrationId,
    );
    if (row.vendor !== "whatsapp") {
      throw conflict(
        "not_whatsapp_integration",
        `The integration '${integrationId}' is not a WhatsApp integration.`,
      );
    }
    return row;
  }
}
