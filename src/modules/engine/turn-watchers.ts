import type { TurnLog } from "./turn-report.js";
import type { ModelRequestWatch, ToolCallWatch, TurnStart, TurnWatch, TurnWatcher } from "./turn-watch.js";

const NO_REQUEST: ModelRequestWatch = { firstOutput() {}, end() {} };
const NO_TOOL: ToolCallWatch = { end() {} };

/** A turn nobody follows. */
export const unwatched: TurnWatch = {
  bot() {},
  window() {},
  knowledge() {},
  modelRequest: () => NO_REQUEST,
  toolCall: () => NO_TOOL,
  end: async () => {},
};

/**
 * Starts every watcher on a turn and tells each the same facts. A watcher that throws is
 * logged and skipped: following a turn never fails it.
 */
export function watchTurn(watchers: readonly TurnWatcher[], start: TurnStart, log: TurnLog): TurnWatch {
  const watches = watchers.flatMap((watcher) => {
    try {
      return [watcher.start(start)];
    } catch (error) {
      log.warn({ err: error, threadId: start.threadId }, "a turn watcher failed to start");
      return [];
    }
  });
  if (watches.length === 0) return unwatched;
  /** What `act` returns for each of `items`; one that throws is logged and left out. */
  const safely = <W, T>(items: readonly W[], act: (item: W) => T): T[] =>
    items.flatMap((item) => {
      try {
        return [act(item)];
      } catch (error) {
        log.warn({ err: error, threadId: start.threadId }, "a turn watcher failed");
        return [];
      }
    });
  const each = <T>(act: (watch: TurnWatch) => T): T[] => safely(watches, act);
  return {
    bot: (bot) => void each((watch) => watch.bot(bot)),
    window: (window) => void each((watch) => watch.window(window)),
    knowledge: (query, passages) => void each((watch) => watch.knowledge(query, passages)),
    modelRequest: (request) => {
      const parts = each((watch) => watch.modelRequest(request));
      return {
        firstOutput: () => void safely(parts, (part) => part.firstOutput()),
        end: (result) => void safely(parts, (part) => part.end(result)),
      };
    },
    toolCall: (call) => {
      const parts = each((watch) => watch.toolCall(call));
      return { end: (result) => void safely(parts, (part) => part.end(result)) };
    },
    replyStored: async (repos, messageIds) => {
      for (const watch of watches) {
        try {
          await watch.replyStored?.(repos, messageIds);
        } catch (error) {
          log.warn({ err: error, threadId: start.threadId }, "a turn watcher failed");
        }
      }
    },
    end: async (end) => {
      await Promise.all(
        watches.map((watch) =>
          watch.end(end).catch((error: unknown) => {
            log.warn({ err: error, threadId: start.threadId }, "a turn watcher failed to finish");
          }),
        ),
      );
    },
  };
}
