import { afterEach, describe, expect, it } from "vitest";
import { signIn } from "../../helpers/console-session.js";
import { DIALECTS, shouldSkip } from "../../helpers/dialects.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../helpers/test-app.js";

describe.each(DIALECTS)("console people and sessions on %s", (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const it_ = it.skipIf(shouldSkip(dialect));

  let now = Date.parse("2026-11-25T10:00:00Z");
  async function setup(env: Record<string, string> = {}) {
    now = Date.parse("2026-11-25T10:00:00Z");
    t = await createTestApp({ dialect, clock: { now: () => new Date(now) }, env });
    return t;
  }

  const addOperator = async (admin: Awaited<ReturnType<typeof signIn>>, email: string, role = "operator") => {
    const response = await admin.call("POST", "/v1/operators", {
      email,
      name: email.split("@")[0],
      password: "operator-password",
      role,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string; email: string; role: string };
  };

  it_(
    "signs in with the right password only; the cookie is httpOnly and SameSite; no secret comes back",
    async () => {
      const t = await setup();
      const wrong = await t.call("POST", "/v1/sessions", {
        key: null,
        body: { email: ADMIN_EMAIL, password: "not-the-password" },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe("invalid_credentials");
      expect(wrong.headers["set-cookie"]).toBeUndefined();
      const unknown = await t.call("POST", "/v1/sessions", {
        key: null,
        body: { email: "nobody@example.com", password: ADMIN_PASSWORD },
      });
      expect(unknown.json()).toEqual(wrong.json());

      const ok = await t.call("POST", "/v1/sessions", {
        key: null,
        body: { email: ` ${ADMIN_EMAIL.toUpperCase()} `, password: ADMIN_PASSWORD },
      });
      expect(ok.statusCode).toBe(200);
      const cookie = String(ok.headers["set-cookie"]);
      expect(cookie).toMatch(/^parley_session=pss_[\w-]{43}; /);
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Strict");
      expect(cookie).toContain("Path=/");
      expect(cookie).toContain("Max-Age=43200");
      expect(ok.json()).toMatchObject({
        role: "admin",
        user: { email: ADMIN_EMAIL },
        project: { id: t.projectId },
      });
      expect(JSON.stringify(ok.json())).not.toMatch(/password|scrypt/);

      const session = await signIn(t);
      expect((await session.call("GET", "/v1/session")).json().user.email).toBe(ADMIN_EMAIL);
      expect((await t.call("GET", "/v1/session", { key: null })).statusCode).toBe(401);
      // An API key has no session.
      expect((await t.call("GET", "/v1/session")).json().code).toBe("not_a_session");
    },
  );

  it_("refuses a state change without the session's CSRF token", async () => {
    const t = await setup();
    const session = await signIn(t);
    const noToken = await t.call("POST", "/v1/bots", {
      key: null,
      body: { name: "B" },
      headers: { cookie: session.cookie },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe("csrf_failed");
    const other = await signIn(t);
    const wrongToken = await session.call("POST", "/v1/bots", { name: "B" }, { "x-csrf-token": other.csrf });
    expect(wrongToken.json().code).toBe("csrf_failed");
    expect((await t.call("GET", "/v1/bots")).json()).toEqual([]);
    const ok = await session.call("POST", "/v1/bots", { name: "B" });
    expect(ok.statusCode).toBe(200);
  });

  it_("an admin adds an operator, who may work with threads and read bots, and nothing else", async () => {
    const t = await setup();
    const admin = await signIn(t);
    const operator = await addOperator(admin, "olga@example.com");
    expect(operator).toMatchObject({ email: "olga@example.com", role: "operator", last_sign_in_at: null });
    expect(JSON.stringify(operator)).not.toMatch(/password/);
    const again = await admin.call("POST", "/v1/operators", {
      email: "OLGA@example.com",
      name: "Olga",
      password: "operator-password",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("operator_exists");
    const short = await admin.call("POST", "/v1/operators", {
      email: "x@example.com",
      name: "X",
      password: "short",
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().details[0].path).toBe("password");

    const olga = await signIn(t, "olga@example.com", "operator-password");
    expect(olga.body.role).toBe("operator");
    expect((await olga.call("GET", "/v1/threads")).statusCode).toBe(200);
    expect((await olga.call("GET", "/v1/bots")).statusCode).toBe(200);
    expect((await olga.call("GET", "/v1/operators")).json().data).toHaveLength(2);
    for (const [method, url, body] of [
      ["POST", "/v1/bots", { name: "No" }],
      ["GET", "/v1/integrations", undefined],
      ["GET", "/v1/webhook-endpoints", undefined],
      ["POST", "/v1/operators", { email: "y@example.com", name: "Y", password: "operator-password" }],
      ["GET", `/v1/projects/${t.projectId}/api-keys`, undefined],
    ] as const) {
      const refused = await olga.call(method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().code).toBe("forbidden");
    }
    // An API key keeps working for automation.
    expect((await t.call("GET", "/v1/operators")).json().data).toHaveLength(2);
  });

  it_("sessions expire, end at sign-out, and end when the person leaves the project", async () => {
    const t = await setup({ PARLEY_SESSION_TTL_HOURS: "1" });
    const admin = await signIn(t);
    now += 59 * 60 * 1000;
    expect((await admin.call("GET", "/v1/session")).statusCode).toBe(200);
    now += 2 * 60 * 1000;
    const expired = await admin.call("GET", "/v1/session");
    expect(expired.statusCode).toBe(401);

    const second = await signIn(t);
    const out = await second.call("POST", "/v1/session/sign-out");
    expect(out.statusCode).toBe(204);
    expect(String(out.headers["set-cookie"])).toContain("Max-Age=0");
    expect((await second.call("GET", "/v1/session")).statusCode).toBe(401);

    const third = await signIn(t);
    await addOperator(third, "ivan@example.com");
    const ivan = await signIn(t, "ivan@example.com", "operator-password");
    const ivanId = ivan.body.user.id;
    expect((await third.call("POST", `/v1/operators/${ivanId}/delete`)).json()).toEqual({
      id: ivanId,
      deleted: true,
    });
    expect((await ivan.call("GET", "/v1/threads")).statusCode).toBe(401);
  });

  it_("passwords: a reset ends the person's sessions; one's own change needs the current one", async () => {
    const t = await setup();
    const admin = await signIn(t);
    const op = await addOperator(admin, "pat@example.com");
    const pat = await signIn(t, "pat@example.com", "operator-password");
    const reset = await admin.call("POST", `/v1/operators/${op.id}`, { password: "brand-new-password" });
    expect(reset.statusCode).toBe(200);
    expect((await pat.call("GET", "/v1/threads")).statusCode).toBe(401);
    const patAgain = await signIn(t, "pat@example.com", "brand-new-password");

    const wrong = await patAgain.call("POST", "/v1/session/password", {
      current_password: "nope-nope-nope",
      new_password: "another-password",
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().details[0].path).toBe("current_password");
    const otherSession = await signIn(t, "pat@example.com", "brand-new-password");
    const changed = await patAgain.call("POST", "/v1/session/password", {
      current_password: "brand-new-password",
      new_password: "another-password",
    });
    expect(changed.statusCode).toBe(204);
    expect((await patAgain.call("GET", "/v1/session")).statusCode).toBe(200);
    expect((await otherSession.call("GET", "/v1/session")).statusCode).toBe(401);
    await signIn(t, "pat@example.com", "another-password");
  });

  it_("a project keeps an admin; roles change at once", async () => {
    const t = await setup();
    const admin = await signIn(t);
    const demote = await admin.call("POST", `/v1/operators/${admin.body.user.id}`, { role: "operator" });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe("last_admin");
    expect((await admin.call("POST", `/v1/operators/${admin.body.user.id}/delete`)).json().code).toBe(
      "last_admin",
    );

    const op = await addOperator(admin, "rita@example.com");
    const rita = await signIn(t, "rita@example.com", "operator-password");
    expect((await rita.call("GET", "/v1/integrations")).statusCode).toBe(403);
    await admin.call("POST", `/v1/operators/${op.id}`, { role: "admin" });
    expect((await rita.call("GET", "/v1/integrations")).statusCode).toBe(200);
    expect((await rita.call("GET", "/v1/session")).json().role).toBe("admin");
  });

  it_("sign-in attempts are limited per email", async () => {
    const t = await setup();
    const attempt = () =>
      t.call("POST", "/v1/sessions", {
        key: null,
        body: { email: "victim@example.com", password: "guess-guess" },
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });

  it_("another project's people are invisible and untouchable", async () => {
    const t = await setup();
    const admin = await signIn(t);
    const op = await addOperator(admin, "zoe@example.com");
    const other = await t.otherProject();
    expect((await t.call("GET", "/v1/operators", { key: other.key })).json().data).toEqual([]);
    const touch = await t.call("POST", `/v1/operators/${op.id}`, { key: other.key, body: { name: "Mine" } });
    expect(touch.statusCode).toBe(404);
    // The same account can be added to the other project without a password, and keeps its own.
    const added = await t.call("POST", "/v1/operators", {
      key: other.key,
      body: { email: "zoe@example.com", name: "Zoe", role: "admin" },
    });
    expect(added.statusCode).toBe(200);
    const withPassword = await t.call("POST", "/v1/operators", {
      key: other.key,
      body: { email: "zoe@example.com", name: "Zoe", password: "another-password" },
    });
    expect(withPassword.json().code).toBe("operator_exists");
    // A person in two projects: neither admin may set their password.
    const reset = await admin.call("POST", `/v1/operators/${op.id}`, { password: "hijacked-password" });
    expect(reset.json().code).toBe("operator_shared");
    const zoe = await signIn(t, "zoe@example.com", "operator-password");
    expect(zoe.body.projects.map((p: { id: string }) => p.id).sort()).toEqual(
      [t.projectId, other.projectId].sort(),
    );
    const switched = await zoe.call("POST", "/v1/session/project", { project_id: other.projectId });
    expect(switched.json()).toMatchObject({ project: { id: other.projectId }, role: "admin" });
    expect((await zoe.call("GET", "/v1/integrations")).statusCode).toBe(200);
  });
});
