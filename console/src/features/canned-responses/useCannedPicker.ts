import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, type SyntheticEvent, useEffect, useId, useRef, useState } from "react";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { type CannedResponse, cannedKeys, listCannedResponses, renderCannedResponse } from "./api";
import { matchItems, pickerKey, replaceToken, type SlashToken, slashTokenAt } from "./slash-picker";

/** How many responses the picker asks the API for at a time; it shows the best eight. */
const FETCH_LIMIT = 100;

export interface CannedPickerState {
  open: boolean;
  items: CannedResponse[];
  index: number;
  query: string;
  loading: boolean;
  listId: string;
  optionId(index: number): string;
  pick(index: number): void;
  highlight(index: number): void;
}

/**
 * The composer's `/code` picker (docs/canned-responses.md, "In the console"): follows the caret
 * of the textarea it is given `inputProps` to, offers the matching canned responses, and on a
 * pick replaces the `/code` with the response rendered for the thread. The composer passes its
 * key presses to `onKeyDown` first; true means the picker used the key.
 */
export function useCannedPicker(threadId: string, text: string, setText: (text: string) => void) {
  const t = useT("canned");
  const errorText = useErrorText();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const textRef = useRef(text);
  textRef.current = text;
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const listId = useId();

  const token = caret === null ? null : slashTokenAt(text, Math.min(caret, text.length));
  // The highlight belongs to one `/code` as typed: typing more starts at the top again.
  const tokenKey = token ? `${token.start}:${token.query}` : "";
  const [highlight, setHighlight] = useState({ key: "", index: 0 });
  const index = highlight.key === tokenKey ? highlight.index : 0;
  const setIndex = (at: number) => setHighlight({ key: tokenKey, index: at });
  const open = token !== null && dismissedAt !== token.start;
  const [query] = useDebouncedValue(token?.query ?? "", 150);
  const list = useQuery({
    queryKey: cannedKeys.picker(query),
    queryFn: () => listCannedResponses(query, null, FETCH_LIMIT),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const items = open && token ? matchItems(list.data?.data ?? [], token.query) : [];

  // Leaving the `/code` forgets an Esc.
  const tokenStart = token?.start;
  useEffect(() => {
    if (tokenStart === undefined) setDismissedAt(null);
  }, [tokenStart]);

  const render = useMutation({
    mutationFn: (chosen: { item: CannedResponse; token: SlashToken & { raw: string } }) =>
      renderCannedResponse(chosen.item.id, threadId),
    onSuccess: (answer, chosen) => {
      const next = replaceToken(textRef.current, chosen.token, answer.text);
      setText(next.text);
      setCaret(next.caret);
      requestAnimationFrame(() => {
        inputRef.current?.focus();
        inputRef.current?.setSelectionRange(next.caret, next.caret);
      });
    },
    onError: (failure) => {
      notifications.show({ color: "red", message: t("picker.renderError", { message: errorText(failure) }) });
    },
  });

  const pick = (at: number) => {
    const item = items[at];
    if (!item || !token) return;
    setDismissedAt(token.start);
    render.mutate({ item, token: { ...token, raw: text.slice(token.start, token.end) } });
  };

  const sync = (event: SyntheticEvent<HTMLTextAreaElement>) => setCaret(event.currentTarget.selectionStart);
  const optionId = (at: number) => `${listId}-option-${at}`;

  const picker: CannedPickerState = {
    open,
    items,
    index,
    query: token?.query ?? "",
    loading: list.isFetching && items.length === 0,
    listId,
    optionId,
    pick,
    highlight: setIndex,
  };

  return {
    picker,
    /** Spread on the composer's textarea: its ref, caret tracking and the combobox's ARIA. */
    inputProps: {
      ref: inputRef,
      onSelect: sync,
      onInput: sync,
      onBlur: () => setCaret(null),
      "aria-autocomplete": "list" as const,
      "aria-expanded": open,
      "aria-controls": open ? listId : undefined,
      "aria-activedescendant": open && items.length > 0 ? optionId(index) : undefined,
    },
    onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
      if (!open) return false;
      const action = pickerKey(event, { index, count: items.length });
      if (!action) return false;
      event.preventDefault();
      event.stopPropagation();
      if (action.type === "move") setIndex(action.index);
      else if (action.type === "insert") pick(action.index);
      else if (token) setDismissedAt(token.start);
      return true;
    },
  };
}
