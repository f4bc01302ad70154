import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { ChatsService } from "./chats-service.js";
import { chatRoutes } from "./routes.js";

/** Chats of integrations, each bound to a bot (docs/api.md). */
export function composeChats({ repos, clock, newId }: ModuleContext): ModuleParts {
  const chats = new ChatsService({
    chats: repos.chats,
    integrations: repos.integrations,
    bots: repos.bots,
    clock,
    newId,
  });
  return { name: "chats", routes: (api) => chatRoutes(api, chats) };
}
