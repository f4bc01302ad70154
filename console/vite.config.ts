import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The operator console is served by Parley itself under /console (docs/console.md).
 * `npm ci` builds it (the `prepare` script); `npm run console:dev` serves it with hot reload
 * and proxies the API to a running Parley on PARLEY_URL (default http://127.0.0.1:8080).
 */
const parley = process.env.PARLEY_URL ?? "http://127.0.0.1:8080";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/console/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      "/v1": { target: parley, changeOrigin: false },
      "/openapi.json": { target: parley, changeOrigin: false },
    },
  },
});
