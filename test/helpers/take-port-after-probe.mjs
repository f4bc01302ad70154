// Preloaded into the server process (NODE_OPTIONS=--import …) by test/process/startup-failures.test.ts:
// the moment the start-up probe lets go of HOST:PORT, another server of this process takes it, as a
// rival process could, so that the server's own listen fails after the probe succeeded.
import net from "node:net";

const close = net.Server.prototype.close;
let taken = false;
net.Server.prototype.close = function (callback) {
  const address = this.address();
  if (taken || !address || typeof address !== "object") return close.call(this, callback);
  taken = true;
  return close.call(this, (...args) => {
    net
      .createServer()
      .unref()
      .listen(address.port, address.address, () => callback?.(...args));
  });
};
