import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { channelKeys } from "./api";

/** After a chat changes: the flat list (and anyone else's ["chats", …]) and its integration's list. */
export function useChatInvalidation() {
  const queryClient = useQueryClient();
  return useCallback(
    (integrationId: string | null) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["chats"] }),
        integrationId
          ? queryClient.invalidateQueries({ queryKey: channelKeys.integrationChats(integrationId) })
          : undefined,
      ]),
    [queryClient],
  );
}
