import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { createTestApp, type TestApp } from "../../helpers/test-app.js";

describe.each(DIALECTS)("projects and API keys on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    if (shouldSkip(dialect)) return;
    t = await createTestApp({ dialect });
  });
  afterEach(async () => {
    await t?.close();
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  it_("an admin key lists and creates projects of its organization", async () => {
    const initial = (await t.call("GET", "/v1/projects")).json();
    expect(initial).toEqual([
      expect.objectContaining({
        id: t.projectId,
        organization_id: t.organizationId,
        name: "Default project",
      }),
    ]);
    const created = await t.call("POST", "/v1/projects", {
      body: { name: "Shop", organization_id: t.organizationId },
    });
    expect(created.statusCode).toBe(200);
    const project = created.json();
    expect(project).toEqual({
      id: expect.stringMatching(/^prj_/),
      name: "Shop",
      organization_id: t.organizationId,
      avatar_url: null,
      created_at: expect.any(String),
    });
    const ids = (await t.call("GET", "/v1/projects")).json().map((p: { id: string }) => p.id);
    expect(ids).toEqual([t.projectId, project.id]);
  });

  it_("creating a project in another organization is 403, in a missing one 404", async () => {
    const other = await t.call("POST", "/v1/projects", {
      body: { name: "X", organization_id: "org_missing" },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe("organization_not_found");
    // A second organization exists only through the CLI/bootstrap; emulate one directly.
    await t.storage.db
      .insertInto("organizations")
      .values({ id: "org_second", name: "Second", created_at: new Date().toISOString() })
      .execute();
    const foreign = await t.call("POST", "/v1/projects", {
      body: { name: "X", organization_id: "org_second" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe("forbidden");
    expect((await t.call("GET", "/v1/projects")).json()).toHaveLength(1);
  });

  it_("creates a key whose secret is returned once and works at once", async () => {
    const created = await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, { body: { name: "ci" } });
    expect(created.statusCode).toBe(200);
    const key = created.json();
    expect(key).toEqual({
      id: expect.stringMatching(/^key_/),
      name: "ci",
      key: expect.stringMatching(/^prl_[A-Za-z0-9]{43}$/),
      created_at: expect.any(String),
    });
    const listed = (await t.call("GET", `/v1/projects/${t.projectId}/api-keys`)).json();
    expect(listed.map((k: { id: string }) => k.id)).toContain(key.id);
    for (const item of listed) {
      expect(Object.keys(item).sort()).toEqual(["created_at", "id", "last_used_at", "name", "role"]);
    }
    expect(JSON.stringify(listed)).not.toContain(key.key);
    const bots = await t.call("GET", "/v1/bots", { key: key.key });
    expect(bots.statusCode).toBe(200);
  });

  it_("stores only a hash of the secret", async () => {
    const key = (
      await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, { body: { name: "x" } })
    ).json();
    const rows = await t.storage.db.selectFrom("api_keys").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key.key);
    expect(JSON.stringify(rows)).not.toContain(t.adminKey);
  });

  it_("deleting a key revokes it at once and hides it from the list", async () => {
    const key = (
      await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, { body: { name: "temp" } })
    ).json();
    expect((await t.call("GET", "/v1/bots", { key: key.key })).statusCode).toBe(200);
    const deleted = await t.call("DELETE", `/v1/projects/${t.projectId}/api-keys/${key.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: key.id, deleted: true });
    const after = await t.call("GET", "/v1/bots", { key: key.key });
    expect(after.statusCode).toBe(401);
    const listed = (await t.call("GET", `/v1/projects/${t.projectId}/api-keys`)).json();
    expect(listed.map((k: { id: string }) => k.id)).not.toContain(key.id);
    const again = await t.call("DELETE", `/v1/projects/${t.projectId}/api-keys/${key.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("api_key_not_found");
  });

  it_("a project key sees only its own project and manages only its own keys", async () => {
    const other = await t.otherProject();
    const projects = (await t.call("GET", "/v1/projects", { key: other.key })).json();
    expect(projects.map((p: { id: string }) => p.id)).toEqual([other.projectId]);

    const createProject = await t.call("POST", "/v1/projects", {
      key: other.key,
      body: { name: "Nope", organization_id: t.organizationId },
    });
    expect(createProject.statusCode).toBe(403);

    const foreignKeys = await t.call("GET", `/v1/projects/${t.projectId}/api-keys`, { key: other.key });
    expect(foreignKeys.statusCode).toBe(403);
    const foreignCreate = await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, {
      key: other.key,
      body: { name: "escalate" },
    });
    expect(foreignCreate.statusCode).toBe(403);
    const adminKeyId = (await t.call("GET", `/v1/projects/${t.projectId}/api-keys`)).json()[0].id;
    const foreignDelete = await t.call("DELETE", `/v1/projects/${t.projectId}/api-keys/${adminKeyId}`, {
      key: other.key,
    });
    expect(foreignDelete.statusCode).toBe(403);

    // Even inside its own project, a project key cannot revoke the organization admin key.
    const sibling = (
      await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, { body: { name: "sibling" } })
    ).json();
    const keys = (await t.call("GET", `/v1/projects/${t.projectId}/api-keys`, { key: sibling.key })).json();
    expect(keys.find((k: { id: string }) => k.id === adminKeyId).role).toBe("admin");
    const demote = await t.call("DELETE", `/v1/projects/${t.projectId}/api-keys/${adminKeyId}`, {
      key: sibling.key,
    });
    expect(demote.statusCode).toBe(403);
    expect((await t.call("GET", "/v1/bots")).statusCode).toBe(200);

    const ownKeys = await t.call("GET", `/v1/projects/${other.projectId}/api-keys`, { key: other.key });
    expect(ownKeys.statusCode).toBe(200);
    const ownCreate = await t.call("POST", `/v1/projects/${other.projectId}/api-keys`, {
      key: other.key,
      body: { name: "second" },
    });
    expect(ownCreate.statusCode).toBe(200);
    expect((await t.call("GET", "/v1/projects", { key: ownCreate.json().key })).json()).toHaveLength(1);
  });

  it_("an admin key manages keys of every project in its organization", async () => {
    const other = await t.otherProject();
    const listed = await t.call("GET", `/v1/projects/${other.projectId}/api-keys`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(1);
    const keyId = listed.json()[0].id;
    expect((await t.call("DELETE", `/v1/projects/${other.projectId}/api-keys/${keyId}`)).statusCode).toBe(
      200,
    );
    expect((await t.call("GET", "/v1/bots", { key: other.key })).statusCode).toBe(401);
  });

  it_(
    "keys of a missing project are 404; a key id of another project is 404 under this project",
    async () => {
      expect((await t.call("GET", "/v1/projects/prj_missing/api-keys")).json().code).toBe(
        "project_not_found",
      );
      const other = await t.otherProject();
      const otherKeyId = (await t.call("GET", `/v1/projects/${other.projectId}/api-keys`)).json()[0].id;
      const wrongParent = await t.call("DELETE", `/v1/projects/${t.projectId}/api-keys/${otherKeyId}`);
      expect(wrongParent.statusCode).toBe(404);
      expect((await t.call("GET", "/v1/bots", { key: other.key })).statusCode).toBe(200);
    },
  );

  it_("validates bodies", async () => {
    const missing = await t.call("POST", "/v1/projects", { body: { name: "X" } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().details[0].path).toBe("organization_id");
    const keyName = await t.call("POST", `/v1/projects/${t.projectId}/api-keys`, { body: { name: "" } });
    expect(keyName.statusCode).toBe(422);
  });
});
