import type { LightMyRequestResponse } from "fastify";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from "./test-app.js";

/** A signed-in console session: its cookie and CSRF token, and a caller that sends both. */
export interface ConsoleSession {
  cookie: string;
  csrf: string;
  body: { id: string; role: string; user: { id: string; name: string }; projects: Array<{ id: string }> };
  call(
    method: "GET" | "POST",
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

export async function signIn(
  t: TestApp,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
): Promise<ConsoleSession> {
  const response = await t.call("POST", "/v1/sessions", { key: null, body: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const setCookie = String(response.headers["set-cookie"]);
  const cookie = setCookie.split(";")[0]!;
  const body = response.json();
  return {
    cookie,
    csrf: body.csrf_token,
    body,
    call: (method, url, payload, headers = {}) =>
      t.call(method, url, {
        key: null,
        ...(payload !== undefined ? { body: payload } : {}),
        headers: { cookie, "x-csrf-token": body.csrf_token, ...headers },
      }),
  };
}
