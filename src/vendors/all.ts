/**
 * Every vendor, one line each: adding a vendor is its folder and its line here
 * (docs/development.md, "Adding a vendor"). The registry (registry.ts) takes the list from
 * these exports, in the alphabetical order of their names.
 */
export { amocrm } from "./amocrm/index.js";
export { avito } from "./avito/index.js";
export { bitrix24 } from "./bitrix24/index.js";
export { facebook } from "./facebook/index.js";
export { github } from "./github/index.js";
export { google } from "./google/index.js";
export { instagram } from "./instagram/index.js";
export { parley } from "./parley/index.js";
export { tbank } from "./tbank/index.js";
export { telegram } from "./telegram/index.js";
export { vk } from "./vk/index.js";
export { whatsapp } from "./whatsapp/index.js";
export { yandex } from "./yandex/index.js";
