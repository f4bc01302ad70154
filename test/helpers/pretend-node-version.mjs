// Preloaded with `--import` by the start-up tests: the process reports PARLEY_TEST_NODE_VERSION
// as its Node.js version, so the refusal of an older runtime can be checked on any runtime.
const pretended = process.env.PARLEY_TEST_NODE_VERSION;
if (pretended) {
  Object.defineProperty(process, "versions", { value: { ...process.versions, node: pretended } });
}
