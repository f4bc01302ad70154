import { createTheme } from "@mantine/core";

/** Mantine's defaults with Parley's accent colour; no custom components. */
export const theme = createTheme({
  primaryColor: "indigo",
  defaultRadius: "md",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
});
