/**
 * Integrations (vendor accounts) and chats (a bot bound inside an integration), as the public
 * /v1 API gives them (docs/api.md#integrations-and-chats). Lists are plain arrays, oldest first.
 * `auth_data` is write-only: the API never returns it, so the console never shows a secret.
 */
import { api } from "../../api/client";

export type IntegrationStatus = "active" | "disabled" | "error";
export type ConnectionStatus = "pending" | "connected" | "failed" | "manual";

export interface IntegrationConnection {
  /** Where the vendor posts inbound messages. */
  webhook_url: string | null;
  status: ConnectionStatus;
  /** The last failed registration or credential check (`credentials_rejected` when access was lost). */
  error: { code: string; message: string } | null;
  checked_at: string | null;
}

export interface Integration {
  id: string;
  name: string;
  vendor: string;
  status: IntegrationStatus;
  project_id: string;
  settings: Record<string, unknown>;
  /** null for vendors that deliver no messages (GitHub, CRMs, T-Bank, `parley`). */
  connection: IntegrationConnection | null;
  created_at: string;
  updated_at: string;
}

export interface IntegrationProfile {
  id: string;
  name: string;
  username?: string;
  avatar_url?: string;
}

export type ChatStatus = "active" | "disabled" | "error";

export interface Chat {
  id: string;
  name: string;
  bot_id: string;
  integration_id: string | null;
  status: ChatStatus;
  project_id: string;
  settings: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  /** Messages of every role in the chat's threads in the last 24 hours. */
  events_24h: number;
}

export interface BotSummary {
  id: string;
  name: string;
  status: string;
}

export interface Deleted {
  id: string;
  deleted: true;
}

/** Query keys. Invalidating `integrations` also drops every integration's detail and chats. */
export const channelKeys = {
  integrations: ["integrations"] as const,
  integration: (id: string) => ["integrations", id] as const,
  integrationChats: (id: string) => ["integrations", id, "chats"] as const,
  allChats: ["chats", "list"] as const,
  // The same key and data (GET /v1/bots) as the bots screen's list, so both share one cache.
  bots: ["bots"] as const,
  openApi: ["openapi"] as const,
};

export const listIntegrations = () => api<Integration[]>("/integrations");
export const getIntegration = (id: string) => api<Integration>(`/integrations/${encodeURIComponent(id)}`);

export interface CreateIntegrationBody {
  name: string;
  vendor: string;
  auth_data: Record<string, unknown>;
}
export const createIntegration = (body: CreateIntegrationBody) =>
  api<Integration>("/integrations", { method: "POST", body });

export interface UpdateIntegrationBody {
  name?: string;
  status?: "active" | "disabled";
  /** Replaces the stored credentials as a whole. */
  auth_data?: Record<string, unknown>;
}
export const updateIntegration = (id: string, body: UpdateIntegrationBody) =>
  api<Integration>(`/integrations/${encodeURIComponent(id)}`, { method: "POST", body });

export const deleteIntegration = (id: string) =>
  api<Deleted>(`/integrations/${encodeURIComponent(id)}`, { method: "DELETE" });

export const getIntegrationProfile = (id: string) =>
  api<IntegrationProfile>(`/integrations/${encodeURIComponent(id)}/profile`);

export const listAllChats = () => api<Chat[]>("/chats");
export const listIntegrationChats = (integrationId: string) =>
  api<Chat[]>(`/integrations/${encodeURIComponent(integrationId)}/chats`);

const chatPath = (integrationId: string, chatId: string) =>
  `/integrations/${encodeURIComponent(integrationId)}/chats/${encodeURIComponent(chatId)}`;

export const createChat = (integrationId: string, body: { name: string; bot_id: string }) =>
  api<Chat>(`/integrations/${encodeURIComponent(integrationId)}/chats`, { method: "POST", body });

export const updateChat = (integrationId: string, chatId: string, body: { name?: string; bot_id?: string }) =>
  api<Chat>(chatPath(integrationId, chatId), { method: "POST", body });

export const setChatStatus = (integrationId: string, chatId: string, status: "active" | "disabled") =>
  api<Chat>(`${chatPath(integrationId, chatId)}/status`, { method: "POST", body: { status } });

export const deleteChat = (integrationId: string, chatId: string) =>
  api<Deleted>(chatPath(integrationId, chatId), { method: "DELETE" });

export const listBots = () => api<BotSummary[]>("/bots");
