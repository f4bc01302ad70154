import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/** The server's root and its icon (docs/console.md, "Building and developing"). */
describe("the root and the icon", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const icon = readFileSync(new URL("../../../console/public/favicon.svg", import.meta.url));

  async function app(withIcon: boolean) {
    const dir = mkdtempSync(join(tmpdir(), "parley-console-"));
    writeFileSync(join(dir, "index.html"), '<!doctype html><link rel="icon" href="/console/favicon.svg">');
    if (withIcon) writeFileSync(join(dir, "favicon.svg"), icon);
    t = await createTestApp({ env: { PARLEY_CONSOLE_DIR: dir } });
    return t;
  }

  it("GET / sends a browser to the console", async () => {
    const { app: server } = await app(true);
    const root = await server.inject({ method: "GET", url: "/" });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe("/console/");
  });

  it("serves the console's SVG icon at /favicon.ico and /console/favicon.svg", async () => {
    const { app: server } = await app(true);
    for (const url of ["/favicon.ico", "/console/favicon.svg"]) {
      const response = await server.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/svg+xml");
      expect(response.headers["cache-control"]).toBe("public, max-age=86400");
      expect(response.rawPayload.equals(icon)).toBe(true);
    }
  });

  it("is 404, not the app's page, when the console's build has no icon", async () => {
    const { app: server } = await app(false);
    const response = await server.inject({ method: "GET", url: "/favicon.ico" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "not_found", message: "No such file." });
  });

  it("the console's page links the icon, and the icon is an SVG", () => {
    const page = readFileSync(new URL("../../../console/index.html", import.meta.url), "utf8");
    expect(page).toMatch(/<link rel="icon" type="image\/svg\+xml" href="\/favicon\.svg" \/>/);
    expect(icon.toString("utf8")).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});
