import { MultiSelect, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../api/client";
import { useT } from "../../i18n/I18nProvider";
import { contactKeys } from "../contacts/api";
import { inboxKeys } from "../inbox/api";
import { addContactLabels, addThreadLabels, removeContactLabels, removeThreadLabels } from "./api";
import { useLabels } from "./useLabels";

/**
 * The thread's labels in the side panel: pick from the project's labels to put one on, remove a
 * chip to take it off. The thread and the lists refetch after each change (the live stream's
 * `labels_changed` does the same for everyone else).
 */
export function ThreadLabelsPicker({ threadId, labels }: { threadId: string; labels: readonly string[] }) {
  const queryClient = useQueryClient();
  return (
    <LabelsPicker
      labels={labels}
      add={(names) => addThreadLabels(threadId, names)}
      remove={(names) => removeThreadLabels(threadId, names)}
      changed={() => {
        queryClient.invalidateQueries({ queryKey: inboxKeys.thread(threadId) });
        queryClient.invalidateQueries({ queryKey: inboxKeys.lists() });
      }}
      testId="thread-labels-picker"
    />
  );
}

/** A contact's labels on its page: the same picker, for the person (docs/labels.md). */
export function ContactLabelsPicker({ contactId, labels }: { contactId: string; labels: readonly string[] }) {
  const queryClient = useQueryClient();
  return (
    <LabelsPicker
      labels={labels}
      add={(names) => addContactLabels(contactId, names)}
      remove={(names) => removeContactLabels(contactId, names)}
      changed={() => queryClient.invalidateQueries({ queryKey: contactKeys.all })}
      testId="contact-labels-picker"
    />
  );
}

function LabelsPicker(props: {
  labels: readonly string[];
  add: (names: string[]) => Promise<unknown>;
  remove: (names: string[]) => Promise<unknown>;
  changed: () => void;
  testId: string;
}) {
  const { labels } = props;
  const t = useT("labels");
  const { query } = useLabels();
  const change = useMutation({
    mutationFn: async (next: string[]) => {
      const current = new Set(labels);
      const wanted = new Set(next);
      const added = next.filter((name) => !current.has(name));
      const removed = labels.filter((name) => !wanted.has(name));
      if (added.length > 0) await props.add(added);
      if (removed.length > 0) await props.remove(removed);
    },
    onSettled: props.changed,
    onError: (error) =>
      notifications.show({
        color: "red",
        message: error instanceof ApiError ? error.message : t("picker.failed"),
      }),
  });
  const options = (query.data ?? []).map((label) => label.name);
  // A label the thread carries stays choosable even before the list has loaded.
  const data = [...new Set([...options, ...labels])];

  return (
    <Stack gap={4}>
      <MultiSelect
        label={t("picker.label")}
        placeholder={labels.length === 0 ? t("picker.placeholder") : undefined}
        data={data}
        value={[...labels]}
        onChange={(next) => change.mutate(next)}
        searchable
        clearable={false}
        disabled={change.isPending}
        nothingFoundMessage={t("picker.nothingFound")}
        comboboxProps={{ withinPortal: false }}
        data-testid={props.testId}
      />
      {query.isSuccess && options.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t("picker.none")}
        </Text>
      ) : null}
    </Stack>
  );
}
