import { Group, Kbd, Modal, Table, Text } from "@mantine/core";
import { useT } from "../../i18n/I18nProvider";
import { SHORTCUTS } from "./keymap";

/** The `?` overlay: every inbox shortcut and what it does. */
export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const t = useT("screen");
  return (
    <Modal opened={opened} onClose={onClose} title={t("shortcuts.title")} size="md">
      <Table data-testid="shortcuts-help">
        <Table.Tbody>
          {SHORTCUTS.map(({ action, keys }) => (
            <Table.Tr key={action}>
              <Table.Td>
                <Group gap={4}>
                  {keys.map((key) => (
                    <Kbd key={key}>{key}</Kbd>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{t(`shortcuts.action.${action}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="sm">
        {t("shortcuts.typingHint")}
      </Text>
    </Modal>
  );
}
