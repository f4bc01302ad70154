import type { Migration } from "kysely";
import type { Dialect } from "../database.js";
import { initial } from "./0001-initial.js";
import { integrationsAndChats } from "./0002-integrations-chats.js";
import { conversations } from "./0003-conversations.js";
import { jobs } from "./0004-jobs.js";
import { threadEvents } from "./0005-thread-events.js";
import { webhooks } from "./0006-webhooks.js";
import { messageEmbeddings } from "./0007-message-embeddings.js";
import { toolApprovals } from "./0008-tool-approvals.js";
import { idempotencyLeases } from "./0009-idempotency-leases.js";
import { recallThreadScope } from "./0010-recall-thread-scope.js";
import { channels } from "./0011-channels.js";
import { billing } from "./0012-billing.js";
import { knowledge } from "./0013-knowledge.js";
import { operators } from "./0014-operators.js";
import { widget } from "./0015-widget.js";
import { operations } from "./0016-operations.js";
import { oauth } from "./0017-oauth.js";
import { integrationHookKeys } from "./0018-integration-hook-keys.js";
import { payments } from "./0019-payments.js";
import { customTools } from "./0020-custom-tools.js";
import { mcpServers } from "./0021-mcp-servers.js";
import { messageRepliesIndex } from "./0022-message-replies-index.js";
import { parseAttempts } from "./0023-parse-attempts.js";
import { replyFailures } from "./0024-reply-failures.js";
import { chunkGenerations } from "./0026-chunk-generations.js";
import { turnTraces } from "./0027-turn-traces.js";
import { messageFeedback } from "./0028-message-feedback.js";
import { analytics } from "./0029-analytics.js";
import { botVersions } from "./0030-bot-versions.js";
import { evaluations } from "./0031-evaluations.js";
import { threadStatus } from "./0032-thread-status.js";
import { cannedResponses } from "./0033-canned-responses.js";
import { labels } from "./0034-labels.js";
import { threadNotes } from "./0035-thread-notes.js";
import { contacts } from "./0036-contacts.js";
import { businessHours } from "./0037-business-hours.js";
import { routing } from "./0038-routing.js";
import { csat } from "./0039-csat.js";
import { whatsappTemplates } from "./0040-whatsapp-templates.js";
import { messageButtons } from "./0041-message-buttons.js";
import { messageFiles } from "./0042-message-files.js";
import { outboundFiles } from "./0043-outbound-files.js";

/**
 * Every migration, in order, for both dialects. Names sort lexically; never rename or
 * edit a released migration: add a new one.
 */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_initial": initial(dialect),
    "0002_integrations_chats": integrationsAndChats(dialect),
    "0003_conversations": conversations(dialect),
    "0004_jobs": jobs(dialect),
    "0005_thread_events": threadEvents(dialect),
    "0006_webhooks": webhooks(dialect),
    "0007_message_embeddings": messageEmbeddings(dialect),
    "0008_tool_approvals": toolApprovals(dialect),
    "0009_idempotency_leases": idempotencyLeases(dialect),
    "0010_recall_thread_scope": recallThreadScope(),
    "0011_channels": channels(dialect),
    "0012_billing": billing(dialect),
    "0013_knowledge": knowledge(dialect),
    "0014_operators": operators(dialect),
    "0015_widget": widget(dialect),
    "0016_operations": operations(dialect),
    "0017_oauth": oauth(dialect),
    "0018_integration_hook_keys": integrationHookKeys(dialect),
    "0019_payments": payments(dialect),
    "0020_custom_tools": customTools(dialect),
    "0021_mcp_servers": mcpServers(dialect),
    "0022_message_replies_index": messageRepliesIndex(),
    "0023_parse_attempts": parseAttempts(),
    "0024_reply_failures": replyFailures(dialect),
    "0026_chunk_generations": chunkGenerations(),
    "0027_turn_traces": turnTraces(dialect),
    "0028_message_feedback": messageFeedback(dialect),
    "0029_analytics": analytics(dialect),
    "0030_bot_versions": botVersions(dialect),
    "0031_evaluations": evaluations(dialect),
    "0032_thread_status": threadStatus(dialect),
    "0033_canned_responses": cannedResponses(dialect),
    "0034_labels": labels(dialect),
    "0035_thread_notes": threadNotes(dialect),
    "0036_contacts": contacts(dialect),
    "0037_business_hours": businessHours(dialect),
    "0038_routing": routing(dialect),
    "0039_csat": csat(dialect),
    "0040_whatsapp_templates": whatsappTemplates(dialect),
    "0041_message_buttons": messageButtons(dialect),
    "0042_message_files": messageFiles(dialect),
    "0043_outbound_files": outboundFiles(dialect),
  };
}
