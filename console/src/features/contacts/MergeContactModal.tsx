import { Alert, Button, Group, List, Modal, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { type Contact, contactKeys, listContacts, mergeContact } from "./api";

/**
 * Picks another contact (searched by name, email, phone or id) and merges it into this one
 * after saying what moves (docs/contacts.md, "Merging").
 */
export function MergeContactModal(props: { contact: Contact; opened: boolean; onClose(): void }) {
  const t = useT("contacts");
  const tc = useT("common");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<Contact | null>(null);
  const candidates = useQuery({
    queryKey: [...contactKeys.list(q), "merge"],
    queryFn: () => listContacts(q, null),
    enabled: props.opened,
  });
  const others = (candidates.data?.data ?? []).filter((c) => c.id !== props.contact.id);
  const nameOf = (contact: Contact) => contact.name ?? contact.email ?? contact.phone ?? contact.id;
  const mutation = useMutation({
    mutationFn: (from: Contact) => mergeContact(props.contact.id, from.id),
    onSuccess: async () => {
      notifications.show({ color: "green", message: t("merge.done") });
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      await queryClient.invalidateQueries({ queryKey: ["inbox"] });
      close();
    },
  });
  const close = () => {
    setPicked(null);
    setSearch("");
    mutation.reset();
    props.onClose();
  };
  const name = nameOf(props.contact);

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t("merge.title", { name })}
      closeButtonProps={{ "aria-label": tc("actions.close") }}
    >
      <Stack>
        <Select
          label={t("merge.pick")}
          description={t("merge.pickHint")}
          searchable
          clearable
          data-autofocus
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={t("merge.nothing")}
          data={others.map((contact) => ({
            value: contact.id,
            label: [nameOf(contact), contact.email, contact.phone].filter(Boolean).join(" · "),
          }))}
          value={picked?.id ?? null}
          onChange={(id) => setPicked(others.find((contact) => contact.id === id) ?? null)}
          data-testid="merge-pick"
        />
        {picked && (
          <Stack gap="xs" data-testid="merge-summary">
            <Text size="sm">{t("merge.what", { other: nameOf(picked), name })}</Text>
            <List size="sm" spacing={2}>
              <List.Item>{t("merge.threads", { count: picked.thread_count })}</List.Item>
              <List.Item>{t("merge.recall")}</List.Item>
              <List.Item>{t("merge.fields")}</List.Item>
              <List.Item>{t("merge.future")}</List.Item>
            </List>
            <Text size="sm" fw={500}>
              {t("merge.gone", { other: nameOf(picked) })}
            </Text>
          </Stack>
        )}
        {mutation.isError && (
          <Alert color="red" role="alert">
            {errorText(mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tc("actions.cancel")}
          </Button>
          <Button
            color="red"
            disabled={!picked}
            loading={mutation.isPending}
            onClick={() => picked && mutation.mutate(picked)}
            data-testid="merge-confirm"
          >
            {t("merge.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
