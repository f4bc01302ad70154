import { Button, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue, useDisclosure } from "@mantine/hooks";
import { IconSearch, IconUserPlus } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadMoreButton } from "../../components/LoadMoreButton";
import { PageHeader } from "../../components/PageHeader";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { AddContactModal } from "./AddContactModal";
import { contactKeys, listContacts } from "./api";
import { ContactsTable } from "./ContactsTable";

/** /contacts: the project's contacts, searched by name, email, phone or id (docs/contacts.md). */
export function ContactsPage() {
  const t = useT("contacts");
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 250);
  const [adding, add] = useDisclosure(false);
  const query = useInfiniteQuery({
    queryKey: contactKeys.list(q),
    queryFn: ({ pageParam }) => listContacts(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

  return (
    <Stack gap="md">
      <PageHeader
        title={t("title")}
        intro={t("intro")}
        action={
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={add.open}
            data-testid="add-contact-button"
          >
            {t("add.button")}
          </Button>
        }
      />
      <TextInput
        aria-label={t("search")}
        placeholder={t("search")}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
        data-testid="contact-search"
      />
      <QueryState query={query}>
        {(data) => {
          const contacts = data.pages.flatMap((page) => page.data);
          if (contacts.length === 0) {
            return q ? (
              <EmptyState title={t("noMatch.title")} hint={t("noMatch.hint")} />
            ) : (
              <EmptyState title={t("empty.title")} hint={t("empty.hint")} />
            );
          }
          return (
            <Stack>
              <ContactsTable contacts={contacts} />
              <LoadMoreButton query={query} />
            </Stack>
          );
        }}
      </QueryState>
      <AddContactModal opened={adding} onClose={add.close} />
    </Stack>
  );
}
