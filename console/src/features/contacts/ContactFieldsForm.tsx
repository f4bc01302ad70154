import { Button, Group, Stack, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../api/client";
import { FormErrorAlert } from "../../components/FormErrorAlert";
import { useT } from "../../i18n/I18nProvider";
import { type Contact, contactKeys, updateContact } from "./api";
import { type ContactDraft, draftOf, fieldsPatch } from "./contact-form";

/**
 * A contact's name, email, phone and notes, edited in place; only changed fields are sent.
 * Used on the contact's page and in the inbox's person panel (`compact`).
 */
export function ContactFieldsForm(props: {
  contact: Pick<Contact, "id" | "name" | "email" | "phone" | "notes">;
  compact?: boolean;
  onSaved?(contact: Contact): void;
  onCancel?(): void;
}) {
  const t = useT("contacts");
  const tc = useT("common");
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ContactDraft>(() => draftOf(props.contact));
  const patch = fieldsPatch(props.contact, draft);
  const mutation = useMutation({
    mutationFn: () => updateContact(props.contact.id, patch),
    onSuccess: async (saved) => {
      notifications.show({ color: "green", message: t("saved") });
      setDraft(draftOf(saved));
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      await queryClient.invalidateQueries({ queryKey: ["inbox"] });
      props.onSaved?.(saved);
    },
  });
  const fields = mutation.error instanceof ApiError ? mutation.error.fieldErrors() : {};
  const set = (field: keyof ContactDraft) => (text: string) =>
    setDraft((prev) => ({ ...prev, [field]: text }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(patch).length > 0) mutation.mutate();
  };
  const size = props.compact ? "xs" : "sm";
  return (
    <form onSubmit={submit} noValidate data-testid="contact-fields-form">
      <Stack gap={props.compact ? "xs" : "sm"}>
        {mutation.isError && Object.keys(fields).length === 0 && <FormErrorAlert error={mutation.error} />}
        <TextInput
          size={size}
          label={t("fields.name")}
          value={draft.name}
          error={fields.name}
          onChange={(e) => set("name")(e.currentTarget.value)}
        />
        <TextInput
          size={size}
          type="email"
          label={t("fields.email")}
          value={draft.email}
          error={fields.email}
          onChange={(e) => set("email")(e.currentTarget.value)}
        />
        <TextInput
          size={size}
          type="tel"
          label={t("fields.phone")}
          value={draft.phone}
          error={fields.phone}
          onChange={(e) => set("phone")(e.currentTarget.value)}
        />
        <Textarea
          size={size}
          label={t("fields.notes")}
          autosize
          minRows={2}
          maxRows={8}
          value={draft.notes}
          error={fields.notes}
          onChange={(e) => set("notes")(e.currentTarget.value)}
        />
        <Group justify="flex-end" gap="xs">
          {props.onCancel && (
            <Button size={size} variant="default" onClick={props.onCancel}>
              {tc("actions.cancel")}
            </Button>
          )}
          <Button
            size={size}
            type="submit"
            loading={mutation.isPending}
            disabled={Object.keys(patch).length === 0}
          >
            {tc("actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
