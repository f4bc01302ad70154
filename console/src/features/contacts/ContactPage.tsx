import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Code,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconArrowLeft, IconArrowsJoin, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/client";
import { ConfirmModal } from "../../components/ConfirmModal";
import { QueryState } from "../../components/QueryState";
import { useFormatters, useT } from "../../i18n/I18nProvider";
import { ContactLabelsPicker } from "../labels/LabelsPicker";
import { AttributesEditor } from "./AttributesEditor";
import { type Contact, contactKeys, deleteContact, getContact } from "./api";
import { ChannelBadges } from "./ChannelBadges";
import { ContactFieldsForm } from "./ContactFieldsForm";
import { ContactThreadsList } from "./ContactThreadsList";
import { MergeContactModal } from "./MergeContactModal";

/** /contacts/:contactId: one contact's details, attributes, conversations, merging and deletion. */
export function ContactPage() {
  const t = useT("contacts");
  const { contactId = "" } = useParams();
  const query = useQuery({
    queryKey: contactKeys.contact(contactId),
    queryFn: () => getContact(contactId),
    retry: false,
  });
  const merged =
    query.error instanceof ApiError && query.error.code === "contact_merged" ? query.error : null;

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/contacts" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t("back")}
        </Group>
      </Anchor>
      {merged ? (
        <Alert color="blue" title={t("merged.title")} data-testid="contact-merged">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("merged.body")}</Text>
            <Anchor component={Link} to={`/contacts/${encodeURIComponent(merged.details[0]?.message ?? "")}`}>
              {t("merged.open")}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <QueryState query={query}>
          {(contact) => <ContactView key={contact.id + contact.updated_at} contact={contact} />}
        </QueryState>
      )}
    </Stack>
  );
}

function ContactView({ contact }: { contact: Contact }) {
  const t = useT("contacts");
  const formatters = useFormatters();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [merging, merge] = useDisclosure(false);
  const [deleting, del] = useDisclosure(false);
  const name = contact.name ?? t("unnamed");
  const removal = useMutation({
    mutationFn: () => deleteContact(contact.id),
    onSuccess: async () => {
      notifications.show({ color: "green", message: t("delete.done") });
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      navigate("/contacts");
    },
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={contact.avatar_url}
            name={contact.name ?? undefined}
            alt={name}
            color="initials"
            size="lg"
          />
          <Stack gap={2}>
            <Title order={2}>{name}</Title>
            <Group gap={4}>
              <ChannelBadges contact={contact} />
            </Group>
          </Stack>
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconArrowsJoin size={16} />}
            onClick={merge.open}
            data-testid="merge-button"
          >
            {t("merge.button")}
          </Button>
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={del.open}>
            {t("delete.button")}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <Card withBorder>
            <Title order={4} mb="sm">
              {t("details")}
            </Title>
            <ContactFieldsForm contact={contact} />
            <ContactLabelsPicker contactId={contact.id} labels={contact.labels ?? []} />
          </Card>
          <Card withBorder>
            <Title order={4} mb="xs">
              {t("attributes.title")}
            </Title>
            <AttributesEditor contact={contact} />
          </Card>
        </Stack>
        <Stack gap="md">
          <Card withBorder>
            <Title order={4} mb="sm">
              {t("threads.title")}
            </Title>
            <ContactThreadsList contactId={contact.id} />
          </Card>
          <Card withBorder>
            <Table fz="sm" withRowBorders={false} verticalSpacing={4}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th c="dimmed" fw={500}>
                    {t("fields.externalId")}
                  </Table.Th>
                  <Table.Td>{contact.external_id ? <Code>{contact.external_id}</Code> : "—"}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th c="dimmed" fw={500}>
                    {t("fields.created")}
                  </Table.Th>
                  <Table.Td>{formatters.dateTime(contact.created_at)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th c="dimmed" fw={500}>
                    {t("fields.lastSeen")}
                  </Table.Th>
                  <Table.Td>{formatters.dateTime(contact.last_seen_at)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Card>
        </Stack>
      </SimpleGrid>
      <MergeContactModal contact={contact} opened={merging} onClose={merge.close} />
      <ConfirmModal
        opened={deleting}
        title={t("delete.title", { name })}
        confirmLabel={t("delete.button")}
        onConfirm={() => removal.mutate()}
        onClose={del.close}
        loading={removal.isPending}
        error={removal.error}
      >
        {t("delete.body")}
      </ConfirmModal>
    </Stack>
  );
}
