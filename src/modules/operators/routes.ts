import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import type { OperatorsService } from "./operators-service.js";
import {
  availabilityBodySchema,
  changePasswordBodySchema,
  createOperatorBodySchema,
  operatorListSchema,
  operatorParamsSchema,
  operatorSchema,
  sessionSchema,
  signInBodySchema,
  switchProjectBodySchema,
  updateOperatorBodySchema,
} from "./schemas.js";
import { clearedSessionCookie, sessionCookie } from "./session-cookie.js";
import type { SessionsService } from "./sessions-service.js";

const tags = ["Console sessions"];

export interface SessionRoutesDeps {
  sessions: SessionsService;
  /** Cookies get `Secure` when Parley's public URL is https. */
  secureCookies: boolean;
  now(): Date;
}

/** POST /v1/sessions: the one console route without authentication. Mount outside the API guard. */
export function signInRoute(app: App, deps: SessionRoutesDeps): void {
  app.post(
    "/sessions",
    {
      schema: {
        tags,
        operationId: "signIn",
        summary: "Sign in to the console",
        description:
          "Checks an operator's email and password and starts a session: the answer sets the httpOnly cookie " +
          "`parley_session` (SameSite=Strict) and holds the CSRF token to send as `X-CSRF-Token`. " +
          "Attempts are limited per client IP and per email (429).",
        security: [],
        body: signInBodySchema,
        response: {
          200: sessionSchema,
          ...errorResponses({
            401: "`invalid_credentials`: the email or password is wrong.",
            403: "`no_projects`: the account is in no project; `forbidden`: not in the requested one.",
            429: "`rate_limited`: too many sign-in attempts from this IP address or for this email; see Retry-After.",
          }),
        },
      },
    },
    async (request, reply) => {
      const result = await deps.sessions.signIn(request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      reply.header(
        "set-cookie",
        sessionCookie(result.secret, result.expiresAt, deps.now(), deps.secureCookies),
      );
      reply.header("cache-control", "no-store");
      return result.view;
    },
  );
}

/** The signed-in person's session. Mount under the guarded /v1 prefix. */
export function sessionRoutes(app: App, deps: SessionRoutesDeps): void {
  const { sessions } = deps;
  app.get(
    "/session",
    {
      schema: {
        tags,
        operationId: "getSession",
        summary: "The current console session",
        description: "400 `not_a_session` when called with an API key.",
        response: {
          200: sessionSchema,
          ...errorResponses({ 400: "`not_a_session`: called with an API key, which has no session." }),
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return sessions.view(authOf(request));
    },
  );

  app.post(
    "/session/project",
    {
      schema: {
        tags,
        operationId: "switchSessionProject",
        summary: "Switch the session to another of the person's projects",
        body: switchProjectBodySchema,
        response: {
          200: sessionSchema,
          ...errorResponses({
            400: "`not_a_session`: called with an API key, which has no session.",
            403: "`forbidden`: the person is not a member of that project.",
          }),
        },
      },
    },
    async (request) => sessions.switchProject(authOf(request), request.body.project_id),
  );

  app.post(
    "/session/sign-out",
    {
      schema: {
        tags,
        operationId: "signOut",
        summary: "Sign out: the session ends everywhere at once",
        response: {
          204: z.null().describe("Signed out; the cookie is cleared."),
          ...errorResponses({ 400: "`not_a_session`: called with an API key, which has no session." }),
        },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      await sessions.signOut(authOf(request));
      reply.header("set-cookie", clearedSessionCookie(deps.secureCookies));
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/session/password",
    {
      schema: {
        tags,
        operationId: "changePassword",
        summary: "Change your own password",
        description: "Your other sessions end; this one goes on.",
        body: changePasswordBodySchema,
        response: {
          204: z.null().describe("Changed."),
          ...errorResponses({ 400: "`not_a_session`: called with an API key, which has no session." }),
        },
      },
    },
    async (request, reply) => {
      await sessions.changePassword(
        authOf(request),
        request.body.current_password,
        request.body.new_password,
      );
      return reply.code(204).send(null);
    },
  );
}

const operatorTags = ["Operators"];

/** The people of the project. Mount under the guarded /v1 prefix. */
export function operatorRoutes(app: App, operators: OperatorsService): void {
  app.get(
    "/operators",
    {
      schema: {
        tags: operatorTags,
        operationId: "listOperators",
        summary: "List the project's operators",
        response: { 200: operatorListSchema },
      },
    },
    async (request) => operators.list(authOf(request)),
  );

  app.post(
    "/operators",
    {
      schema: {
        tags: operatorTags,
        operationId: "createOperator",
        summary: "Add a person to the project",
        description:
          "Creates an account (email, name, password) in the organization and makes it a member of the project; " +
          "an email that already has an account in the organization is added without a password. " +
          "Admins only (an admin session or an API key). 409 `operator_exists`, `account_exists`.",
        body: createOperatorBodySchema,
        response: {
          200: operatorSchema,
          ...errorResponses({
            409: "`operator_exists`: already a member of the project; `account_exists`: the email has an account in the organization, add it without a password.",
          }),
        },
      },
    },
    async (request) => operators.create(authOf(request), request.body),
  );

  app.get(
    "/operators/:operator_id",
    {
      schema: {
        tags: operatorTags,
        operationId: "getOperator",
        summary: "Get an operator of the project",
        params: operatorParamsSchema,
        response: { 200: operatorSchema },
      },
    },
    async (request) => operators.get(authOf(request), request.params.operator_id),
  );

  app.post(
    "/operators/:operator_id",
    {
      schema: {
        tags: operatorTags,
        operationId: "updateOperator",
        summary: "Rename, change the role of, or set the password of an operator",
        description:
          "Admins only. 409 `last_admin` (a project keeps one admin), `operator_shared` (a password of a person " +
          "in other projects is theirs to change).",
        params: operatorParamsSchema,
        body: updateOperatorBodySchema,
        response: {
          200: operatorSchema,
          ...errorResponses({
            409: "`last_admin`: a project keeps at least one admin; `operator_shared`: the password of a person in other projects is theirs to change.",
          }),
        },
      },
    },
    async (request) => operators.update(authOf(request), request.params.operator_id, request.body),
  );

  app.post(
    "/operators/:operator_id/delete",
    {
      schema: {
        tags: operatorTags,
        operationId: "deleteOperator",
        summary: "Remove a person from the project",
        description:
          "Their sessions in the project end at once and their threads are unassigned; the account stays for " +
          "other projects. Admins only; 409 `last_admin`.",
        params: operatorParamsSchema,
        response: {
          200: deletedSchema,
          ...errorResponses({ 409: "`last_admin`: a project keeps at least one admin." }),
        },
      },
    },
    async (request) => operators.remove(authOf(request), request.params.operator_id),
  );

  app.post(
    "/operators/me/availability",
    {
      schema: {
        tags: operatorTags,
        operationId: "setMyAvailability",
        summary: "Set your own availability",
        description:
          "`online`, `busy` or `offline` (docs/routing.md). Set online, routing assigns you conversations queued " +
          "for you, up to your capacity. A console session only (400 `validation_failed` with an API key).",
        body: availabilityBodySchema,
        response: { 200: operatorSchema },
      },
    },
    async (request) => operators.setAvailability(authOf(request), "me", request.body.availability),
  );

  app.post(
    "/operators/:operator_id/availability",
    {
      schema: {
        tags: operatorTags,
        operationId: "setOperatorAvailability",
        summary: "Set an operator's availability",
        description:
          "Admins (an admin session or an API key) for anyone; an operator for themselves (docs/routing.md).",
        params: operatorParamsSchema,
        body: availabilityBodySchema,
        response: { 200: operatorSchema },
      },
    },
    async (request) =>
      operators.setAvailability(authOf(request), request.params.operator_id, request.body.availability),
  );
}
