import { type Config, loadConfig } from "../../src/config.js";

/** A configuration as the server would parse it from this environment (quiet logs by default). */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent-parley-test-dir", ...env });
}
