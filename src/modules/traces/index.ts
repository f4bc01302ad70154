/** The traces module's public face: what other modules, the composition root and the HTTP app may use (docs/development.md, "Modules"). */
export { composeTraces } from "./compose.js";
export { type TraceBuilder, type TraceBuilderDeps, traceBuilder } from "./trace-builder.js";
export { type StoredTrace, storedTraceSchema } from "./trace-document.js";
export { type TurnTrace, turnTraceSchema } from "./trace-schemas.js";
