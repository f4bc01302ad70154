import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { configure, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nProvider } from "../i18n/I18nProvider";

// waitFor and findBy* wait 1 s by default, too little on a loaded machine: as long as the server's
// tests wait for what happens on its own (test/helpers/wait-bound.ts). A wait that succeeds ends
// at once.
configure({ asyncUtilTimeout: 20_000 });

/**
 * What component tests under happy-dom need: Mantine reads the colour scheme and breakpoints
 * through matchMedia, and autosizing textareas watch document.fonts; happy-dom has neither.
 */
export function installDomStubs(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  if (!("fonts" in document)) {
    Object.defineProperty(document, "fonts", {
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  }
}

/** Renders inside the console's providers (English, no query retries); returns the query client. */
export function renderInConsole(
  ui: ReactNode,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  render(
    <I18nProvider language="en">
      <MantineProvider>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </MantineProvider>
    </I18nProvider>,
  );
  return client;
}

/** A JSON answer for a stubbed fetch. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
