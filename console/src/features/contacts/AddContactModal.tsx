import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { FormErrorAlert } from "../../components/FormErrorAlert";
import { useT } from "../../i18n/I18nProvider";
import { contactKeys, createContact } from "./api";

/** A contact the team knows before they write: a name, and an email or phone if known. */
export function AddContactModal(props: { opened: boolean; onClose(): void }) {
  const t = useT("contacts");
  const tc = useT("common");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [value, setValue] = useState({ name: "", email: "", phone: "" });
  const mutation = useMutation({
    mutationFn: () =>
      createContact({
        name: value.name.trim(),
        ...(value.email.trim() ? { email: value.email.trim() } : {}),
        ...(value.phone.trim() ? { phone: value.phone.trim() } : {}),
      }),
    onSuccess: async (contact) => {
      notifications.show({ color: "green", message: t("add.done") });
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      props.onClose();
      setValue({ name: "", email: "", phone: "" });
      navigate(`/contacts/${encodeURIComponent(contact.id)}`);
    },
  });
  const fields = mutation.error instanceof ApiError ? mutation.error.fieldErrors() : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  const set = (field: keyof typeof value) => (text: string) =>
    setValue((prev) => ({ ...prev, [field]: text }));
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t("add.title")}
      closeButtonProps={{ "aria-label": tc("actions.close") }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {mutation.isError && Object.keys(fields).length === 0 && <FormErrorAlert error={mutation.error} />}
          <TextInput
            label={t("fields.name")}
            required
            data-autofocus
            value={value.name}
            error={fields.name}
            onChange={(e) => set("name")(e.currentTarget.value)}
          />
          <TextInput
            label={t("fields.email")}
            type="email"
            value={value.email}
            error={fields.email}
            onChange={(e) => set("email")(e.currentTarget.value)}
          />
          <TextInput
            label={t("fields.phone")}
            type="tel"
            value={value.phone}
            error={fields.phone}
            onChange={(e) => set("phone")(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {tc("actions.cancel")}
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={value.name.trim() === ""}>
              {tc("actions.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
