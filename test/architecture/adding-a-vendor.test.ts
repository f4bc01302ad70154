import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  exitCode,
  freePort,
  PROCESS_STEP_MS,
  printed,
  type RunningProcess,
  runProcess,
} from "../helpers/server-process.js";
import { ROOT } from "./source-files.js";

/**
 * docs/development.md, "Adding a vendor": a vendor is one folder under src/vendors/ and one line
 * in src/vendors/all.ts. On a copy of src/ with a made-up vendor added exactly that way (nothing else
 * edited), the server takes its variables, accepts integrations of it through the API, shows it
 * in the OpenAPI document and hands its hook to its channel.
 */
const ACME_INDEX = `import { z } from "zod";
import { apiUrlSetting, type VendorDefinition } from "../contract/vendor.js";

const acmeAuthData = z.strictObject({ token: z.string().min(3) });

export const acme = {
  id: "acme",
  authData: acmeAuthData,
  settings: apiUrlSetting("PARLEY_ACME_API_URL", z.url().default("https://api.acme.example")),
  channel: {
    routeKeys: ["room"],
    async parseInbound(context, request) {
      if (request.headers["x-acme-token"] !== context.authData.token) return { kind: "rejected" };
      const body = JSON.parse(request.rawBody) as { id: string; from: string; text: string };
      return {
        kind: "accepted",
        messages: [
          {
            externalMessageId: body.id,
            conversationId: body.from,
            person: { externalId: body.from },
            text: body.text,
            attachments: [],
            route: { room: "lobby" },
          },
        ],
        reply: { status: 200, contentType: "text/plain", body: \`acme via \${context.apiBaseUrl}\` },
      };
    },
  },
} satisfies VendorDefinition<"acme", z.infer<typeof acmeAuthData>>;
`;

const KEY = "prl_acme_test_key_0123456789abcdef";

function addAcme(copy: string) {
  cpSync(join(ROOT, "src"), join(copy, "src"), { recursive: true });
  for (const file of ["package.json", "tsconfig.json"]) cpSync(join(ROOT, file), join(copy, file));
  cpSync(join(ROOT, "scripts"), join(copy, "scripts"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
  mkdirSync(join(copy, "src/vendors/acme"));
  writeFileSync(join(copy, "src/vendors/acme/index.ts"), ACME_INDEX);
  // The one line.
  const listPath = join(copy, "src/vendors/all.ts");
  const list = readFileSync(listPath, "utf8");
  writeFileSync(listPath, `${list}export { acme } from "./acme/index.js";\n`);
  expect(readFileSync(listPath, "utf8").split("\n").length).toBe(list.split("\n").length + 1);
}

function startServer(copy: string, env: Record<string, string>): RunningProcess {
  return runProcess(
    process.execPath,
    ["--import", "tsx", "src/server.ts"],
    { LOG_LEVEL: "info", ...env },
    copy,
  );
}

describe("adding a vendor", () => {
  let copy: string;
  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), "parley-vendor-"));
    addAcme(copy);
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it(
    "is one folder and one line: configuration, API, OpenAPI and hooks know it",
    async () => {
      const refused = startServer(copy, {
        DATA_DIR: mkdtempSync(join(tmpdir(), "parley-vendor-data-")),
        PARLEY_ACME_API_URL: "not a url",
      });
      expect(await exitCode(refused, "the server with a bad PARLEY_ACME_API_URL")).toBe(1);
      expect(refused.stderr() + refused.stdout()).toMatch(/PARLEY_ACME_API_URL/);

      const port = await freePort();
      const server = startServer(copy, {
        DATA_DIR: mkdtempSync(join(tmpdir(), "parley-vendor-data-")),
        PORT: String(port),
        HOST: "127.0.0.1",
        PARLEY_BOOTSTRAP_API_KEY: KEY,
        PARLEY_ACME_API_URL: "http://acme.test/api/",
      });
      try {
        await printed(server, /listening|Server listening/i, "the server with acme");
        const base = `http://127.0.0.1:${port}`;
        const auth = { authorization: `Bearer ${KEY}`, "content-type": "application/json" };

        const openapi = (await (await fetch(`${base}/openapi.json`)).json()) as {
          components: { schemas: Record<string, { enum?: string[] }> };
        };
        expect(openapi.components.schemas.IntegrationVendor?.enum).toContain("acme");
        expect(JSON.stringify(openapi)).toMatch(/"const":"acme"|"enum":\["acme"\]/);

        const bad = await fetch(`${base}/v1/integrations`, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({ name: "Acme", vendor: "acme", auth_data: { token: "x" } }),
        });
        expect(bad.status).toBe(422);
        expect(((await bad.json()) as { message: string }).message).toMatch(/auth_data\.token/);

        const created = await fetch(`${base}/v1/integrations`, {
          method: "POST",
          headers: auth,
          body: JSON.stringify({ name: "Acme", vendor: "acme", auth_data: { token: "s3cret" } }),
        });
        expect(created.status).toBe(200);
        const integration = (await created.json()) as { id: string; vendor: string; connection: unknown };
        expect(integration.vendor).toBe("acme");
        expect(integration.connection).toMatchObject({ status: "manual" });

        const hook = (token: string) =>
          fetch(`${base}/hooks/acme/${integration.id}`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-acme-token": token },
            body: JSON.stringify({ id: "m1", from: "visitor-1", text: "hello" }),
          });
        expect((await hook("wrong")).status).toBe(401);
        const accepted = await hook("s3cret");
        expect(accepted.status).toBe(200);
        expect(await accepted.text()).toBe("acme via http://acme.test/api");
      } finally {
        server.child.kill("SIGTERM");
        await exitCode(server, "the server with acme");
      }
    },
    PROCESS_STEP_MS * 4,
  );
});
