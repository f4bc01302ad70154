import { Center, Loader } from "@mantine/core";
import { lazy } from "react";
import { createBrowserRouter, Navigate, RouterProvider } from "react-router";
import { SessionProvider, useSession } from "./auth/SessionProvider";
import { SignInPage } from "./auth/SignInPage";
import { Shell } from "./layout/Shell";

// Each area is its own chunk: an operator loads the inbox, not the bot editor.
const AnalyticsPage = lazy(() =>
  import("./features/analytics/AnalyticsPage").then((m) => ({ default: m.AnalyticsPage })),
);
const BillingPage = lazy(() =>
  import("./features/billing/BillingPage").then((m) => ({ default: m.BillingPage })),
);
const BotPage = lazy(() => import("./features/bots/BotPage").then((m) => ({ default: m.BotPage })));
const BotsPage = lazy(() => import("./features/bots/BotsPage").then((m) => ({ default: m.BotsPage })));
const CannedResponsesPage = lazy(() =>
  import("./features/canned-responses/CannedResponsesPage").then((m) => ({ default: m.CannedResponsesPage })),
);
const ChannelsPage = lazy(() =>
  import("./features/channels/ChannelsPage").then((m) => ({ default: m.ChannelsPage })),
);
const IntegrationPage = lazy(() =>
  import("./features/channels/IntegrationPage").then((m) => ({ default: m.IntegrationPage })),
);
const ContactPage = lazy(() =>
  import("./features/contacts/ContactPage").then((m) => ({ default: m.ContactPage })),
);
const ContactsPage = lazy(() =>
  import("./features/contacts/ContactsPage").then((m) => ({ default: m.ContactsPage })),
);
const InboxPage = lazy(() => import("./features/inbox/InboxPage").then((m) => ({ default: m.InboxPage })));
const KnowledgePage = lazy(() =>
  import("./features/knowledge/KnowledgePage").then((m) => ({ default: m.KnowledgePage })),
);
const VectorStorePage = lazy(() =>
  import("./features/knowledge/VectorStorePage").then((m) => ({ default: m.VectorStorePage })),
);
const TeamPage = lazy(() => import("./features/team/TeamPage").then((m) => ({ default: m.TeamPage })));
const WebhookPage = lazy(() =>
  import("./features/webhooks/WebhookPage").then((m) => ({ default: m.WebhookPage })),
);
const WebhooksPage = lazy(() =>
  import("./features/webhooks/WebhooksPage").then((m) => ({ default: m.WebhooksPage })),
);

const router = createBrowserRouter(
  [
    {
      path: "/",
      element: <Shell />,
      children: [
        { index: true, element: <Navigate to="/inbox" replace /> },
        { path: "inbox", element: <InboxPage /> },
        { path: "inbox/:threadId", element: <InboxPage /> },
        { path: "contacts", element: <ContactsPage /> },
        { path: "contacts/:contactId", element: <ContactPage /> },
        { path: "bots", element: <BotsPage /> },
        { path: "bots/:botId", element: <BotPage /> },
        { path: "channels", element: <ChannelsPage /> },
        { path: "channels/:integrationId", element: <IntegrationPage /> },
        { path: "webhooks", element: <WebhooksPage /> },
        { path: "webhooks/:endpointId", element: <WebhookPage /> },
        { path: "billing", element: <BillingPage /> },
        { path: "analytics", element: <AnalyticsPage /> },
        { path: "knowledge", element: <KnowledgePage /> },
        { path: "knowledge/:storeId", element: <VectorStorePage /> },
        { path: "team", element: <TeamPage /> },
        { path: "canned", element: <CannedResponsesPage /> },
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
