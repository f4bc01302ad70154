import { type Config, loadConfig } from "../../src/config.js";

/**
 * Vendors (and the model hub) are never reached from tests: their base URLs point at a closed loopback port unless
 * a test starts a fake vendor and passes its URL.
 */
const NO_VENDORS = {
  PARLEY_TELEGRAM_API_URL: "http://127.0.0.1:9",
  PARLEY_VK_API_URL: "http://127.0.0.1:9",
  PARLEY_GRAPH_API_URL: "http://127.0.0.1:9",
  PARLEY_AVITO_API_URL: "http://127.0.0.1:9",
  PARLEY_TBANK_API_URL: "http://127.0.0.1:9",
  PARLEY_GITHUB_TOKEN_URL: "http://127.0.0.1:9/login/oauth/access_token",
  PARLEY_GITHUB_API_URL: "http://127.0.0.1:9",
  PARLEY_GOOGLE_TOKEN_URL: "http://127.0.0.1:9/token",
  PARLEY_GOOGLE_API_URL: "http://127.0.0.1:9",
  PARLEY_YANDEX_TOKEN_URL: "http://127.0.0.1:9/token",
  PARLEY_YANDEX_LOGIN_URL: "http://127.0.0.1:9",
  PARLEY_AMOCRM_ACCOUNT_URL: "http://127.0.0.1:9",
  PARLEY_AMOJO_API_URL: "http://127.0.0.1:9",
  PARLEY_BITRIX24_TOKEN_URL: "http://127.0.0.1:9/oauth/token/",
  PARLEY_YANDEX_TRACKER_API_URL: "http://127.0.0.1:9",
  // Embedded models are not downloaded from the internet either.
  PARLEY_HUGGINGFACE_URL: "http://127.0.0.1:9",
};

/** A configuration as the server would parse it from this environment (quiet logs by default). */
export function testConfig(env: Record<string, string> = {}): Config {
  // Tests name their model: the default is otherwise the embedded one when no provider has a key.
  return loadConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: "/nonexistent-parley-test-dir",
    PARLEY_DEFAULT_MODEL: "openai/gpt-5",
    ...NO_VENDORS,
    ...env,
  });
}
