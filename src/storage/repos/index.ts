import type { Kysely } from "kysely";
import { dialectOf } from "../dialect.js";
import type { Database } from "../schema.js";
import { AnalyticsRepo } from "./analytics.repo.js";
import { type AnswerContext, loadAnswerContext } from "./answer-context.repo.js";
import { ApiKeysRepo } from "./api-keys.repo.js";
import { ApprovalsRepo } from "./approvals.repo.js";
import { BillingRepo } from "./billing.repo.js";
import { lockBootstrap } from "./bootstrap-lock.js";
import { BotVersionsRepo } from "./bot-versions.repo.js";
import { BotsRepo } from "./bots.repo.js";
import { BusinessHoursRepo } from "./business-hours.repo.js";
import { CannedResponsesRepo } from "./canned-responses.repo.js";
import { ChatsRepo } from "./chats.repo.js";
import { ContactsRepo } from "./contacts.repo.js";
import { CsatRepo } from "./csat.repo.js";
import { CustomToolsRepo } from "./custom-tools.repo.js";
import { EvalCasesRepo } from "./eval-cases.repo.js";
import { EvalRunsRepo } from "./eval-runs.repo.js";
import { IdempotencyRepo } from "./idempotency.repo.js";
import { IntegrationsRepo } from "./integrations.repo.js";
import { JobRepo } from "./jobs.repo.js";
import { KnowledgeRepo } from "./knowledge.repo.js";
import { LabelsRepo } from "./labels.repo.js";
import { McpServersRepo } from "./mcp-servers.repo.js";
import { MessageFeedbackRepo } from "./message-feedback.repo.js";
import { MessageFilesRepo } from "./message-files.repo.js";
import { MessagesRepo } from "./messages.repo.js";
import { OAuthRepo } from "./oauth.repo.js";
import { OperatorsRepo } from "./operators.repo.js";
import { OrganizationsRepo } from "./organizations.repo.js";
import { OutboundFilesRepo } from "./outbound-files.repo.js";
import { PaymentsRepo } from "./payments.repo.js";
import { PersonsRepo } from "./persons.repo.js";
import { lockProjectEvents } from "./project-event-lock.js";
import { ProjectsRepo } from "./projects.repo.js";
import { RoutingRepo } from "./routing.repo.js";
import { TeamsRepo } from "./teams.repo.js";
import { ThreadEventsRepo } from "./thread-events.repo.js";
import { ThreadNotesRepo } from "./thread-notes.repo.js";
import { ThreadsRepo } from "./threads.repo.js";
import { TurnTracesRepo } from "./turn-traces.repo.js";
import { WebhookRepo } from "./webhooks.repo.js";
import { WhatsappTemplatesRepo } from "./whatsapp-templates.repo.js";
import { WidgetRepo } from "./widget.repo.js";

/**
 * Every repository over one connection or transaction: what services are given instead of a
 * database handle. `transaction` runs work with every repository bound to one transaction (a
 * call inside a transaction joins it).
 */
export interface Repos {
  organizations: OrganizationsRepo;
  projects: ProjectsRepo;
  apiKeys: ApiKeysRepo;
  bots: BotsRepo;
  /** Every settings document of each bot (docs/quality.md, "Versions"). */
  botVersions: BotVersionsRepo;
  idempotency: IdempotencyRepo;
  integrations: IntegrationsRepo;
  chats: ChatsRepo;
  threads: ThreadsRepo;
  messages: MessagesRepo;
  /** Ratings of bot messages (docs/quality.md, "Feedback"). */
  messageFeedback: MessageFeedbackRepo;
  /** Private notes in threads and the mentions inbox (docs/conversations.md, "Private notes"). */
  threadNotes: ThreadNotesRepo;
  persons: PersonsRepo;
  /** Persons as contacts: search, fields, merging (docs/contacts.md). */
  contacts: ContactsRepo;
  approvals: ApprovalsRepo;
  turnTraces: TurnTracesRepo;
  jobs: JobRepo;
  webhooks: WebhookRepo;
  threadEvents: ThreadEventsRepo;
  billing: BillingRepo;
  knowledge: KnowledgeRepo;
  operators: OperatorsRepo;
  widget: WidgetRepo;
  oauth: OAuthRepo;
  payments: PaymentsRepo;
  customTools: CustomToolsRepo;
  mcpServers: McpServersRepo;
  analytics: AnalyticsRepo;
  /** Evaluation cases, runs and results (docs/quality.md, "Evaluations"). */
  evalCases: EvalCasesRepo;
  evalRuns: EvalRunsRepo;
  /** Labels on threads and people (docs/labels.md). */
  labels: LabelsRepo;
  /** Each project's business hours (docs/business-hours.md). */
  businessHours: BusinessHoursRepo;
  csat: CsatRepo;
  /** Ready answers operators insert by short code (docs/canned-responses.md). */
  cannedResponses: CannedResponsesRepo;
  /** Teams of operators, and routing's settings and cursors (docs/routing.md). */
  teams: TeamsRepo;
  routing: RoutingRepo;
  /** WhatsApp message templates per integration (docs/channels.md, "Templates"). */
  whatsappTemplates: WhatsappTemplatesRepo;
  /** Files customers sent on a channel that Parley keeps (docs/channels.md, "Non-text messages"). */
  messageFiles: MessageFilesRepo;
  /** Files operators and the bot send (docs/channels.md, "Files"). */
  outboundFiles: OutboundFilesRepo;
  /** The statuses deciding whether the AI may answer in a chat, in one query. */
  answerContext(projectId: string, chatId: string): Promise<AnswerContext | undefined>;
  /** The project's event lock until the transaction ends (see project-event-lock.ts). */
  lockProjectEvents(projectId: string): Promise<void>;
  /** Serialises first-start bootstraps across processes until the transaction ends. */
  lockBootstrap(): Promise<void>;
  /** Whether these repositories are bound to a transaction. */
  readonly inTransaction: boolean;
  transaction<T>(work: (repos: Repos) => Promise<T>): Promise<T>;
}

export function createRepos(db: Kysely<Database>): Repos {
  const repos: Repos = {
    organizations: new OrganizationsRepo(db),
    projects: new ProjectsRepo(db),
    apiKeys: new ApiKeysRepo(db),
    bots: new BotsRepo(db),
    botVersions: new BotVersionsRepo(db),
    idempotency: new IdempotencyRepo(db),
    integrations: new IntegrationsRepo(db),
    chats: new ChatsRepo(db),
    threads: new ThreadsRepo(db),
    messages: new MessagesRepo(db),
    messageFeedback: new MessageFeedbackRepo(db),
    threadNotes: new ThreadNotesRepo(db),
    persons: new PersonsRepo(db),
    contacts: new ContactsRepo(db),
    approvals: new ApprovalsRepo(db),
    turnTraces: new TurnTracesRepo(db),
    jobs: new JobRepo(db),
    webhooks: new WebhookRepo(db),
    threadEvents: new ThreadEventsRepo(db),
    billing: new BillingRepo(db),
    knowledge: new KnowledgeRepo(db),
    operators: new OperatorsRepo(db),
    widget: new WidgetRepo(db),
    oauth: new OAuthRepo(db),
    payments: new PaymentsRepo(db),
    customTools: new CustomToolsRepo(db),
    mcpServers: new McpServersRepo(db),
    analytics: new AnalyticsRepo(db),
    evalCases: new EvalCasesRepo(db),
    evalRuns: new EvalRunsRepo(db),
    labels: new LabelsRepo(db),
    businessHours: new BusinessHoursRepo(db),
    csat: new CsatRepo(db),
    cannedResponses: new CannedResponsesRepo(db),
    teams: new TeamsRepo(db),
    routing: new RoutingRepo(db),
    whatsappTemplates: new WhatsappTemplatesRepo(db),
    messageFiles: new MessageFilesRepo(db),
    outboundFiles: new OutboundFilesRepo(db),
    answerContext: (projectId, chatId) => loadAnswerContext(db, projectId, chatId),
    lockProjectEvents: (projectId) => lockProjectEvents(db, projectId),
    lockBootstrap: () => lockBootstrap(db, dialectOf(db)),
    inTransaction: db.isTransaction,
    transaction: (work) =>
      db.isTransaction ? work(repos) : db.transaction().execute((trx) => work(createRepos(trx))),
  };
  return repos;
}
