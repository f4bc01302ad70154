import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { assertOwned, conflict } from "../../infra/errors.js";
import type { SecretBox } from "../../infra/secret-box.js";
import type { Repos } from "../../storage/repos/index.js";
import type { WidgetConfigRow } from "../../storage/repos/widget.repo.js";
import { newIdentitySecret } from "./identity.js";
import { DEFAULT_THEME, type UpdateWidgetInput, type WidgetTheme, widgetThemeSchema } from "./schemas.js";

/** A chat's widget settings as stored, with defaults for a chat never configured. */
export interface WidgetSettings {
  chatId: string;
  projectId: string;
  allowedOrigins: string[];
  theme: WidgetTheme;
  identityRequired: boolean;
  /** Sealed; null until generated. */
  identitySecret: string | null;
}

export function readWidgetSettings(chatId: string, projectId: string, row: WidgetConfigRow | undefined) {
  const theme = row ? widgetThemeSchema.safeParse(JSON.parse(row.theme)) : undefined;
  return {
    chatId,
    projectId,
    allowedOrigins: row ? (JSON.parse(row.allowed_origins) as string[]) : [],
    theme: theme?.success ? theme.data : DEFAULT_THEME,
    identityRequired: row ? row.identity_required === 1 : false,
    identitySecret: row?.identity_secret ?? null,
  } satisfies WidgetSettings;
}

/** The admin side of the widget (docs/widget.md): settings of `parley` chats, the identity secret. */
export class WidgetSettingsService {
  constructor(private readonly deps: { repos: Repos; secrets: SecretBox; clock: Clock; publicUrl: string }) {}

  async get(auth: AuthContext, chatId: string) {
    return this.view(await this.load(auth, chatId));
  }

  async update(auth: AuthContext, chatId: string, input: UpdateWidgetInput) {
    const current = await this.load(auth, chatId);
    const next: WidgetSettings = {
      ...current,
      allowedOrigins: input.allowed_origins ? [...new Set(input.allowed_origins)] : current.allowedOrigins,
      theme: {
        title: input.title ?? current.theme.title,
        greeting: input.greeting ?? current.theme.greeting,
        color: input.color?.toLowerCase() ?? current.theme.color,
        position: input.position ?? current.theme.position,
        language: input.language ?? current.theme.language,
      },
      identityRequired: input.identity_required ?? current.identityRequired,
    };
    await this.save(next);
    return this.view(next);
  }

  /** A new identity secret, returned once; signatures made with the old one stop working. */
  async rotateSecret(auth: AuthContext, chatId: string): Promise<{ identity_secret: string }> {
    const current = await this.load(auth, chatId);
    const secret = newIdentitySecret();
    await this.save({ ...current, identitySecret: this.deps.secrets.seal(secret) });
    return { identity_secret: secret };
  }

  private async load(auth: AuthContext, chatId: string): Promise<WidgetSettings> {
    const chat = assertOwned(await this.deps.repos.chats.findById(chatId), auth.projectId, "chat", chatId);
    const integration = chat.integration_id
      ? await this.deps.repos.integrations.findById(chat.integration_id)
      : undefined;
    if (integration?.vendor !== "parley") {
      throw conflict("not_a_widget_chat", "The web widget is for chats of a `parley` integration.");
    }
    return readWidgetSettings(chat.id, chat.project_id, await this.deps.repos.widget.findConfig(chat.id));
  }

  private async save(settings: WidgetSettings): Promise<void> {
    await this.deps.repos.widget.saveConfig({
      chat_id: settings.chatId,
      project_id: settings.projectId,
      allowed_origins: JSON.stringify(settings.allowedOrigins),
      theme: JSON.stringify(settings.theme),
      identity_required: settings.identityRequired ? 1 : 0,
      identity_secret: settings.identitySecret,
      updated_at: this.deps.clock.now().toISOString(),
    });
  }

  private view(settings: WidgetSettings) {
    return {
      chat_id: settings.chatId,
      allowed_origins: settings.allowedOrigins,
      ...settings.theme,
      identity_required: settings.identityRequired,
      identity_secret_set: settings.identitySecret !== null,
      embed_snippet: `<script src="${this.deps.publicUrl}/widget.js" data-chat="${settings.chatId}" async></script>`,
    };
  }
}
