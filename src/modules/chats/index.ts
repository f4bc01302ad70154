/** The chats module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { ChatsService } from "./chats-service.js";
export { composeChats } from "./compose.js";
export { chatRoutes } from "./routes.js";
