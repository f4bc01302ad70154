/** How much a stream may hold back, and what replaces list markers (see index.ts). */

/** Max characters the Markdown stage looks ahead from an undecided construct. */
export const MARKDOWN_WINDOW = 158;
/** Max characters the emoji stage holds (a run of emoji / spaces / digits). */
export const EMOJI_WINDOW = 40;
/** Upper bound of `StreamFormatter.pending`. */
export const MAX_HOLDBACK = MARKDOWN_WINDOW + EMOJI_WINDOW + 2;

/** Replacement for unordered list markers (`-`, `*`, `+`). */
export const BULLET = "• ";
