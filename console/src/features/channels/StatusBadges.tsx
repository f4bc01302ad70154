import { Badge } from "@mantine/core";
import type { ChatStatus, ConnectionStatus, IntegrationStatus } from "./api";
import { chatStatusColor, colorOf, connectionStatusColor, integrationStatusColor } from "./presentation";
import { useChannelWords } from "./useChannelWords";

/** In a narrow table cell a badge keeps its whole word; the table scrolls instead. */
const NO_SHRINK = { flexShrink: 0, minWidth: "max-content" } as const;

export function IntegrationStatusBadge({ status }: { status: IntegrationStatus }) {
  const words = useChannelWords();
  return (
    <Badge variant="light" color={colorOf(integrationStatusColor, status)} style={NO_SHRINK}>
      {words.integrationStatus(status)}
    </Badge>
  );
}

export function ConnectionStatusBadge({ status }: { status: ConnectionStatus }) {
  const words = useChannelWords();
  return (
    <Badge variant="outline" color={colorOf(connectionStatusColor, status)} style={NO_SHRINK}>
      {words.connectionStatus(status)}
    </Badge>
  );
}

export function ChatStatusBadge({ status }: { status: ChatStatus }) {
  const words = useChannelWords();
  return (
    <Badge variant="light" color={colorOf(chatStatusColor, status)} style={NO_SHRINK}>
      {words.chatStatus(status)}
    </Badge>
  );
}
