import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { operatorMay } from "../../../src/modules/operators/operator-access.js";
import { signIn } from "../../helpers/console-session.js";
import { activeChat, streamTurn } from "../../helpers/conversation-fixtures.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { scriptedModel } from "../../helpers/mock-model.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

/** The routes docs/console.md lists under "What an operator may do, route by route". */
function documentedOperatorRoutes(): Set<string> {
  const doc = readFileSync(new URL("../../../docs/console.md", import.meta.url), "utf8");
  const start = doc.indexOf("### What an operator may do, route by route");
  expect(start, "docs/console.md has the section").toBeGreaterThan(-1);
  const section = doc.slice(start, doc.indexOf("\n#", start + 1));
  const table = section.split("\n").filter((line) => line.startsWith("| `"));
  const routes = new Set<string>();
  for (const line of table) {
    for (const [, route] of line.matchAll(/`((?:GET|POST|PUT|DELETE) \/v1\/[^`]*)`/g)) routes.add(route!);
  }
  return routes;
}

/** Every route of the API, as "METHOD /pattern" with Fastify's `:param`s. */
async function apiRoutes(t: TestApp): Promise<string[]> {
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const method of Object.keys(operations)) {
      routes.push(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ":$1")}`);
    }
  }
  return routes;
}

describe("the operator allowlist", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("is exactly the documented list, route by route", async () => {
    t = await createTestApp();
    const documented = documentedOperatorRoutes();
    const all = await apiRoutes(t);
    // Every documented route exists, so the list cannot drift from the API silently.
    expect([...documented].filter((route) => !all.includes(route))).toEqual([]);
    const allowed = all.filter((route) => {
      const [method, pattern] = route.split(" ") as [string, string];
      return operatorMay(method, pattern);
    });
    expect(allowed.sort()).toEqual([...documented].sort());
    // What the documentation keeps for admins.
    for (const route of [
      "POST /v1/chats/:chat_id/threads/:thread_id/delete",
      "POST /v1/chats/:chat_id/threads/:thread_id/stream",
    ]) {
      expect(documented.has(route), route).toBe(false);
    }
    expect(documented.has("GET /v1/operators/:operator_id")).toBe(true);
  });
});

describe.each(DIALECTS)("an operator session (%s)", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  it_("reads a teammate's profile, but neither deletes a thread nor talks as the end user", async () => {
    const mock = scriptedModel();
    t = await createTestApp({ dialect, modelOverride: () => mock.model });
    const { chat } = await activeChat(t);
    await streamTurn(t, chat.id, "kept", "Hello there");
    const admin = await signIn(t);
    const added = await admin.call("POST", "/v1/operators", {
      email: "olga@example.com",
      name: "Olga",
      password: "operator-password",
      role: "operator",
    });
    expect(added.statusCode, added.body).toBe(200);
    const olga = await signIn(t, "olga@example.com", "operator-password");

    const teammate = await olga.call("GET", `/v1/operators/${admin.body.user.id}`);
    expect(teammate.statusCode, teammate.body).toBe(200);
    expect(teammate.json()).toMatchObject({ id: admin.body.user.id, role: "admin" });
    expect(JSON.stringify(teammate.json())).not.toMatch(/password/);

    const deleted = await olga.call("POST", `/v1/chats/${chat.id}/threads/kept/delete`);
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().code).toBe("forbidden");
    const posed = await olga.call("POST", `/v1/chats/${chat.id}/threads/kept/stream`, {
      messages: [{ role: "user", content: "I am the customer now" }],
    });
    expect(posed.statusCode).toBe(403);
    expect(posed.json().code).toBe("forbidden");
    // Nothing was deleted or stored, and the model was not asked.
    const messages = (await t.call("GET", "/v1/threads/kept/messages")).json() as Array<{ content: string }>;
    expect(messages.map((m) => m.content)).toEqual(["Hello there", "Echo: Hello there"]);
    expect(mock.calls).toHaveLength(1);

    // What operators do keeps working.
    expect((await olga.call("GET", "/v1/threads/kept/messages")).statusCode).toBe(200);
    const takeOver = await olga.call("POST", "/v1/threads/kept/mode", { mode: "manual" });
    expect(takeOver.statusCode, takeOver.body).toBe(200);
    const replied = await olga.call("POST", "/v1/threads/kept/send", { text: "Olga here" });
    expect(replied.statusCode, replied.body).toBe(200);
    // An admin may do both.
    expect((await admin.call("POST", `/v1/chats/${chat.id}/threads/kept/delete`)).statusCode).toBe(200);
  });
});
