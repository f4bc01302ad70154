import { ActionIcon, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useT } from "../../i18n/I18nProvider";
import type { Holiday } from "./api";

interface Props {
  holidays: Holiday[];
  errors: Record<string, string>;
  onChange(holidays: Holiday[]): void;
}

/** Closed days: a date, an optional last day of a range, an optional name. */
export function HolidaysList({ holidays, errors, onChange }: Props) {
  const t = useT("businessHours");
  const edit = (index: number, change: Partial<Holiday>) =>
    onChange(holidays.map((holiday, at) => (at === index ? { ...holiday, ...change } : holiday)));
  return (
    <Stack gap="xs" data-testid="business-hours-holidays">
      {holidays.length === 0 && (
        <Text size="sm" c="dimmed">
          {t("holidays.none")}
        </Text>
      )}
      {holidays.map((holiday, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: holidays have no identity of their own
        <Group key={index} gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            aria-label={t("holidays.date")}
            value={holiday.date}
            error={errors[`holidays.${index}.date`]}
            onChange={(event) => edit(index, { date: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            aria-label={t("holidays.to")}
            placeholder={t("holidays.to")}
            value={holiday.to ?? ""}
            error={errors[`holidays.${index}.to`]}
            onChange={(event) => edit(index, { to: event.currentTarget.value })}
          />
          <TextInput
            aria-label={t("holidays.name")}
            placeholder={t("holidays.name")}
            value={holiday.name ?? ""}
            error={errors[`holidays.${index}.name`]}
            onChange={(event) => edit(index, { name: event.currentTarget.value })}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={4}
            aria-label={t("holidays.remove")}
            onClick={() => onChange(holidays.filter((_, at) => at !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <div>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...holidays, { date: new Date().toISOString().slice(0, 10) }])}
        >
          {t("holidays.add")}
        </Button>
      </div>
    </Stack>
  );
}
