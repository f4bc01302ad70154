/** The notes module's public face (docs/development.md, "Modules"). */
export { composeNotes } from "./compose.js";
