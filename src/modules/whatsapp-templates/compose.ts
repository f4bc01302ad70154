import type { Transactor } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import { handleJob } from "../../job-queue/job-definition.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type { ToolProvider } from "../../tools/tool-provider.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import type { ThreadWriter } from "../engine/index.js";
import type { ConnectionService, Connectors } from "../integrations/index.js";
import { templateMessageJob } from "./jobs.js";
import { whatsappTemplateRoutes } from "./routes.js";
import { TemplateSender } from "./template-sender.js";
import { whatsappTemplateTools } from "./template-tool.js";
import { TemplatesService } from "./templates-service.js";

/**
 * WhatsApp message templates (docs/channels.md, "Templates"): the stored copy of each WhatsApp
 * integration's templates and its sync, sending one into a thread (now, or by a job when
 * scheduled), and the bot's `send_whatsapp_template` tool.
 */
export function composeWhatsappTemplates(
  context: ModuleContext,
  deps: {
    transactor: Transactor;
    writer: ThreadWriter;
    connectors: Connectors;
    connection: ConnectionService;
    resolveThread: (auth: AuthContext, threadId: string) => Promise<ThreadRow>;
  },
): ModuleParts & { tools: ToolProvider } {
  const { repos, clock, newId, log } = context;
  const sender = new TemplateSender({ repos, transactor: deps.transactor, writer: deps.writer, clock });
  const service = new TemplatesService({ ...deps, repos, sender, clock, newId, log });
  return {
    name: "whatsapp-templates",
    tools: whatsappTemplateTools({ repos, sender }),
    routes: (api) => whatsappTemplateRoutes(api, service),
    jobs: [handleJob(templateMessageJob, (payload, job) => service.deliverScheduled(payload, job.id))],
  };
}
