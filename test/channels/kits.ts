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
