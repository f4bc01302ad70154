import {
  Button,
  ColorInput,
  Group,
  Input,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { ApiError } from "../../api/client";
import { FormErrorAlert } from "../../components/FormErrorAlert";
import { useT } from "../../i18n/I18nProvider";
import { updateWidgetSettings, type WidgetSettings, type WidgetSettingsUpdate, widgetKeys } from "./api";
import {
  GREETING_MAX_LENGTH,
  hasChanges,
  invalidOrigins,
  MAX_ORIGINS,
  normalizeOrigins,
  TITLE_MAX_LENGTH,
  validateWidgetForm,
  type WidgetFormValues,
  widgetErrorsFromApi,
  widgetFormFromSettings,
  widgetUpdateBody,
} from "./widget-form";

/** The colours offered as swatches: Mantine's palette, so they look at home next to the console. */
const SWATCHES = [
  "#4c6ef5",
  "#228be6",
  "#15aabf",
  "#12b886",
  "#40c057",
  "#fab005",
  "#fd7e14",
  "#fa5252",
  "#e64980",
  "#7950f2",
  "#212529",
];

/** Origins, look and identity of the widget; Save sends only what changed. */
export function WidgetSettingsForm({ chatId, settings }: { chatId: string; settings: WidgetSettings }) {
  const t = useT("widget");
  const common = useT("common");
  const queryClient = useQueryClient();
  const form = useForm<WidgetFormValues>({
    initialValues: widgetFormFromSettings(settings),
    validate: (values) => {
      const errors = validateWidgetForm(values);
      return {
        allowedOrigins:
          errors.allowedOrigins === "originInvalid"
            ? t("form.errors.originInvalid", { list: invalidOrigins(values.allowedOrigins).join(", ") })
            : errors.allowedOrigins === "tooManyOrigins"
              ? t("form.errors.tooManyOrigins", { max: MAX_ORIGINS })
              : undefined,
        title: errors.title && t("form.errors.titleLength", { max: TITLE_MAX_LENGTH }),
        greeting: errors.greeting && t("form.errors.greetingLength", { max: GREETING_MAX_LENGTH }),
        color: errors.color && t("form.errors.color"),
      };
    },
  });

  const save = useMutation({
    mutationFn: (body: WidgetSettingsUpdate) => updateWidgetSettings(chatId, body),
    onSuccess: async (updated) => {
      queryClient.setQueryData(widgetKeys.settings(chatId), updated);
      // What the server stored (it may normalize), as the new "unchanged" state.
      const values = widgetFormFromSettings(updated);
      form.setInitialValues(values);
      form.setValues(values);
      notifications.show({ color: "green", message: t("form.saved") });
      await queryClient.invalidateQueries({ queryKey: widgetKeys.settings(chatId) });
    },
    onError: (error, sent) => {
      if (error instanceof ApiError) form.setErrors(widgetErrorsFromApi(error.fieldErrors(), sent).fields);
    },
  });
  const apiErrors =
    save.error instanceof ApiError && save.variables
      ? widgetErrorsFromApi(save.error.fieldErrors(), save.variables)
      : { fields: {}, unplaced: [] };
  // Field errors sit at their inputs; the alert says what failed and lists details without an input.
  const showAlert =
    save.isError && (Object.keys(apiErrors.fields).length === 0 || apiErrors.unplaced.length > 0);
  const changed = hasChanges(widgetUpdateBody(form.values, settings));

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(widgetUpdateBody(values, settings)))} noValidate>
      <Stack>
        <Title order={4}>{t("form.title")}</Title>
        {showAlert && <FormErrorAlert error={save.error} unplaced={apiErrors.unplaced} />}
        <TagsInput
          label={t("form.origins")}
          description={t("form.originsHint")}
          placeholder={t("form.originsPlaceholder")}
          splitChars={[",", " "]}
          clearable
          data-testid="widget-origins-input"
          {...form.getInputProps("allowedOrigins")}
          onChange={(value) => form.setFieldValue("allowedOrigins", normalizeOrigins(value))}
        />
        <TextInput
          label={t("form.widgetTitle")}
          description={t("form.widgetTitleHint")}
          maxLength={TITLE_MAX_LENGTH}
          {...form.getInputProps("title")}
        />
        <Textarea
          label={t("form.greeting")}
          description={t("form.greetingHint")}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={GREETING_MAX_LENGTH}
          {...form.getInputProps("greeting")}
        />
        <ColorInput
          label={t("form.color")}
          description={t("form.colorHint")}
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={SWATCHES.length}
          {...form.getInputProps("color")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <LabelledSegments
            label={t("form.position")}
            description={t("form.positionHint")}
            error={form.errors.position}
            value={form.values.position}
            onChange={(value) => form.setFieldValue("position", value as WidgetFormValues["position"])}
            data={[
              { value: "left", label: t("form.positions.left") },
              { value: "right", label: t("form.positions.right") },
            ]}
          />
          <LabelledSegments
            label={t("form.language")}
            description={t("form.languageHint")}
            error={form.errors.language}
            value={form.values.language}
            onChange={(value) => form.setFieldValue("language", value as WidgetFormValues["language"])}
            data={[
              { value: "auto", label: t("form.languages.auto") },
              { value: "en", label: t("form.languages.en") },
              { value: "ru", label: t("form.languages.ru") },
            ]}
          />
        </SimpleGrid>
        <Switch
          label={t("form.identityRequired")}
          description={t("form.identityRequiredHint")}
          {...form.getInputProps("identityRequired", { type: "checkbox" })}
        />
        <Group justify="flex-end" gap="sm">
          {!changed && (
            <Text size="sm" c="dimmed">
              {t("form.noChanges")}
            </Text>
          )}
          <Button type="submit" loading={save.isPending} disabled={!changed} data-testid="widget-save">
            {common("actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A SegmentedControl with a label and hint, named for screen readers (it is a radio group). */
function LabelledSegments(props: {
  label: string;
  description: string;
  error: ReactNode;
  value: string;
  onChange(value: string): void;
  data: Array<{ value: string; label: string }>;
}) {
  const id = useId();
  return (
    <Input.Wrapper
      id={id}
      labelElement="div"
      label={props.label}
      description={props.description}
      error={props.error}
    >
      <SegmentedControl
        fullWidth
        mt={4}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        value={props.value}
        onChange={props.onChange}
        data={props.data}
      />
    </Input.Wrapper>
  );
}
