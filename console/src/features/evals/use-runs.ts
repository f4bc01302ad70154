import { useQuery } from "@tanstack/react-query";
import { evalKeys, listRuns, runIsActive } from "./api";

/** How often lists and details are read again while a run is queued or running. */
export const RUN_POLL_MS = 1500;

/**
 * The bot's newest 100 evaluation runs, read again while any of them is on its way; shared by
 * the Publish bar and the Evaluations tab (one request for both).
 */
export function useBotRuns(botId: string) {
  return useQuery({
    queryKey: evalKeys.runs(botId),
    queryFn: () => listRuns(botId),
    refetchInterval: (query) => (query.state.data?.data.some(runIsActive) ? RUN_POLL_MS : false),
  });
}
