import { telegramKit } from "./fakes/telegram-fake.js";
import type { VendorKit } from "./vendor-kit.js";

/** Every messaging vendor's fake, for the shared suites. */
export const CHANNEL_KITS: VendorKit[] = [telegramKit];
