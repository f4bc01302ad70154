import type { Config } from "../../config.js";
import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import { toMilli } from "./credit-units.js";
import { Ledger } from "./ledger.js";
import { DEFAULT_OFFERS } from "./offers.js";
import { createManualProvider } from "./providers/manual-provider.js";
import type { PaymentProvider } from "./providers/payment-provider.js";
import { createTbankProvider } from "./providers/tbank-provider.js";

/** The ledger with the configured bonus, threshold and enforcement (docs/billing.md). */
export function ledgerFromConfig(config: Config, clock: Clock, newId: IdGenerator): Ledger {
  return new Ledger({
    clock,
    newId,
    welcomeBonus: toMilli(config.billing.welcomeBonus),
    lowBalance: toMilli(config.billing.lowBalance),
    enforce: config.billing.enforce,
  });
}

/** T-Bank when its terminal is configured, else the built-in manual provider (docs/billing.md, "Payments"). */
export function paymentProviderFromConfig(config: Config): PaymentProvider {
  const tbank = config.billing.tbank;
  return tbank
    ? createTbankProvider({
        terminalKey: tbank.terminalKey,
        password: tbank.password,
        apiBaseUrl: tbank.apiUrl,
      })
    : createManualProvider(config.publicUrl);
}

export function offersFromConfig(config: Config) {
  return config.billing.offers ?? DEFAULT_OFFERS;
}

/**
 * What the billing service takes from the configuration: offers, currency, the payment
 * provider and where it notifies, and whether credits are enforced and offers can be bought
 * (config.ts, billingModes).
 */
export function billingSettingsFromConfig(config: Config) {
  const provider = paymentProviderFromConfig(config);
  return {
    offers: offersFromConfig(config),
    currency: config.billing.currency,
    provider,
    notificationUrl: `${config.publicUrl}/payments/${provider.id}/notify`,
    creditsEnforced: config.billing.enforce,
    purchasesEnabled: config.billing.purchases,
  };
}
