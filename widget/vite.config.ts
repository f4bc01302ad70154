import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/**
 * The embeddable chat widget: one self-contained, minified IIFE, widget/dist/widget.js, which
 * Parley serves at /widget.js (docs: the parley channel). No dependencies, no CSS file: the
 * styles travel inside the script and live in the widget's shadow root. The build fails when the
 * script grows past its budget of 30 KB gzipped (docs/widget.md).
 */
const BUDGET_BYTES = 30 * 1024;

function sizeBudget(): Plugin {
  return {
    name: "parley-widget-size-budget",
    closeBundle() {
      const file = join(root, "dist", "widget.js");
      const size = gzipSync(readFileSync(file)).length;
      if (size > BUDGET_BYTES) {
        throw new Error(`widget.js is ${size} bytes gzipped, over its budget of ${BUDGET_BYTES}`);
      }
    },
  };
}
const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  publicDir: false,
  plugins: [sizeBudget()],
  logLevel: "warn",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2019",
    minify: true,
    sourcemap: false,
    reportCompressedSize: false,
    lib: {
      entry: fileURLToPath(new URL("src/main.ts", import.meta.url)),
      formats: ["iife"],
      name: "ParleyWidget",
      fileName: () => "widget.js",
    },
  },
});
