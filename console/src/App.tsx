import { Center, Loader } from "@mantine/core";
import { createBrowserRouter, Navigate, RouterProvider } from "react-router";
import { SessionProvider, useSession } from "./auth/SessionProvider";
import { SignInPage } from "./auth/SignInPage";
import { BillingPage } from "./features/billing/BillingPage";
import { BotPage } from "./features/bots/BotPage";
import { BotsPage } from "./features/bots/BotsPage";
import { ChannelsPage } from "./features/channels/ChannelsPage";
import { IntegrationPage } from "./features/channels/IntegrationPage";
import { InboxPage } from "./features/inbox/InboxPage";
import { KnowledgePage } from "./features/knowledge/KnowledgePage";
import { VectorStorePage } from "./features/knowledge/VectorStorePage";
import { TeamPage } from "./features/team/TeamPage";
import { WebhookPage } from "./features/webhooks/WebhookPage";
import { WebhooksPage } from "./features/webhooks/WebhooksPage";
import { Shell } from "./layout/Shell";

const router = createBrowserRouter(
  [
    {
      path: "/",
      element: <Shell />,
      children: [
        { index: true, element: <Navigate to="/inbox" replace /> },
        { path: "inbox", element: <InboxPage /> },
        { path: "inbox/:threadId", element: <InboxPage /> },
        { path: "bots", element: <BotsPage /> },
        { path: "bots/:botId", element: <BotPage /> },
        { path: "channels", element: <ChannelsPage /> },
        { path: "channels/:integrationId", element: <IntegrationPage /> },
        { path: "webhooks", element: <WebhooksPage /> },
        { path: "webhooks/:endpointId", element: <WebhookPage /> },
        { path: "billing", element: <BillingPage /> },
        { path: "knowledge", element: <KnowledgePage /> },
        { path: "knowledge/:storeId", element: <VectorStorePage /> },
        { path: "team", element: <TeamPage /> },
        { path: "*", element: <Navigate to="/inbox" replace /> },
      ],
    },
  ],
  { basename: "/console" },
);

function Gate() {
  const { session, loading } = useSession();
  if (loading) {
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  }
  if (!session) return <SignInPage />;
  return <RouterProvider router={router} />;
}

export function App() {
  return (
    <SessionProvider>
      <Gate />
    </SessionProvider>
  );
}
