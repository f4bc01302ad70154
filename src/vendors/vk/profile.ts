import type { AdapterProfile } from "../contract/vendor-context.js";
import { asString } from "../shared/json-fields.js";
import { readOwnGroup } from "./group.js";
import type { VkContext } from "./state.js";

/** The community the token authenticates: id, name, screen name and its 200 px photo (a public URL). */
export async function readVkProfile(context: VkContext): Promise<AdapterProfile> {
  const group = await readOwnGroup(context);
  return {
    id: String(group.id),
    name: asString(group.name) ?? "",
    username: asString(group.screen_name) || undefined,
    avatar_url: asString(group.photo_200) || undefined,
  };
}
