/** The contacts module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */

export { composeContacts } from "./compose.js";
export { ContactsService } from "./contacts-service.js";
export { contactRoutes } from "./routes.js";
