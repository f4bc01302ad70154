import { ChannelError, transientFailure } from "../contract/channel-error.js";
import type { AdapterProfile } from "../contract/vendor-context.js";
import { callTelegram } from "./api-client.js";
import type { TelegramContext } from "./context.js";

/**
 * The bot's identity (docs/channels.md, "Profile"): getMe, then its newest profile photo.
 * A Telegram file URL embeds the token, so the avatar is returned as `avatarRef` (the largest
 * size's file_id, downloaded through fetchFile), never as a URL. The avatar is best effort: only
 * a rejected token fails the profile.
 */
export async function telegramProfile(context: TelegramContext): Promise<AdapterProfile> {
  const me = (await callTelegram(context, "getMe")) as {
    id?: unknown;
    first_name?: unknown;
    username?: unknown;
  };
  if (typeof me?.id !== "number" || typeof me.first_name !== "string") {
    throw transientFailure("unexpected_response", "Telegram getMe: the answer has no id or first_name");
  }
  const profile: AdapterProfile = { id: String(me.id), name: me.first_name };
  if (typeof me.username === "string") profile.username = me.username;
  const avatarRef = await avatarFileId(context, me.id);
  if (avatarRef !== undefined) profile.avatarRef = avatarRef;
  return profile;
}

async function avatarFileId(context: TelegramContext, botId: number): Promise<string | undefined> {
  let result: unknown;
  try {
    result = await callTelegram(context, "getUserProfilePhotos", { user_id: botId, limit: 1 });
  } catch (error) {
    if (error instanceof ChannelError && error.kind === "credentials_rejected") throw error;
    return undefined;
  }
  const sizes = (result as { photos?: unknown } | null)?.photos;
  const newest = Array.isArray(sizes) ? sizes[0] : undefined;
  if (!Array.isArray(newest)) return undefined;
  let best: { file_id: string; area: number } | undefined;
  for (const size of newest as Array<{ file_id?: unknown; width?: unknown; height?: unknown }>) {
    if (typeof size?.file_id !== "string") continue;
    const area =
      typeof size.width === "number" && typeof size.height === "number" ? size.width * size.height : 0;
    if (!best || area >= best.area) best = { file_id: size.file_id, area };
  }
  return best?.file_id;
}
