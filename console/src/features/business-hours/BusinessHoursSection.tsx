import { Alert, Button, Card, Group, Select, Stack, Switch, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { ApiError } from "../../api/client";
import { QueryState } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { type BusinessHours, businessHoursKeys, getBusinessHours, saveBusinessHours } from "./api";
import { type BusinessHoursForm, formOf, inputOf, timeZones } from "./business-hours-form";
import { HolidaysList } from "./HolidaysList";
import { MessagesEditor } from "./MessagesEditor";
import { OpenNowLine } from "./OpenNowLine";
import { WeeklyGrid } from "./WeeklyGrid";

/**
 * The project's business hours (docs/business-hours.md): time zone, the weekly grid, holidays,
 * the out-of-hours message per language, and whether people are in now. Admins and operators
 * may change them.
 */
export function BusinessHoursSection() {
  const t = useT("businessHours");
  const hours = useQuery({ queryKey: businessHoursKeys.settings, queryFn: getBusinessHours });
  return (
    <Card withBorder component="section" aria-labelledby="business-hours-title" data-testid="business-hours">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={3} id="business-hours-title">
              {t("title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("subtitle")}
            </Text>
          </div>
          <OpenNowLine />
        </Group>
        <QueryState query={hours}>
          {(loaded) => <BusinessHoursEditor key={loaded.updated_at ?? "new"} hours={loaded} />}
        </QueryState>
      </Stack>
    </Card>
  );
}

function BusinessHoursEditor({ hours }: { hours: BusinessHours }) {
  const t = useT("businessHours");
  const queryClient = useQueryClient();
  const [form, setForm] = useState<BusinessHoursForm>(() => formOf(hours));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(form.timezone), [form.timezone]);
  const change = (patch: Partial<BusinessHoursForm>) => setForm((current) => ({ ...current, ...patch }));

  const save = useMutation({
    mutationFn: () => saveBusinessHours(inputOf(form)),
    onSuccess: (saved) => {
      setErrors({});
      setProblem(null);
      queryClient.setQueryData(businessHoursKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: businessHoursKeys.status });
      notifications.show({ color: "green", message: t("saved") });
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setErrors(error.fieldErrors());
        setProblem(error.message);
      } else setProblem(String(error));
    },
  });

  return (
    <Stack gap="md">
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Switch
          label={t("enabled")}
          checked={form.enabled}
          onChange={(event) => change({ enabled: event.currentTarget.checked })}
          data-testid="business-hours-enabled"
        />
        <Select
          label={t("timezone")}
          searchable
          w={280}
          data={zones}
          value={form.timezone}
          error={errors.timezone}
          allowDeselect={false}
          onChange={(zone) => zone && change({ timezone: zone })}
          data-testid="business-hours-timezone"
        />
      </Group>
      <div>
        <Text fw={500} mb={4}>
          {t("weekly.title")}
        </Text>
        <WeeklyGrid weekly={form.weekly} errors={errors} onChange={(weekly) => change({ weekly })} />
      </div>
      <div>
        <Text fw={500} mb={4}>
          {t("holidays.title")}
        </Text>
        <HolidaysList
          holidays={form.holidays}
          errors={errors}
          onChange={(holidays) => change({ holidays })}
        />
      </div>
      <div>
        <Text fw={500} mb={4}>
          {t("messages.title")}
        </Text>
        <MessagesEditor
          messages={form.messages}
          errors={errors}
          onChange={(messages) => change({ messages })}
        />
      </div>
      {problem && (
        <Alert color="red" variant="light" data-testid="business-hours-problem">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="business-hours-save">
          {t("save")}
        </Button>
      </Group>
    </Stack>
  );
}
