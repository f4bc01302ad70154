import type { Transactor } from "../../events/unit-of-work.js";
import type { EmbedderKey } from "../../storage/repos/message-chunks.repo.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { ContactsService } from "./contacts-service.js";
import { contactRoutes } from "./routes.js";

/** Contacts (docs/contacts.md): the API over the project's persons, and merging them. */
export function composeContacts(
  context: ModuleContext,
  deps: { transactor: Transactor; indexMovedChunks: (embedders: EmbedderKey[]) => Promise<void> },
): ModuleParts & { service: ContactsService } {
  const { repos, clock, newId } = context;
  const service = new ContactsService({ repos, clock, newId, ...deps });
  return { name: "contacts", service, routes: (api) => contactRoutes(api, service) };
}
