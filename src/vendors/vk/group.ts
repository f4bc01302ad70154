import { asArray, asRecord, type JsonRecord } from "../shared/json-fields.js";
import { callVk } from "./api-client.js";
import { knownGroupId, type VkContext } from "./state.js";

/**
 * The community the token belongs to: `groups.getById` without ids. Since API 5.194 the answer
 * is `{groups: [...], profiles: [...]}`; before, a bare array (both are read).
 */
export async function readOwnGroup(context: VkContext): Promise<JsonRecord> {
  const response = await callVk(context, "groups.getById", { fields: "screen_name,photo_200" });
  const groups = Array.isArray(response) ? response : asArray(asRecord(response)?.groups);
  const group = asRecord(groups[0]);
  if (!group) throw new Error("VK groups.getById returned no community");
  return group;
}

/** The community id: auth_data's, the one saved earlier, else the token's community (saved in state). */
export async function resolveGroupId(context: VkContext): Promise<number> {
  const known = knownGroupId(context);
  if (known !== undefined) return known;
  const id = Number((await readOwnGroup(context)).id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error("VK groups.getById returned no community id");
  context.saveState({ group_id: id });
  return id;
}
