import { amocrmKit } from "./fakes/amocrm-fake.js";
import { avitoKit } from "./fakes/avito-fake.js";
import { facebookKit, instagramKit, whatsappKit } from "./fakes/meta-fake.js";
import { telegramKit } from "./fakes/telegram-fake.js";
import { vkKit } from "./fakes/vk-fake.js";
import type { VendorKit } from "./vendor-kit.js";

/** Every messaging vendor's fake, for the shared suites. */
export const CHANNEL_KITS: VendorKit[] = [
  telegramKit,
  vkKit,
  whatsappKit,
  facebookKit,
  instagramKit,
  avitoKit,
];

/**
 * Channels of vendors connected by OAuth, which keep the adapter contract but have end-to-end
 * suites of their own (the OAuth connection first; amoCRM's server-wide hook URL): the contract
 * suite runs on them too.
 */
export const OAUTH_CHANNEL_KITS: VendorKit[] = [amocrmKit];
