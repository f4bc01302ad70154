import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useErrorText } from "../../components/QueryState";
import { useT } from "../../i18n/I18nProvider";
import { retryWebhookDelivery, webhookKeys } from "./api";

/** POST …/deliveries/:id/retry; a disabled endpoint answers 409, shown as the API's message. */
export function useRetryDelivery(endpointId: string) {
  const t = useT("webhooks");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => retryWebhookDelivery(endpointId, deliveryId),
    onSuccess: async () => {
      notifications.show({ color: "green", message: t("deliveries.retried") });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) });
    },
    onError: (error) =>
      notifications.show({ color: "red", title: t("deliveries.retryFailed"), message: errorText(error) }),
  });
}
