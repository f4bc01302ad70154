import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./console.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { ApiError } from "./api/client";
import { I18nProvider } from "./i18n/I18nProvider";
import { theme } from "./theme";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // 4xx answers do not get better by asking again; network failures might.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400),
      refetchOnWindowFocus: false,
    },
  },
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <I18nProvider>
      <MantineProvider theme={theme}>
        {/* Bottom right: drawers open from the right, and their titles stay readable under a toast. */}
        <Notifications position="bottom-right" />
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  </StrictMode>,
);
