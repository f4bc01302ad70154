/**
 * What the T-Bank provider needs (docs/billing.md, "T-Bank"): the terminal's key and password
 * (PARLEY_TBANK_TERMINAL_KEY, PARLEY_TBANK_PASSWORD) and the API base without a trailing slash
 * (PARLEY_TBANK_API_URL, normally `https://securepay.tinkoff.ru/v2`). `fetch` is injectable so
 * tests and proxies decide where calls go; it defaults to the global one.
 */
export interface TbankConfig {
  terminalKey: string;
  password: string;
  apiBaseUrl: string;
  fetch?: typeof fetch;
}
