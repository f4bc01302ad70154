import { Button, ColorInput, Group, Table, TextInput } from "@mantine/core";
import { useState } from "react";
import { useT } from "../../i18n/I18nProvider";
import type { Label } from "./api";

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** One label's name and colour, editable in place, saved together. */
export function LabelRowEditor(props: {
  label: Label;
  saving: boolean;
  onSave(change: { name: string; color: string | null }): void;
}) {
  const t = useT("labels");
  const [name, setName] = useState(props.label.name);
  const [color, setColor] = useState(props.label.color ?? "");
  const nextColor = COLOR.test(color) ? color.toLowerCase() : null;
  const changed = name.trim() !== props.label.name || nextColor !== props.label.color;
  return (
    <>
      <Table.Td>
        <TextInput
          size="xs"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={50}
          aria-label={t("manage.name")}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <ColorInput
            size="xs"
            value={color}
            onChange={setColor}
            format="hex"
            placeholder={t("manage.noColor")}
            aria-label={t("manage.color")}
            w={140}
          />
          <Button
            size="compact-xs"
            variant="light"
            disabled={!changed || !name.trim()}
            loading={props.saving}
            onClick={() => props.onSave({ name: name.trim(), color: nextColor })}
          >
            {t("manage.save")}
          </Button>
        </Group>
      </Table.Td>
    </>
  );
}
