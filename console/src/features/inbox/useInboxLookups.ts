import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { inboxKeys, listBots, listChats, listOperators } from "./api";

const LOOKUP_STALE_MS = 5 * 60_000;

/** Chats, bots and operators by id: names for filters, rows and the assign menu. */
export function useChats(enabled = true) {
  const query = useQuery({
    queryKey: inboxKeys.chats,
    queryFn: listChats,
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
  const byId = useMemo(() => new Map((query.data ?? []).map((chat) => [chat.id, chat])), [query.data]);
  return { query, byId };
}

export function useBots() {
  const query = useQuery({ queryKey: inboxKeys.bots, queryFn: listBots, staleTime: LOOKUP_STALE_MS });
  const byId = useMemo(() => new Map((query.data ?? []).map((bot) => [bot.id, bot])), [query.data]);
  return { query, byId };
}

export function useOperators(enabled = true) {
  return useQuery({
    queryKey: inboxKeys.operators,
    queryFn: listOperators,
    staleTime: LOOKUP_STALE_MS,
    enabled,
  });
}
