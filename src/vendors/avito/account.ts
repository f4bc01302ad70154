import { asNumber, asRecord, asString } from "../shared/json-fields.js";
import type { AvitoApiClient } from "./api-client.js";
import { type AvitoContext, readAvitoState } from "./state.js";

export interface AvitoAccount {
  id: string;
  name: string;
}

/** The account the credentials belong to (`GET /core/v1/accounts/self`); its id is saved as `user_id`. */
export async function readAccount(context: AvitoContext, client: AvitoApiClient): Promise<AvitoAccount> {
  const self = asRecord(await client.request("accounts/self", "GET", "/core/v1/accounts/self"));
  const id = asNumber(self?.id)?.toString() ?? asString(self?.id);
  if (!id) throw new Error("Avito /core/v1/accounts/self returned no id");
  context.saveState({ user_id: id });
  return { id, name: asString(self?.name) ?? "" };
}

/** The account id messenger paths name (`user_id`): the saved one, else read once and saved. */
export async function resolveUserId(context: AvitoContext, client: AvitoApiClient): Promise<string> {
  return readAvitoState(context).user_id ?? (await readAccount(context, client)).id;
}
