import { authOf } from "../../infra/api-guard.js";
import { deletedSchema } from "../../infra/common-schemas.js";
import { errorResponses } from "../../infra/error-responses.js";
import type { App } from "../../infra/http-types.js";
import { turnTraceSchema } from "../traces/index.js";
import type { CasesService } from "./cases-service.js";
import type { RunsService } from "./runs-service.js";
import {
  botParamsSchema,
  caseFromFeedbackBodySchema,
  caseFromThreadBodySchema,
  caseParamsSchema,
  compareQuerySchema,
  compareSchema,
  createCaseBodySchema,
  createRunBodySchema,
  evalCaseListSchema,
  evalCaseSchema,
  evalRunListSchema,
  evalRunSchema,
  evalRunWithResultsSchema,
  pageQuerySchema,
  resultParamsSchema,
  runParamsSchema,
  updateCaseBodySchema,
} from "./schemas.js";

const tags = ["Evaluations"];
const CASES = "/bots/:bot_id/evals/cases";
const RUNS = "/bots/:bot_id/evals/runs";
const CASE_404 = "`bot_not_found`, `eval_case_not_found`.";
const RUN_404 = "`bot_not_found`, `eval_run_not_found`.";
const FROM_404 =
  "`bot_not_found`; `thread_not_found` (none in the project: another project's thread reads the same), `message_not_found`.";
const FROM_409 = "`eval_case_limit_reached`: the bot has the most cases it may have (500).";

/** Evaluations under /v1 (docs/quality.md, "Evaluations"); project admins only, as bots' settings. */
export function evalRoutes(app: App, cases: CasesService, runs: RunsService): void {
  app.get(
    CASES,
    {
      schema: {
        tags,
        operationId: "listEvalCases",
        summary: "A bot's evaluation cases, newest first",
        params: botParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: evalCaseListSchema },
      },
    },
    async (request) => cases.list(authOf(request), request.params.bot_id, request.query),
  );

  app.post(
    CASES,
    {
      schema: {
        tags,
        operationId: "createEvalCase",
        summary: "Write an evaluation case",
        description:
          "A conversation that ends with a user message (at most 50 messages of at most 8,000 characters) and at " +
          "most 20 expectations of its answer.",
        params: botParamsSchema,
        body: createCaseBodySchema,
        response: { 200: evalCaseSchema, ...errorResponses({ 409: FROM_409 }) },
      },
    },
    async (request) => cases.create(authOf(request), request.params.bot_id, request.body),
  );

  app.post(
    `${CASES}/from_thread`,
    {
      schema: {
        tags,
        operationId: "createEvalCaseFromThread",
        summary: "Save a thread's conversation as an evaluation case",
        description:
          "The conversation before `message_id` (a bot message), or up to the thread's last user message: the " +
          "person's messages and the replies, without tool steps; the last 50.",
        params: botParamsSchema,
        body: caseFromThreadBodySchema,
        response: {
          200: evalCaseSchema,
          ...errorResponses({
            404: FROM_404,
            409: FROM_409,
            422: "`not_a_bot_message`: `message_id` is not the bot's answer; `no_user_message`: nothing to answer before it.",
          }),
        },
      },
    },
    async (request) => cases.fromThread(authOf(request), request.params.bot_id, request.body),
  );

  app.post(
    `${CASES}/from_feedback`,
    {
      schema: {
        tags,
        operationId: "createEvalCaseFromFeedback",
        summary: "Save a rated answer's conversation as an evaluation case",
        description:
          'The conversation before the rated bot message; a 👎 with a correction becomes the rubric "says what this ' +
          'better answer says: …" (docs/quality.md, "Evaluations").',
        params: botParamsSchema,
        body: caseFromFeedbackBodySchema,
        response: {
          200: evalCaseSchema,
          ...errorResponses({
            404: `${FROM_404} \`feedback_not_found\`: nobody rated the message.`,
            409: FROM_409,
            422: "`not_a_bot_message`, `no_user_message`.",
          }),
        },
      },
    },
    async (request) => cases.fromFeedback(authOf(request), request.params.bot_id, request.body),
  );

  app.get(
    `${CASES}/:case_id`,
    {
      schema: {
        tags,
        operationId: "getEvalCase",
        summary: "Get an evaluation case",
        params: caseParamsSchema,
        response: { 200: evalCaseSchema, ...errorResponses({ 404: CASE_404 }) },
      },
    },
    async (request) => cases.get(authOf(request), request.params.bot_id, request.params.case_id),
  );

  app.post(
    `${CASES}/:case_id`,
    {
      schema: {
        tags,
        operationId: "updateEvalCase",
        summary: "Change an evaluation case",
        description:
          "Each field given replaces the case's (`messages`, `expectations` and `tool_results` whole).",
        params: caseParamsSchema,
        body: updateCaseBodySchema,
        response: { 200: evalCaseSchema, ...errorResponses({ 404: CASE_404 }) },
      },
    },
    async (request) =>
      cases.update(authOf(request), request.params.bot_id, request.params.case_id, request.body),
  );

  app.post(
    `${CASES}/:case_id/delete`,
    {
      schema: {
        tags,
        operationId: "deleteEvalCase",
        summary: "Delete an evaluation case",
        description: "Past runs keep their results of it.",
        params: caseParamsSchema,
        response: { 200: deletedSchema, ...errorResponses({ 404: CASE_404 }) },
      },
    },
    async (request) => cases.remove(authOf(request), request.params.bot_id, request.params.case_id),
  );

  app.post(
    RUNS,
    {
      schema: {
        tags,
        operationId: "createEvalRun",
        summary: "Run evaluation cases against a version of the bot",
        description:
          "Queued, then run in the background, two cases at a time; GET the run for its results. Each case is " +
          "one turn in memory: no thread, no stored message, no webhook, no credits charged (the usage is " +
          'reported). Built-in tools run; other tools are not run (docs/quality.md, "Evaluations").',
        params: botParamsSchema,
        body: createRunBodySchema,
        response: {
          200: evalRunSchema,
          ...errorResponses({
            404: "`bot_not_found`, `version_not_found`.",
            422:
              "`no_cases`: the bot has no cases; `model_unavailable`: the model or judge model is not in the catalog " +
              "or not configured; `validation_failed`: a case id is not the bot's.",
          }),
        },
      },
    },
    async (request) => runs.create(authOf(request), request.params.bot_id, request.body),
  );

  app.get(
    RUNS,
    {
      schema: {
        tags,
        operationId: "listEvalRuns",
        summary: "A bot's evaluation runs, newest first",
        params: botParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: evalRunListSchema },
      },
    },
    async (request) => runs.list(authOf(request), request.params.bot_id, request.query),
  );

  app.get(
    `${RUNS}/:run_id`,
    {
      schema: {
        tags,
        operationId: "getEvalRun",
        summary: "An evaluation run with its results",
        params: runParamsSchema,
        response: { 200: evalRunWithResultsSchema, ...errorResponses({ 404: RUN_404 }) },
      },
    },
    async (request) => runs.get(authOf(request), request.params.bot_id, request.params.run_id),
  );

  app.get(
    `${RUNS}/:run_id/results/:case_id/trace`,
    {
      schema: {
        tags,
        operationId: "getEvalResultTrace",
        summary: "The trace of a case's turn in a run",
        description: "As a thread's trace, with `thread_id` null and no messages, credits or feedback.",
        params: resultParamsSchema,
        response: {
          200: turnTraceSchema,
          ...errorResponses({
            404: `${RUN_404} \`eval_result_not_found\`: the case has no result in the run (yet).`,
          }),
        },
      },
    },
    async (request) =>
      runs.trace(authOf(request), request.params.bot_id, request.params.run_id, request.params.case_id),
  );

  app.get(
    "/bots/:bot_id/evals/compare",
    {
      schema: {
        tags,
        operationId: "compareEvalRuns",
        summary: "Two runs of the bot side by side",
        description:
          "Each case with a result in either run: `fixed` (passes in head only), `broken` (passes in base only), " +
          "`same`, `added` (in head only), `removed` (in base only).",
        params: botParamsSchema,
        querystring: compareQuerySchema,
        response: { 200: compareSchema, ...errorResponses({ 404: RUN_404 }) },
      },
    },
    async (request) =>
      runs.compare(authOf(request), request.params.bot_id, request.query.base, request.query.head),
  );
}
