import { ActionIcon, Button, ColorInput, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { EmptyState, QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { inboxKeys } from "../inbox/api";
import { createLabel, deleteLabel, type Label, labelKeys, updateLabel } from "./api";
import { LabelRowEditor } from "./LabelRowEditor";
import { useLabels } from "./useLabels";

const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * The project's labels on the Team page (docs/labels.md): everyone sees them; admins add,
 * rename, recolour and delete them (operators only put them on conversations).
 */
export function LabelsSection({ manage }: { manage: boolean }) {
  const t = useT("labels");
  const queryClient = useQueryClient();
  const { query } = useLabels();
  const [name, setName] = useState("");
  const [color, setColor] = useState("");
  const refresh = () => {
    queryClient.invalidateQueries({ queryKey: labelKeys.all });
    queryClient.invalidateQueries({ queryKey: inboxKeys.all });
  };
  const failed = (error: unknown) =>
    notifications.show({
      color: "red",
      message: error instanceof ApiError ? error.message : t("manage.failed"),
    });
  const create = useMutation({
    mutationFn: () => createLabel({ name: name.trim(), color: COLOR.test(color) ? color : null }),
    onSuccess: (label) => {
      setName("");
      setColor("");
      notifications.show({ color: "green", message: t("manage.created", { name: label.name }) });
    },
    onError: failed,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (label: Label) => deleteLabel(label.id),
    onSuccess: (_, label) =>
      notifications.show({ color: "green", message: t("manage.deleted", { name: label.name }) }),
    onError: failed,
    onSettled: refresh,
  });
  const save = useMutation({
    mutationFn: (change: { id: string; name: string; color: string | null }) =>
      updateLabel(change.id, { name: change.name, color: change.color }),
    onSuccess: (label) =>
      notifications.show({ color: "green", message: t("manage.saved", { name: label.name }) }),
    onError: failed,
    onSettled: refresh,
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="labels-title" data-testid="labels-section">
      <div>
        <Title order={3} id="labels-title">
          {t("manage.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {manage ? t("manage.subtitle") : t("manage.readOnly")}
        </Text>
      </div>
      {manage && (
        <Group
          component="form"
          align="flex-end"
          gap="sm"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) create.mutate();
          }}
        >
          <TextInput
            label={t("manage.name")}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={50}
            required
            data-testid="label-name-input"
          />
          <ColorInput
            label={t("manage.color")}
            value={color}
            onChange={setColor}
            format="hex"
            placeholder={t("manage.noColor")}
            w={160}
          />
          <Button type="submit" loading={create.isPending} disabled={!name.trim()} data-testid="label-create">
            {t("manage.add")}
          </Button>
        </Group>
      )}
      <QueryState query={query}>
        {(labels) =>
          labels.length === 0 ? (
            <EmptyState title={t("manage.emptyTitle")} hint={t("manage.emptyHint")} />
          ) : (
            <Table verticalSpacing="xs" data-testid="labels-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("manage.name")}</Table.Th>
                  <Table.Th>{t("manage.color")}</Table.Th>
                  {manage && <Table.Th aria-label={t("manage.actions")} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {labels.map((label) => (
                  <Table.Tr key={label.id} data-testid="label-row">
                    {manage ? (
                      <LabelRowEditor
                        label={label}
                        saving={save.isPending}
                        onSave={(change) => save.mutate({ id: label.id, ...change })}
                      />
                    ) : (
                      <>
                        <Table.Td>{label.name}</Table.Td>
                        <Table.Td>{label.color ?? "—"}</Table.Td>
                      </>
                    )}
                    {manage && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("manage.delete", { name: label.name })}
                          onClick={() => {
                            if (window.confirm(t("manage.confirmDelete", { name: label.name })))
                              remove.mutate(label);
                          }}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
    </Stack>
  );
}
