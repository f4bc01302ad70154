import { ActionIcon, Button, Menu } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconChevronDown, IconDots, IconPencil, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmModal } from "../../components/ConfirmModal";
import { useT } from "../../i18n/I18nProvider";
import { deleteVectorStore, knowledgeKeys, type VectorStore } from "./api";
import { StoreNameModal } from "./StoreNameModal";

/** Rename and delete: one menu for the list row and the store page. */
export function StoreActionsMenu(props: {
  store: VectorStore;
  name: string;
  compact?: boolean;
  onDeleted?(): void;
}) {
  const t = useT("knowledge");
  const queryClient = useQueryClient();
  const [renaming, rename] = useDisclosure();
  const [deleting, askDelete] = useDisclosure();
  const remove = useMutation({
    mutationFn: () => deleteVectorStore(props.store.id),
    onSuccess: async () => {
      askDelete.close();
      notifications.show({ color: "green", message: t("storeActions.deleted") });
      props.onDeleted?.();
      queryClient.removeQueries({ queryKey: knowledgeKeys.store(props.store.id) });
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.stores });
    },
  });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {props.compact ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t("storeActions.menu", { name: props.name })}
            >
              <IconDots size={18} />
            </ActionIcon>
          ) : (
            <Button variant="default" rightSection={<IconChevronDown size={16} />}>
              {t("storeActions.title")}
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={rename.open}>
            {t("storeActions.rename")}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={askDelete.open}>
            {t("storeActions.delete")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <StoreNameModal opened={renaming} store={props.store} onClose={rename.close} />
      <ConfirmModal
        opened={deleting}
        title={t("storeActions.deleteTitle")}
        confirmLabel={t("storeActions.delete")}
        onConfirm={() => remove.mutate()}
        onClose={() => {
          remove.reset();
          askDelete.close();
        }}
        loading={remove.isPending}
        error={remove.error}
      >
        {t("storeActions.deleteConfirm", { name: props.name })}
      </ConfirmModal>
    </>
  );
}
