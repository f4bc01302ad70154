/**
 * The /v1 routes the Bots screens use, with the shapes OpenAPI gives them (GET /openapi.json:
 * Bot, BotSettings, Model, BuiltinTool, Integration, Chat, VectorStore).
 */
import { api } from "../../api/client";
import type { ToolApproval } from "../inbox/types";

export type BotStatus = "active" | "disabled" | "error";
export type ToolPolicy = "auto" | "user_approve" | "operator_approve";
export const TOOL_POLICIES: readonly ToolPolicy[] = ["auto", "user_approve", "operator_approve"];

export interface Bot {
  id: string;
  name: string;
  description: string | null;
  status: BotStatus;
  project_id: string;
  created_at: string;
  updated_at: string;
  /** The version that answers customers (docs/quality.md, "Versions"). */
  published_version?: number;
  /** The unpublished draft's version, or null when there is none. */
  draft_version?: number | null;
  /** Publishing needs a passing evaluation run of exactly the settings published. */
  publish_requires_evals?: boolean;
}

/** GET /v1/bots/:id/settings always returns every field; unset model parameters are null. */
export interface BotSettings {
  ai: {
    instruction: string;
    model: {
      id: string;
      temperature: number | null;
      max_tokens: number | null;
      top_p: number | null;
      frequency_penalty: number | null;
      presence_penalty: number | null;
    };
    memory: {
      lastMessages: number;
      semanticRecall: boolean;
      workingMemory: { enabled: boolean };
      generateTitle: boolean;
    };
    formatting: { removeEmojis: boolean; removeMarkdown: boolean };
    tools: Record<string, ToolPolicy>;
    knowledge: { vectorStoreIds: string[] };
    /** Optional until every server sends it (docs/agent.md, "When the AI cannot answer"). */
    failure?: { handoff: boolean };
    /** Optional until every server sends it (docs/conversations.md, "Status"). */
    conversation?: { autoResolveMinutes: number | null };
    /** Optional until every server sends it (docs/channels.md, "Voice"). */
    voice?: { transcriptionModel: string | null };
  };
}

export interface CatalogModel {
  id: string;
  provider: string;
  name: string;
  note: string | null;
  context_window: number;
  images: boolean;
  pricing: {
    input_usd_per_million: number;
    output_usd_per_million: number;
    input_credits_per_million: number;
    output_credits_per_million: number;
  };
  /** Whether this server has credentials for the model's provider (embedded models: file here or downloadable). */
  configured: boolean;
  /** Embedded (`local/…`) models: the file and its download; null for providers' models. */
  local: LocalModelState | null;
}

export interface LocalModelState {
  installed: boolean;
  bytes: number | null;
  download: { received_bytes: number; total_bytes: number | null } | null;
  error: string | null;
}

export interface BuiltinTool {
  name: string;
  /** A short name for people, in the language asked for (custom and MCP tools: their name). */
  title: string;
  /** What it does, for people (custom and MCP tools: their own description, untranslated). */
  summary: string;
  /** For developers; the console shows `title` and `summary` instead. */
  description: string;
  input_schema: Record<string, unknown>;
  /** The policies `ai.tools` may set for this tool. */
  policies: ToolPolicy[];
}

export interface Integration {
  id: string;
  name: string;
  vendor: string;
  status: string;
}

export interface Chat {
  id: string;
  name: string;
  bot_id: string;
  integration_id: string | null;
  status: "active" | "disabled" | "error";
  /** Which version of the bot answers: the published one (default) or the draft ("Try it"). */
  bot_version?: "published" | "draft";
}

export interface VectorStore {
  id: string;
  name: string | null;
}

export const botKeys = {
  all: ["bots"] as const,
  bot: (id: string) => ["bots", id] as const,
  settings: (id: string) => ["bots", id, "settings"] as const,
  /** The draft (or the published settings when there is none): what the editor edits. */
  draft: (id: string) => ["bots", id, "draft"] as const,
  models: ["models"] as const,
  tools: (language: string) => ["tools", language] as const,
  vectorStores: ["vector_stores", "bots-picker"] as const,
};

export const listBots = () => api<Bot[]>("/bots");
export const getBot = (id: string) => api<Bot>(`/bots/${id}`);
export const createBot = (body: { name: string; description?: string | null }) =>
  api<Bot>("/bots", { method: "POST", body });
export const updateBot = (
  id: string,
  body: { name?: string; description?: string | null; publish_requires_evals?: boolean },
) => api<Bot>(`/bots/${id}`, { method: "POST", body });
export const setBotStatus = (id: string, status: BotStatus) =>
  api<Bot>(`/bots/${id}/status`, { method: "POST", body: { status } });
export const cloneBot = (id: string) => api<Bot>(`/bots/${id}/clone`, { method: "POST", body: {} });
export const deleteBot = (id: string) =>
  api<{ id: string; deleted: true }>(`/bots/${id}/delete`, { method: "POST" });

export const getBotSettings = (id: string) => api<BotSettings>(`/bots/${id}/settings`);
/** A partial settings document: the API deep-merges it (docs/api.md, "Updating"). */
export const updateBotSettings = (id: string, patch: unknown) =>
  api<BotSettings>(`/bots/${id}/settings`, { method: "POST", body: patch });

export const listModels = () => api<CatalogModel[]>("/models");
/** Starts (or joins) an embedded model's download; its progress shows in GET /v1/models. */
export const downloadModel = (model: string) =>
  api<CatalogModel>("/models/download", { method: "POST", body: { model } });
/** The project's tools with titles and summaries in `language` (docs/agent.md, "Tool titles and summaries"). */
export const listTools = (language: string) => api<BuiltinTool[]>("/tools", { query: { lang: language } });

/** A Try-it thread's approvals and an operator's decision: the endpoints (and the type) the inbox uses too. */
export type ThreadApproval = ToolApproval;
export const listThreadApprovals = (threadId: string) =>
  api<ThreadApproval[]>(`/threads/${encodeURIComponent(threadId)}/approvals`);
/** The thread's messages, for the reply a resumed turn gave (Try it). */
export const listThreadMessages = (threadId: string) =>
  api<Array<{ id: string; role: string; author: string; content: string; created_at: string }>>(
    `/threads/${encodeURIComponent(threadId)}/messages`,
  );
export const decideThreadApproval = (threadId: string, approvalId: string, approve: boolean) =>
  api<ThreadApproval>(
    `/threads/${encodeURIComponent(threadId)}/approvals/${encodeURIComponent(approvalId)}`,
    { method: "POST", body: { approve } },
  );
/** The first 100 vector stores, newest first: enough for a picker (the bot may name 10). */
export const listVectorStores = () =>
  api<{ data: VectorStore[] }>("/vector_stores", { query: { limit: 100 } }).then((page) => page.data);
