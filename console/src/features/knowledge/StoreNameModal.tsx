import { Alert, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../api/client";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { createVectorStore, knowledgeKeys, renameVectorStore, type VectorStore } from "./api";
import { STORE_NAME_MAX, storeNameProblem } from "./file-status";

/** Creates a store (no `store`) or renames one. */
export function StoreNameModal(props: {
  opened: boolean;
  store?: VectorStore;
  onClose(): void;
  onCreated?(store: VectorStore): void;
}) {
  const t = useT("knowledge");
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.store ? t("storeForm.renameTitle") : t("storeForm.createTitle")}
    >
      {props.opened ? <StoreNameForm {...props} /> : null}
    </Modal>
  );
}

function StoreNameForm(props: {
  store?: VectorStore;
  onClose(): void;
  onCreated?(store: VectorStore): void;
}) {
  const t = useT("knowledge");
  const common = useT("common");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: props.store?.name ?? "" },
    validate: {
      name: (value) => {
        const problem = storeNameProblem(value);
        return problem ? t(`storeForm.errors.${problem}`, { max: STORE_NAME_MAX }) : null;
      },
    },
  });
  const mutation = useMutation({
    mutationFn: (name: string) =>
      props.store ? renameVectorStore(props.store.id, name) : createVectorStore(name),
    onSuccess: async (store) => {
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.stores });
      notifications.show({
        color: "green",
        message: props.store ? t("storeForm.renamed") : t("storeForm.created"),
      });
      props.onClose();
      if (!props.store) props.onCreated?.(store);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors().name)
        form.setFieldError("name", error.fieldErrors().name);
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values.name.trim()))} noValidate>
      <Stack>
        <TextInput
          label={t("storeForm.name")}
          description={t("storeForm.nameHint")}
          required
          maxLength={STORE_NAME_MAX}
          data-autofocus
          {...form.getInputProps("name")}
        />
        {mutation.isError ? (
          <Alert color="red" role="alert">
            {errorText(mutation.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {common("actions.cancel")}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {props.store ? common("actions.save") : common("actions.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
