import { createHash } from "node:crypto";
import type { IntegrationRow } from "../../storage/repos/integrations.repo.js";
import { TbankClient } from "../../vendors/tbank/client.js";
import type { Connectors } from "../integrations/index.js";

/**
 * The T-Bank client of a project's own terminal (a `tbank` integration, docs/payments.md): the
 * terminal key and password from the integration's sealed auth_data, the API base from
 * PARLEY_TBANK_API_URL, and the connectors' `fetch`.
 */
export function clientOf(connectors: Connectors, row: IntegrationRow): TbankClient {
  const { context } = connectors.open(row);
  const { terminal_key: terminalKey, password } = context.authData;
  if (typeof terminalKey !== "string" || typeof password !== "string") {
    throw new Error(`integration ${row.id} has no T-Bank terminal key and password`);
  }
  return new TbankClient({ terminalKey, password, apiBaseUrl: context.apiBaseUrl, fetch: context.fetch });
}

/**
 * What orders keep to find a notification's terminal: SHA-256 (hex) of the `TerminalKey`. The
 * key itself stays sealed with the integration's auth_data.
 */
export function terminalKeyHash(terminalKey: string): string {
  return createHash("sha256").update(terminalKey, "utf8").digest("hex");
}
