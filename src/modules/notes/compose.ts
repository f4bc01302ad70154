import type { Transactor } from "../../events/unit-of-work.js";
import type { ModuleContext, ModuleParts } from "../../wiring/module-parts.js";
import { NotesService } from "./notes-service.js";
import { notesRoutes } from "./routes.js";

/** Private notes in threads and the operators' mentions inbox (docs/conversations.md, "Private notes"). */
export function composeNotes(context: ModuleContext, deps: { transactor: Transactor }): ModuleParts {
  const { repos, clock, newId } = context;
  const service = new NotesService({ repos, transactor: deps.transactor, clock, newId });
  return { name: "notes", routes: (api) => notesRoutes(api, service) };
}
