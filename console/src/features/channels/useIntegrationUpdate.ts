import { useMutation, useQueryClient } from "@tanstack/react-query";
import { channelKeys, type Integration, type UpdateIntegrationBody, updateIntegration } from "./api";

/**
 * POST /v1/integrations/:id. Refreshes the integration, the list and the chats: a status
 * change or new credentials can move the integration's chats out of (or into) `error`.
 */
export function useIntegrationUpdate(integrationId: string, onSuccess?: (integration: Integration) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateIntegrationBody) => updateIntegration(integrationId, body),
    onSuccess: async (integration) => {
      queryClient.setQueryData(channelKeys.integration(integrationId), integration);
      onSuccess?.(integration);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: channelKeys.integrations }),
        queryClient.invalidateQueries({ queryKey: ["chats"] }),
      ]);
    },
  });
}
