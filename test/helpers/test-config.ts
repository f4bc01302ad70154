import { type Config, loadConfig } from "../../src/config.js";

/**
 * Vendors are never reached from tests: their base URLs point at a closed loopback port unless
 * a test starts a fake vendor and passes its URL.
 */
const NO_VENDORS = {
  PARLEY_TELEGRAM_API_URL: "http://127.0.0.1:9",
  PARLEY_VK_API_URL: "http://127.0.0.1:9",
  PARLEY_GRAPH_API_URL: "http://127.0.0.1:9",
  PARLEY_AVITO_API_URL: "http://127.0.0.1:9",
};

/** A configuration as the server would parse it from this environment (quiet logs by default). */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent-parley-test-dir", ...NO_VENDORS, ...env });
}
