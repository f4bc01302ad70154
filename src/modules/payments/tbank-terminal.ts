import { createHash } from "node:crypto";
import type { IntegrationRow } from "../../storage/repos/integrations.repo.js";
import type { TbankConfig } from "../billing/providers/tbank/tbank-config.js";
import type { Connectors } from "../integrations/connectors.js";

/**
 * A project's own T-Bank terminal (a `tbank` integration, docs/payments.md) as the T-Bank client
 * of billing takes it: the terminal key and password from the integration's sealed auth_data,
 * the API base from PARLEY_TBANK_API_URL, and the connectors' `fetch`. The client's Init and
 * Token code is billing's (modules/billing/providers/tbank/), shared rather than copied.
 */
export function terminalOf(connectors: Connectors, row: IntegrationRow): TbankConfig {
  const { context } = connectors.open(row);
  const { terminal_key: terminalKey, password } = context.authData;
  if (typeof terminalKey !== "string" || typeof password !== "string") {
    throw new Error(`integration ${row.id} has no T-Bank terminal key and password`);
  }
  return { terminalKey, password, apiBaseUrl: context.apiBaseUrl.replace(/\/+$/, ""), fetch: context.fetch };
}

/**
 * What orders keep to find a notification's terminal: SHA-256 (hex) of the `TerminalKey`. The
 * key itself stays sealed with the integration's auth_data.
 */
export function terminalKeyHash(terminalKey: string): string {
  return createHash("sha256").update(terminalKey, "utf8").digest("hex");
}
