/**
 * The web widget's settings of one `parley` chat (docs/widget.md, admin API under /v1):
 * GET/POST /v1/chats/:chat_id/widget and POST …/widget/identity-secret. Only chats of `parley`
 * integrations have a widget; any other chat answers 409 `not_a_widget_chat`.
 */
import { api } from "../../api/client";

export type WidgetPosition = "right" | "left";
/** `auto`: the visitor's browser language (ru → Russian, anything else → English). */
export type WidgetLanguage = "auto" | "en" | "ru";

export interface WidgetSettings {
  chat_id: string;
  /** Origins (`https://shop.example`) whose pages may embed the chat; empty = no site may. */
  allowed_origins: string[];
  title: string;
  greeting: string;
  /** `#rrggbb`. */
  color: string;
  position: WidgetPosition;
  language: WidgetLanguage;
  /** Only visitors with a valid `data-user-signature` may talk. */
  identity_required: boolean;
  /** Whether an identity secret was generated; the secret itself is never returned again. */
  identity_secret_set: boolean;
  /** The `<script>` tag to paste into the site. */
  embed_snippet: string;
}

/** Any subset of the settings; the console sends only what changed. */
export type WidgetSettingsUpdate = Partial<
  Pick<
    WidgetSettings,
    "allowed_origins" | "title" | "greeting" | "color" | "position" | "language" | "identity_required"
  >
>;

export const widgetKeys = {
  settings: (chatId: string) => ["chats", chatId, "widget"] as const,
};

const widgetPath = (chatId: string) => `/chats/${encodeURIComponent(chatId)}/widget`;

export const getWidgetSettings = (chatId: string) => api<WidgetSettings>(widgetPath(chatId));

export const updateWidgetSettings = (chatId: string, body: WidgetSettingsUpdate) =>
  api<WidgetSettings>(widgetPath(chatId), { method: "POST", body });

/** A new secret, answered only this once; the previous one stops verifying signatures at once. */
export const generateIdentitySecret = (chatId: string) =>
  api<{ identity_secret: string }>(`${widgetPath(chatId)}/identity-secret`, { method: "POST" });
