import type { Transactor } from "../../events/unit-of-work.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { BillingService } from "./billing-service.js";
import { billingSettingsFromConfig } from "./compose-billing.js";
import type { Ledger } from "./ledger.js";
import { type OtherTbankTerminals, paymentRoutes } from "./payment-routes.js";
import { billingRoutes } from "./routes.js";

/**
 * Credits and payments (docs/billing.md): the account routes, and the payment provider's
 * notifications outside /v1 (a project's own T-Bank terminals are tried after billing's own).
 * The ledger and the charging listener are built first, with the transactor they belong to.
 */
export function composeBilling(
  context: ModuleContext,
  deps: { transactor: Transactor; ledger: Ledger; otherTbankTerminals: OtherTbankTerminals },
): ModuleParts {
  const { config, repos, clock, newId, log } = context;
  const settings = billingSettingsFromConfig(config);
  const { provider } = settings;
  const billing = new BillingService({
    ...settings,
    repos,
    transactor: deps.transactor,
    ledger: deps.ledger,
    clock,
    newId,
    log,
  });
  return {
    name: "billing",
    routes: (api) => billingRoutes(api, billing),
    publicRoutes: (app) =>
      paymentRoutes(app, { billing, provider, repos, otherTbankTerminals: deps.otherTbankTerminals }),
  };
}
