import type { AdapterProfile } from "../contract/vendor-context.js";
import { readAccount } from "./account.js";
import { AvitoApiClient } from "./api-client.js";
import type { AvitoContext } from "./state.js";

/** The account the credentials authenticate: id and name (Avito exposes no username or avatar here). */
export async function readAvitoProfile(context: AvitoContext): Promise<AdapterProfile> {
  const account = await readAccount(context, new AvitoApiClient(context));
  return { id: account.id, name: account.name };
}
