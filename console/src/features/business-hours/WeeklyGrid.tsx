import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useT } from "../../i18n/I18nProvider";
import { type Interval, WEEKDAYS, type Weekday } from "./api";

interface Props {
  weekly: Record<Weekday, Interval[]>;
  errors: Record<string, string>;
  onChange(weekly: Record<Weekday, Interval[]>): void;
}

/** A row per weekday, each with its open intervals (HH:MM, "24:00" as an end). */
export function WeeklyGrid({ weekly, errors, onChange }: Props) {
  const t = useT("businessHours");
  const setDay = (day: Weekday, intervals: Interval[]) => onChange({ ...weekly, [day]: intervals });
  return (
    <Table verticalSpacing="xs" data-testid="business-hours-weekly">
      <Table.Tbody>
        {WEEKDAYS.map((day) => {
          const intervals = weekly[day];
          return (
            <Table.Tr key={day}>
              <Table.Td w={140} valign="top">
                <Text fw={500}>{t(`days.${day}`)}</Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={6}>
                  {intervals.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t("weekly.closed")}
                    </Text>
                  )}
                  {intervals.map((interval, index) => {
                    const path = `weekly.${day}.${index}`;
                    const edit = (change: Partial<Interval>) =>
                      setDay(
                        day,
                        intervals.map((other, at) => (at === index ? { ...other, ...change } : other)),
                      );
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: intervals have no identity of their own
                      <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                        <TextInput
                          aria-label={t("weekly.from", { day: t(`days.${day}`) })}
                          placeholder="09:00"
                          w={90}
                          value={interval.from}
                          error={errors[`${path}.from`]}
                          onChange={(event) => edit({ from: event.currentTarget.value })}
                        />
                        <Text pt={6}>–</Text>
                        <TextInput
                          aria-label={t("weekly.to", { day: t(`days.${day}`) })}
                          placeholder="18:00"
                          w={90}
                          value={interval.to}
                          error={errors[`${path}.to`]}
                          onChange={(event) => edit({ to: event.currentTarget.value })}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          mt={4}
                          aria-label={t("weekly.remove")}
                          onClick={() =>
                            setDay(
                              day,
                              intervals.filter((_, at) => at !== index),
                            )
                          }
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    );
                  })}
                  {errors[`weekly.${day}`] && (
                    <Text size="xs" c="red">
                      {errors[`weekly.${day}`]}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td w={1} valign="top">
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setDay(day, [...intervals, { from: "09:00", to: "18:00" }])}
                >
                  {t("weekly.add")}
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
