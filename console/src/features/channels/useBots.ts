import { useQuery } from "@tanstack/react-query";
import { channelKeys, listBots } from "./api";

/** The project's bots, to name a chat's bot and to pick one. */
export function useBots() {
  return useQuery({ queryKey: channelKeys.bots, queryFn: listBots });
}
