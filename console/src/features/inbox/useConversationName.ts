import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useSignedIn } from "../../auth/SessionProvider";
import { type Translate, useT } from "../../i18n/I18nProvider";
import { channelKeys, listIntegrations } from "../channels/api";
import { useChannelWords } from "../channels/useChannelWords";
import {
  type ChatFacts,
  type ConversationChannel,
  type ConversationWho,
  channelOf,
  identify,
  type NameableThread,
} from "./conversation-name";
import { useBots, useChats } from "./useInboxLookups";

const LOOKUP_STALE_MS = 5 * 60_000;

/** A conversation as the inbox shows it: the row and the header both read these words. */
export interface ConversationLabels {
  /** "Ann", or "Visitor 12 · Website widget". */
  name: string;
  /** Who alone: "Ann", "Visitor 12" (the label of the person's messages). */
  who: string;
  /** Where: "Website widget", "Telegram", "Try it", or the chat's name. */
  channel: string;
  /** The chat's name, when the console has it. */
  chat: string | null;
  /** The bot answering in the thread. */
  bot: string | null;
}

/**
 * Integrations' vendors by id: admins only (operators may not read integrations; their inbox
 * names channels it cannot tell apart by the chat's name instead, docs/console.md).
 */
function useIntegrationVendors(): Map<string, string> {
  const session = useSignedIn();
  const query = useQuery({
    queryKey: channelKeys.integrations,
    queryFn: listIntegrations,
    staleTime: LOOKUP_STALE_MS,
    enabled: session.role === "admin",
  });
  return useMemo(() => new Map((query.data ?? []).map((i) => [i.id, i.vendor])), [query.data]);
}

/** Names conversations from the chats, bots and (for admins) integrations the console loads anyway. */
export function useConversationNamer(): (thread: NameableThread & { bot_id: string }) => ConversationLabels {
  const t = useT("inbox");
  const { vendor } = useChannelWords();
  const chats = useChats();
  const bots = useBots();
  const vendors = useIntegrationVendors();

  return useCallback(
    (thread) => {
      const chat = chats.byId.get(thread.chat_id);
      const chatVendor = chat?.integration_id ? vendors.get(chat.integration_id) : undefined;
      const identity = identify(thread, {
        ...(chat ? { name: chat.name } : {}),
        ...(chatVendor ? { vendor: chatVendor } : {}),
      });
      const channel = channelWords(identity.channel, t, vendor);
      const who = whoWords(identity.who, t);
      return {
        name: identity.who.kind === "person" ? who : t("name.full", { who, channel }),
        who,
        channel,
        chat: chat?.name ?? null,
        bot: bots.byId.get(thread.bot_id)?.name ?? null,
      };
    },
    [t, vendor, chats.byId, bots.byId, vendors],
  );
}

/** The channel's words alone ("Website widget", "Telegram", "Parley API") for a thread and its chat. */
export function useChannelNamer(): (thread: NameableThread, chat: ChatFacts) => string {
  const t = useT("inbox");
  const { vendor } = useChannelWords();
  return useCallback((thread, chat) => channelWords(channelOf(thread, chat), t, vendor), [t, vendor]);
}

function channelWords(channel: ConversationChannel, t: Translate, vendor: (id: string) => string): string {
  switch (channel.kind) {
    case "vendor":
      return vendor(channel.vendor);
    case "chat":
      return channel.name;
    default:
      return t(`name.channel.${channel.kind}`);
  }
}

function whoWords(who: ConversationWho, t: Translate): string {
  return who.kind === "person" ? who.name : t(`name.${who.kind}`, { n: who.number });
}
