/** The WhatsApp templates module's public face: what the composition root may use (docs/development.md, "Modules"). */
export { composeWhatsappTemplates } from "./compose.js";
