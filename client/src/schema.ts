/**
 * Generated from Parley's OpenAPI document by openapi-typescript: do not edit.
 * Regenerate with `npm run client:generate`; a test fails while this file is out of date
 * (test/client/generated-files.test.ts).
 */

export interface paths {
  "/v1/analytics": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get conversation analytics
     * @description The project's conversations over a range of days in a time zone, as totals and one bucket per day (at most 366 days; the last 30 by default), optionally of one bot or one channel. Read from rollups kept in the transactions of the events they count, so a request costs the same whatever the number of messages (docs/quality.md, "Analytics"). 422 `validation_failed` for an unknown time zone, `from` before 1970-01-02 or after `to`, or a longer range.
     */
    get: operations["getAnalytics"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/analytics.csv": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export conversation analytics as CSV
     * @description The project's conversations over a range of days in a time zone, as totals and one bucket per day (at most 366 days; the last 30 by default), optionally of one bot or one channel. Read from rollups kept in the transactions of the events they count, so a request costs the same whatever the number of messages (docs/quality.md, "Analytics"). 422 `validation_failed` for an unknown time zone, `from` before 1970-01-02 or after `to`, or a longer range. One line per day, with the columns of `AnalyticsDay` flattened (`first_response_bot_p50_ms`, `cost_credits`, …); sent as a download (Content-Disposition).
     */
    get: operations["exportAnalyticsCsv"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/billing/account": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get the project's billing account
     * @description Created on first use with the welcome bonus (docs/billing.md). Says whether credits are enforced and whether offers can be bought on this server.
     */
    get: operations["getBillingAccount"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/billing/balance": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get the project's balance */
    get: operations["getBillingBalance"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/billing/invoices": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the project's invoices
     * @description Newest first.
     */
    get: operations["listInvoices"];
    put?: never;
    /**
     * Create an invoice for an offer
     * @description A `pending` invoice and the URL where it is paid. `credits` chooses the amount on offers with `custom_credits`. The project is credited when the payment provider confirms the payment (docs/billing.md, "Payments").
     */
    post: operations["createInvoice"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/billing/offers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the offers
     * @description Subscription plans and one-time top-ups (PARLEY_BILLING_OFFERS).
     */
    get: operations["listBillingOffers"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/billing/transactions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the project's transactions
     * @description Newest first. Every change of the balance is one transaction: the sum of all of them is `credits + bonus`.
     */
    get: operations["listBillingTransactions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the project's bots */
    get: operations["listBots"];
    put?: never;
    /**
     * Create a bot
     * @description A new bot is `active` and starts with the default settings (see GET /v1/bots/{bot_id}/settings).
     */
    post: operations["createBot"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a bot */
    get: operations["getBot"];
    put?: never;
    /** Update a bot's name or description */
    post: operations["updateBot"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/clone": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Clone a bot
     * @description Creates a new `active` bot with an independent copy of the settings.
     */
    post: operations["cloneBot"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Delete a bot */
    post: operations["deleteBot"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/draft": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get the bot's draft
     * @description Without a draft, `version` is null and the settings are the published ones.
     */
    get: operations["getBotDraft"];
    put?: never;
    /**
     * Change the draft (deep partial merge)
     * @description The same patch as POST /v1/bots/{bot_id}/settings, merged into the draft (begun from the published settings when there is none). Each change is a new version that does not answer customers until published; chats with `bot_version: draft` (the console's Try it) answer with it.
     */
    post: operations["updateBotDraft"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/draft/discard": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Drop the draft (its versions stay in the history) */
    post: operations["discardBotDraft"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/evals/cases": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A bot's evaluation cases, newest first */
    get: operations["listEvalCases"];
    put?: never;
    /**
     * Write an evaluation case
     * @description A conversation that ends with a user message (at most 50 messages of at most 8,000 characters) and at most 20 expectations of its answer.
     */
    post: operations["createEvalCase"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/evals/cases/{case_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get an evaluation case */
    get: operations["getEvalCase"];
    put?: never;
    /**
     * Change an evaluation case
     * @description Each field given replaces the case's (`messages`, `expectations` and `tool_results` whole).
     */
    post: operations["updateEvalCase"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/evals/cases/{case_id}/delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete an evaluation case
     * @description Past runs keep their results of it.
     */
    post: operations["deleteEvalCase"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/evals/cases/from_feedback": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Save a rated answer's conversation as an evaluation case
     * @description The conversation before the rated bot message; a 👎 with a correction becomes the rubric "says what this better answer says: …" (docs/quality.md, "Evaluations").
     */
    post: operations["createEvalCaseFromFeedback"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/evals/cases/from_thread": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Save a thread's conversation as an evaluation case
     * @description The conversation before `message_id` (a bot message), or up to the thread's last user message: the person's messages and the replies, without tool steps; the last 50.
     */
    post: operations["createEvalCaseFromThread"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/evals/compare": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Two runs of the bot side by side
     * @description Each case with a result in either run: `fixed` (passes in head only), `broken` (passes in base only), `same`, `added` (in head only), `removed` (in base only).
     */
    get: operations["compareEvalRuns"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/evals/runs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A bot's evaluation runs, newest first */
    get: operations["listEvalRuns"];
    put?: never;
    /**
     * Run evaluation cases against a version of the bot
     * @description Queued, then run in the background, two cases at a time; GET the run for its results. Each case is one turn in memory: no thread, no stored message, no webhook, no credits charged (the usage is reported). Built-in tools run; other tools are not run (docs/quality.md, "Evaluations").
     */
    post: operations["createEvalRun"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/evals/runs/{run_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An evaluation run with its results */
    get: operations["getEvalRun"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/evals/runs/{run_id}/results/{case_id}/trace": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The trace of a case's turn in a run
     * @description As a thread's trace, with `thread_id` null and no messages, credits or feedback.
     */
    get: operations["getEvalResultTrace"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/publish": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Publish the draft, or a version by number
     * @description The version answers customers from now on; `bot.published` is sent. With `publish_requires_evals`, the version needs a passing evaluation run of its own settings and model first.
     */
    post: operations["publishBotVersion"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/rollback": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Go back to a version that was published before
     * @description Default: the version published before the current one. Not gated; the draft is kept.
     */
    post: operations["rollbackBotVersion"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/settings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a bot's settings
     * @description Every field is present; unset model parameters are null (the provider's default applies).
     */
    get: operations["getBotSettings"];
    put?: never;
    /**
     * Update a bot's settings (deep partial merge)
     * @description Only the fields sent change. `null` clears a model parameter or removes a tool from `ai.tools`. Unknown fields are refused with 422. `ai.knowledge.vectorStoreIds` naming a store that is not one of the project's is 422 `unknown_vector_store`. Returns the whole settings document after the merge.
     */
    post: operations["updateBotSettings"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/status": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set a bot's status */
    post: operations["setBotStatus"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/versions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a bot's versions, newest first */
    get: operations["listBotVersions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/versions/{version}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a version with its settings */
    get: operations["getBotVersion"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/bots/{bot_id}/versions/diff": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What changed between two versions
     * @description Default: from the published version to the draft.
     */
    get: operations["diffBotVersions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/business_hours": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The project's business hours
     * @description Never set: the defaults (off, `UTC`, closed every day, no message) with `updated_at` null.
     */
    get: operations["getBusinessHours"];
    put?: never;
    /**
     * Replace the project's business hours
     * @description Replaces the whole setting. 422 names the field: a time zone Intl does not know, a time that is not HH:MM, an interval that ends before it starts or overlaps another of its day, a holiday that is not a date, a message without `default`.
     */
    post: operations["replaceBusinessHours"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/business_hours/status": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether people are in, and when they next open and close
     * @description At `at` (default: now). Both the next opening and the next closing after `at` are given: open, the closing comes first; closed, the opening. While business hours are off: open, both null.
     */
    get: operations["getBusinessHoursStatus"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/canned_responses": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the project's canned responses
     * @description By short code, `limit` at a time (default 50); `q` keeps those whose short code, title or content contains it, case-insensitively.
     */
    get: operations["listCannedResponses"];
    put?: never;
    /**
     * Create a canned response
     * @description The short code is stored lowercased and is unique in the project. Placeholders in `content` are checked: an unknown variable or a malformed placeholder is 422 naming it.
     */
    post: operations["createCannedResponse"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/canned_responses/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a canned response */
    get: operations["getCannedResponse"];
    put?: never;
    /**
     * Update a canned response
     * @description Only the fields sent change; `title: null` clears the title.
     */
    post: operations["updateCannedResponse"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/canned_responses/{id}/delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Delete a canned response */
    post: operations["deleteCannedResponse"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/canned_responses/{id}/render": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Fill a canned response's variables for a thread
     * @description Plain substitution: `contact.*` from the thread's person, `operator.name` from the signed-in operator (none with an API key), `bot.name` from the thread's bot, `project.name`. A variable without a value takes its fallback (`{{contact.name|there}}`), else becomes empty. Nothing is sent.
     */
    post: operations["renderCannedResponse"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/chats": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the project's chats
     * @description Every chat of every integration of the project, oldest first.
     */
    get: operations["listChats"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/chats/{chat_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a chat */
    get: operations["getChat"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/chats/{chat_id}/threads": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A chat's threads */
    get: operations["listChatThreads"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/chats/{chat_id}/threads/{thread_id}/delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Delete a thread and its messages */
    post: operations["deleteThread"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/chats/{chat_id}/threads/{thread_id}/messages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A thread's full message history (chat path) */
    get: operations["listChatThreadMessages"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/chats/{chat_id}/threads/{thread_id}/mode": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a thread's mode (chat path)
     * @description `auto`: the AI answers; `manual`/`operator`: a person answers, the AI is paused; `blocked`: nothing is sent. Raises `mode_changed`. Back to `auto`, unanswered user messages are answered by the AI.
     */
    post: operations["setChatThreadMode"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/chats/{chat_id}/threads/{thread_id}/stream": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Talk to the bot: store user messages and stream the reply
     * @description Stores the user's messages in the thread (created on first use) and streams the AI's
     *     reply as server-sent events. Default protocol (`?protocol=data`): each SSE `data` is one JSON object:
     *     `text-delta` {textDelta}, `tool-call` {toolCallId, toolName, args}, `tool-result` {toolCallId, toolName,
     *     result}, `finish` {finishReason: stop | tool-calls | length, message_id, thread_id}, or `error` {code, message}.
     *     `?protocol=ui` speaks the AI SDK UI message stream protocol (for `useChat`). In a mode other than `auto`
     *     (or when the chat, bot or integration is not active) the messages are stored and the stream holds a single
     *     `finish`. With `scheduledAt` in the future the answer is 202 JSON and the reply comes later as a
     *     `message_created` event. The reply is stored even if the client disconnects.
     *
     *     **Blocking mode.** With `Accept: application/json` the same turn runs and the answer is one JSON object
     *     (ReplyResult: the stored reply message, the text, tool calls and results, finish reason, usage). A failed turn is then
     *     an error status instead of an `error` event: 402 `insufficient_credits`, 422 `model_unavailable`, 502
     *     `model_error`, 504 `model_timeout` (the user's messages stay stored). Idempotency-Key replays answer the same body.
     *
     *     **Tool approvals with useChat.** A `user_approve` call appears as `tool-approval-request`; the AI SDK's
     *     `addToolApprovalResponse` (sent back with the conversation) decides it as a typed yes/no would, and the reply goes
     *     on in the same assistant message. See docs/conversations.md.
     */
    post: operations["streamThreadReply"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/chats/{chat_id}/widget": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A `parley` chat's web widget settings and embed snippet */
    get: operations["getWidgetSettings"];
    put?: never;
    /**
     * Change the web widget's allowed origins, look and identity rule
     * @description Only the fields sent change. 409 `not_a_widget_chat` for chats of other vendors.
     */
    post: operations["updateWidgetSettings"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/chats/{chat_id}/widget/identity-secret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make a new identity secret (shown once; the old one stops working)
     * @description The site's server signs each signed-in user's id with it: `hex(HMAC-SHA256(secret, user_id))`, passed to the widget as `data-user-signature` (docs/widget.md).
     */
    post: operations["rotateWidgetIdentitySecret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/contacts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List and search contacts
     * @description Newest first; contacts merged into another are left out. `q` matches part of the name, email, phone, external id or vendor user id, case-insensitively.
     */
    get: operations["listContacts"];
    put?: never;
    /**
     * Create a contact
     * @description A person the team knows before they write. With `external_id`, the stream endpoint's `person.external_id` of that value reaches this contact.
     */
    post: operations["createContact"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/contacts/{contact_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a contact */
    get: operations["getContact"];
    put?: never;
    /**
     * Update a contact
     * @description Only the fields sent change (`null` clears one); `attributes` sets the keys it names and removes those sent as `null`.
     */
    post: operations["updateContact"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/contacts/{contact_id}/delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete a contact
     * @description With the contacts merged into it and what semantic recall kept of them. Their threads stay, without a person; a later message from one of their identities starts a new contact.
     */
    post: operations["deleteContact"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/contacts/{contact_id}/labels": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A contact's labels */
    get: operations["listContactLabels"];
    put?: never;
    /**
     * Put labels on a contact
     * @description Answers the contact's labels; a label the contact carries already stays as it is.
     */
    post: operations["addContactLabels"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/contacts/{contact_id}/labels/remove": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Take labels off a contact
     * @description Answers the contact's labels.
     */
    post: operations["removeContactLabels"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/contacts/{contact_id}/merge": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Merge another contact into this one
     * @description The other contact's threads (with their working memory) and semantic-recall memory move here; its fields fill this contact's empty ones (this contact's values win; attributes key by key); its identities (external id, vendor users) reach this contact from now on, and it is no longer listed (GET answers 404 `contact_merged`). Sending the same merge again answers the same. Emits `contact.merged`.
     */
    post: operations["mergeContact"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/contacts/{contact_id}/threads": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a contact's conversations in every chat
     * @description Newest activity first (the latest message, or creation for a thread without messages).
     */
    get: operations["listContactThreads"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/csat": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The project's CSAT survey setting
     * @description Never set: the defaults (off, the built-in question, scale `1-5`) with `updated_at` null.
     */
    get: operations["getCsatSettings"];
    put?: never;
    /**
     * Replace the project's CSAT survey setting
     * @description Replaces the whole setting. 422 names the field (a question without `default`, an unknown scale).
     */
    post: operations["replaceCsatSettings"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/csat/ratings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Answered CSAT surveys, newest answer first */
    get: operations["listCsatRatings"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/csat/summary": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Answered CSAT surveys: count, average and distribution, per operator or per bot
     * @description Answers in [`from`, `to`) by when they were answered; all of them without a range.
     */
    get: operations["getCsatSummary"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/files": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the project's files */
    get: operations["listFiles"];
    put?: never;
    /**
     * Upload a file
     * @description `multipart/form-data` with a `file` part and a `purpose` field (`assistants` for vector stores), as OpenAI's clients send it. Files are streamed; one larger than the upload limit is 413.
     */
    post: operations["uploadFile"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/files/{file_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a file */
    get: operations["getFile"];
    put?: never;
    post?: never;
    /**
     * Delete a file
     * @description It leaves every vector store it was in.
     */
    delete: operations["deleteFile"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/files/{file_id}/content": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a file
     * @description The bytes as uploaded (`application/octet-stream`, named in Content-Disposition).
     */
    get: operations["downloadFile"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/integrations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the project's integrations
     * @description Oldest first. `auth_data` is never returned.
     */
    get: operations["listIntegrations"];
    put?: never;
    /**
     * Create an integration
     * @description A new integration is `active`. `auth_data` is validated against the vendor's fields (unknown fields are refused), stored encrypted and never returned.
     */
    post: operations["createIntegration"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/integrations/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get an integration */
    get: operations["getIntegration"];
    put?: never;
    /**
     * Update an integration
     * @description Fields not sent are unchanged. `auth_data` replaces the stored credentials as a whole and is validated against the integration's vendor; `settings` replaces the settings object. Any status may be set.
     */
    post: operations["updateIntegration"];
    /**
     * Delete an integration
     * @description Deletes its chats too, with their threads and messages.
     */
    delete: operations["deleteIntegration"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/integrations/{id}/chats": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List an integration's chats
     * @description Oldest first.
     */
    get: operations["listIntegrationChats"];
    put?: never;
    /**
     * Create a chat in an integration
     * @description A new chat is `disabled`: set its status to `active` to let the bot answer. The bot must belong to the same project (404 `bot_not_found`, 403 when it is another project's). A second chat with the same name in the integration is 409 `chat_name_taken`.
     */
    post: operations["createChat"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/integrations/{id}/chats/{chat_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Update a chat's name, bot or settings
     * @description Fields not sent are unchanged; `settings` replaces the settings object. A name already used by another chat of the integration is 409 `chat_name_taken`.
     */
    post: operations["updateChat"];
    /**
     * Delete a chat
     * @description Deletes its threads and their messages too.
     */
    delete: operations["deleteChat"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/integrations/{id}/chats/{chat_id}/status": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a chat's status
     * @description `active` or `disabled`; `error` is set only by the service (422 if sent).
     */
    post: operations["setChatStatus"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/integrations/{id}/oauth/start": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start connecting an integration by OAuth
     * @description For `github`, `google`, `yandex`, `amocrm` and `bitrix24`: returns the vendor's consent URL with a `state` that is signed, bound to this integration, single-use and valid for 10 minutes. After the user consents, the vendor redirects to `<PARLEY_PUBLIC_URL>/oauth/callback`, which exchanges the code, stores the tokens encrypted and sets the integration `active`; Parley refreshes them before they expire. The OAuth app is the one in `auth_data` (`client_id`, `client_secret`), else the server's configured app for the vendor. No body.
     */
    post: operations["startIntegrationOAuth"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/integrations/{id}/profile": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check the credentials and get the vendor identity
     * @description Asks the vendor who the stored credentials authenticate (a bot, a community, a page, a phone number). Credentials the vendor refuses are 422 `credentials_rejected`, and the integration goes to `error` (`integration.auth_lost`); a vendor that cannot be reached is 502 `vendor_unavailable`. An avatar whose vendor URL embeds a credential (Telegram) is given as a Parley link instead.
     */
    get: operations["getIntegrationProfile"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/integrations/{id}/whatsapp_templates": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a WhatsApp integration's message templates
     * @description The templates as last synced from the WhatsApp Business Account, by name then language; narrowed by `status`, `language` and a part of the `name`. Empty until the first sync.
     */
    get: operations["listWhatsappTemplates"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/integrations/{id}/whatsapp_templates/sync": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sync a WhatsApp integration's message templates now
     * @description Lists every template of the Business Account (`business_account_id` in auth_data) from Meta and replaces the stored copy with it: new ones added, changed ones updated, deleted ones removed.
     */
    post: operations["syncWhatsappTemplates"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/jobs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the project's jobs
     * @description Newest first (created_at, then id). Filters: `type`, `status`, `thread_id`. `cursor` (from `next_cursor`) continues after the last job of the previous page. Finished jobs are kept 7 days. A project's jobs only: a job of another project is 404. A console session with the role `operator` sees only jobs done for a thread.
     */
    get: operations["listJobs"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/jobs/{job_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a job
     * @description A project's jobs only: a job of another project is 404. A console session with the role `operator` sees only jobs done for a thread.
     */
    get: operations["getJob"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/jobs/{job_id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a scheduled reply or message
     * @description Only a `pending` job of type `thread.reply` (a scheduled reply), `thread.operator_message` or `thread.bot_message` (scheduled messages): it becomes `cancelled` and never runs, so nothing of it is stored or sent. The `id` of a `202 {scheduled: true}` answer is such a job. No body. A project's jobs only: a job of another project is 404. A console session with the role `operator` sees only jobs done for a thread.
     */
    post: operations["cancelJob"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/labels": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project's labels */
    get: operations["listLabels"];
    put?: never;
    /** Create a label */
    post: operations["createLabel"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/labels/{label_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a label */
    get: operations["getLabel"];
    put?: never;
    /**
     * Rename or recolour a label
     * @description Only the fields sent change; threads and contacts keep the label under its new name.
     */
    post: operations["updateLabel"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/labels/{label_id}/delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete a label
     * @description It comes off every thread and contact that carries it (no `labels_changed` is raised for them).
     */
    post: operations["deleteLabel"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/mcp-servers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the project's MCP servers
     * @description Oldest first, with their stored tools. Credentials are never returned. Admins of the project only (API keys and admin sessions; operators get 403).
     */
    get: operations["listMcpServers"];
    put?: never;
    /**
     * Connect an MCP server
     * @description Registers a remote MCP server (Streamable HTTP or the older HTTP+SSE). `auth` is stored encrypted and never returned. A URL on a private, loopback or link-local address is refused (422) unless the server runs with PARLEY_WEBHOOKS_ALLOW_PRIVATE=true. The server's tools are listed before the answer (within `timeout_ms`): a failure does not refuse the request but shows in `connection` (`status: failed`, `error`), and the last good `tools` stay. Admins of the project only (API keys and admin sessions; operators get 403).
     */
    post: operations["createMcpServer"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/mcp-servers/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an MCP server
     * @description Another project's server is 404 `mcp_server_not_found`. Admins of the project only (API keys and admin sessions; operators get 403).
     */
    get: operations["getMcpServer"];
    put?: never;
    /**
     * Update an MCP server
     * @description Fields not sent are unchanged; `auth` replaces the stored credentials (null removes them). While the server is active (or made active), its tools are listed again. The server's tools are listed before the answer (within `timeout_ms`): a failure does not refuse the request but shows in `connection` (`status: failed`, `error`), and the last good `tools` stay. Admins of the project only (API keys and admin sessions; operators get 403).
     */
    post: operations["updateMcpServer"];
    /**
     * Delete an MCP server
     * @description Its tools are no longer offered; bots that enabled them keep the keys in `ai.tools`, which then name no tool. Admins of the project only (API keys and admin sessions; operators get 403).
     */
    delete: operations["deleteMcpServer"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/mcp-servers/{id}/refresh": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * List an MCP server's tools again
     * @description Connects anew and lists the server's tools now, whatever its status. Tools are also listed again in the background when a turn finds them older than 10 minutes. The server's tools are listed before the answer (within `timeout_ms`): a failure does not refuse the request but shows in `connection` (`status: failed`, `error`), and the last good `tools` stay. Admins of the project only (API keys and admin sessions; operators get 403).
     */
    post: operations["refreshMcpServer"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/models": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the model catalog
     * @description Every model a bot may use, with its note, provider and whether the provider is configured here; embedded (`local/…`) models also say whether their file is here and how its download goes.
     */
    get: operations["listModels"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/models/download": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Download an embedded model
     * @description Starts downloading an embedded (`local/…`) model's file to this server (docs/local-models.md), or joins the download in progress; answers at once with the model as GET /v1/models shows it. A model already here is answered as is. The file is verified by its SHA-256 before use.
     */
    post: operations["downloadModel"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/operators": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the project's operators */
    get: operations["listOperators"];
    put?: never;
    /**
     * Add a person to the project
     * @description Creates an account (email, name, password) in the organization and makes it a member of the project; an email that already has an account in the organization is added without a password. Admins only (an admin session or an API key). 409 `operator_exists`, `account_exists`.
     */
    post: operations["createOperator"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/operators/{operator_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get an operator of the project */
    get: operations["getOperator"];
    put?: never;
    /**
     * Rename, change the role of, or set the password of an operator
     * @description Admins only. 409 `last_admin` (a project keeps one admin), `operator_shared` (a password of a person in other projects is theirs to change).
     */
    post: operations["updateOperator"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/operators/{operator_id}/availability": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set an operator's availability
     * @description Admins (an admin session or an API key) for anyone; an operator for themselves (docs/routing.md).
     */
    post: operations["setOperatorAvailability"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/operators/{operator_id}/delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Remove a person from the project
     * @description Their sessions in the project end at once and their threads are unassigned; the account stays for other projects. Admins only; 409 `last_admin`.
     */
    post: operations["deleteOperator"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/operators/me/availability": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set your own availability
     * @description `online`, `busy` or `offline` (docs/routing.md). Set online, routing assigns you conversations queued for you, up to your capacity. A console session only (400 `validation_failed` with an API key).
     */
    post: operations["setMyAvailability"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/operators/me/mentions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Private notes that mention you, unread first
     * @description The signed-in operator's mentions in the session's project, with the count of unread ones.
     */
    get: operations["listMyMentions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/operators/me/mentions/read": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mark your mentions read
     * @description Either `ids` (yours; others are skipped) or `all: true`. Answers the unread count left.
     */
    post: operations["markMyMentionsRead"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/projects": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List projects
     * @description An organization admin key sees every project of its organization; a project key, its own.
     */
    get: operations["listProjects"];
    put?: never;
    /**
     * Create a project
     * @description Needs an organization admin key of that organization (else 403).
     */
    post: operations["createProject"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/projects/{id}/api-keys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a project's API keys (metadata only) */
    get: operations["listApiKeys"];
    put?: never;
    /**
     * Create a project API key
     * @description The secret `key` is returned only in this response.
     */
    post: operations["createApiKey"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/projects/{id}/api-keys/{key_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API key
     * @description The key stops working with the next request.
     */
    delete: operations["revokeApiKey"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/routing": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The project's routing settings */
    get: operations["getRoutingSettings"];
    put?: never;
    /**
     * Change the project's routing settings
     * @description Admins only (an admin session or an API key). Fields left out keep their value (docs/routing.md).
     */
    post: operations["updateRoutingSettings"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/session": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The current console session
     * @description 400 `not_a_session` when called with an API key.
     */
    get: operations["getSession"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/session/password": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Change your own password
     * @description Your other sessions end; this one goes on.
     */
    post: operations["changePassword"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/session/project": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Switch the session to another of the person's projects */
    post: operations["switchSessionProject"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/session/sign-out": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign out: the session ends everywhere at once */
    post: operations["signOut"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/sessions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in to the console
     * @description Checks an operator's email and password and starts a session: the answer sets the httpOnly cookie `parley_session` (SameSite=Strict) and holds the CSRF token to send as `X-CSRF-Token`. Attempts are limited per client IP and per email (429).
     */
    post: operations["signIn"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/teams": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the project's teams
     * @description By name, each with its members.
     */
    get: operations["listTeams"];
    put?: never;
    /**
     * Create a team
     * @description Admins only (an admin session or an API key). Names are unique within the project.
     */
    post: operations["createTeam"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/teams/{team_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a team */
    get: operations["getTeam"];
    put?: never;
    /**
     * Rename a team
     * @description Admins only (an admin session or an API key). Its threads show the new name.
     */
    post: operations["updateTeam"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/teams/{team_id}/delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete a team
     * @description Admins only (an admin session or an API key). Its threads go back to the project's queue; their assignees stay.
     */
    post: operations["deleteTeam"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/teams/{team_id}/members": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add an operator to a team
     * @description Admins only (an admin session or an API key). Adding a member again changes nothing. With auto-assignment on, an online member is given the team's queued conversations up to their capacity.
     */
    post: operations["addTeamMember"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/teams/{team_id}/members/{operator_id}/delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Remove an operator from a team
     * @description Admins only (an admin session or an API key). Their assigned threads stay theirs.
     */
    post: operations["removeTeamMember"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List threads
     * @description Newest activity first (threads without messages last), then id. With `search`, ranked by relevance. `cursor` (from `next_cursor`) continues after the last thread of the previous page, so new threads never shift or repeat items; a thread with new activity moves to the top of the first page. With `cursor`, `offset` is ignored.
     */
    get: operations["listThreads"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a thread with its person and stats */
    get: operations["getThread"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/approvals": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A thread's tool approvals (pending and decided) */
    get: operations["listToolApprovals"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/approvals/{approval_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve or reject a tool call
     * @description Decides a pending approval (an operator may also decide one that waits for the end user). The AI then resumes: the tool runs (or its refusal is recorded) and the reply reaches the user. 409 `approval_not_pending` when it was already decided.
     */
    post: operations["decideToolApproval"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/assign": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Assign a thread to an operator, or unassign it
     * @description `operator_id`: an operator of the project (GET /v1/operators), or null. Raises `thread_assigned`. Taking a thread over from a console session assigns it to that person when nobody has it (docs/console.md).
     */
    post: operations["assignThread"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/attachments/{file_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a file a customer sent
     * @description The copy Parley keeps of a channel attachment (its `file.url`), with its stored Content-Type. JPEG, PNG, GIF and WebP images are served inline, everything else as an attachment. 404 once the retention deleted it, and for another project's file.
     */
    get: operations["downloadAttachment"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export a conversation
     * @description `format=text` (default): a transcript to read: each message with its time (UTC) and author (the customer, the bot, the operator by name), attachments named, tool steps left out. `format=json`: the thread (as GET /v1/threads/{thread_id}) and every message. Both are downloads (Content-Disposition). Private notes are never part of it. A PDF is the console's print of the transcript (docs/console.md).
     */
    get: operations["exportThread"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/feedback": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every feedback on a thread's messages, oldest first */
    get: operations["listThreadFeedback"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/files": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a file to send in a thread
     * @description `multipart/form-data` with one `file` part, streamed into the file store. Its type comes from its name's extension: jpg, jpeg, png, webp, gif, pdf, txt, csv, rtf, doc, docx, xls, xlsx, ppt, pptx, odt, ods, zip; images must really be that format. Answers the file; send it with `files` on POST /v1/threads/{id}/send.
     */
    post: operations["uploadThreadAttachment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/files/{file_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a file sent in a thread
     * @description The bytes; allowed images inline, every other type as a download (`nosniff`).
     */
    get: operations["downloadThreadAttachment"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/labels": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A thread's labels */
    get: operations["listThreadLabels"];
    put?: never;
    /**
     * Put labels on a thread
     * @description Answers the thread's labels. A label the thread carries already stays as it is; raises `labels_changed` (and the `thread.labels.changed` webhook) only when a label was added.
     */
    post: operations["addThreadLabels"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/labels/remove": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Take labels off a thread
     * @description Answers the thread's labels. Raises `labels_changed` only when a label came off.
     */
    post: operations["removeThreadLabels"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/memory": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A thread's working memory */
    get: operations["getThreadMemory"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/messages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A thread's full message history, oldest first */
    get: operations["listThreadMessages"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/messages/{message_id}/feedback": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A message's feedback: the customer's and each operator's */
    get: operations["listMessageFeedback"];
    put?: never;
    /**
     * Rate a bot message, with an optional comment and a better answer
     * @description One feedback per message and rater: a signed-in operator rates as themselves, an API key as the project's API (`source` `operator`, `operator` null). Rating again replaces the caller's feedback as a whole (a field not sent becomes null) and keeps its id. Raises `message.feedback`.
     */
    post: operations["rateMessage"];
    /**
     * Take back the caller's feedback on a message
     * @description Raises `message.feedback` with `removed` true. Others' feedback stays.
     */
    delete: operations["deleteMessageFeedback"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/messages/{message_id}/trace": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Why this answer: the trace of the turn that stored a message
     * @description 404 `trace_not_found` for a message no turn stored (the person's, an operator's), or once the trace is past retention.
     */
    get: operations["getMessageTrace"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/mode": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a thread's mode
     * @description `auto`: the AI answers; `manual`/`operator`: a person answers, the AI is paused; `blocked`: nothing is sent. Raises `mode_changed`. Back to `auto`, unanswered user messages are answered by the AI.
     */
    post: operations["setThreadMode"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/notes": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A thread's private notes, oldest first
     * @description Every note of the thread (not paginated, as the thread's messages).
     */
    get: operations["listThreadNotes"];
    put?: never;
    /**
     * Write a private note in a thread
     * @description A note the team sees and the customer and the model never do: it is not a message, so it is never in a prompt, a delivery to the customer, the widget or the message list. Each operator in `mentions` gets an unread mention (GET /v1/operators/me/mentions). Raises the thread event `note_created` and the webhook event `thread.note.created`.
     */
    post: operations["createThreadNote"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/notes/{note_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Edit your private note
     * @description Fields not sent are unchanged; `mentions` replaces the list (operators added get an unread mention, operators taken off lose theirs). Raises the thread event `note_updated`.
     */
    post: operations["updateThreadNote"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/notes/{note_id}/delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete your private note
     * @description Its mentions go with it. Raises the thread event `note_deleted`.
     */
    post: operations["deleteThreadNote"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/rating": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A thread's latest CSAT survey and its answer */
    get: operations["getThreadRating"];
    put?: never;
    /**
     * Record the customer's CSAT rating given elsewhere
     * @description Answers the thread's waiting survey; with none waiting, records a rating unless one is recorded since the thread's last survey. Raises `conversation.rated` (source `api`).
     */
    post: operations["rateThread"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/reply/retry": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Retry a reply the AI gave up on
     * @description Queues a reply to the messages of the thread's `reply_failure` (202): it runs through the answer policy like any reply (mode, statuses, credits) and, should it fail again, raises `reply_failed` anew. Asked again while that job may still run, answers the same job. Only in mode `auto` (409 `thread_not_auto`; take the thread over to answer it yourself); 409 `nothing_to_retry` when no failed reply waits.
     */
    post: operations["retryThreadReply"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/send": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a message as a human operator
     * @description Only while the thread is `manual` (else 409 `thread_not_manual`). Stored with role `assistant` and author `operator` (with `operator` {id, name} when sent from a console session); clears pending_count. With `scheduledAt` in the future: 202 and delivered then.
     */
    post: operations["sendOperatorMessage"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/status": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a conversation's status
     * @description `open`, `pending` (waiting on the customer), `snoozed` (with `snoozed_until` in the future: reopens then; without: until the customer writes) or `resolved`. The same status again changes nothing and raises nothing; a change raises `status_changed` and the `thread.status.changed` webhook, recording who made it. A new customer message reopens the thread (docs/conversations.md, "Status").
     */
    post: operations["setThreadStatus"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/team": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Queue a thread to a team, or back to the project's queue
     * @description `team_id`: a team of the project, or null. A thread waiting for a person without an assignee is then routed within its new queue when auto-assignment is on; an assignee stays (docs/routing.md).
     */
    post: operations["setThreadTeam"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/template": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a WhatsApp message template into a thread
     * @description The way to write after WhatsApp's 24-hour window closed. The template must be stored (synced) for the thread's integration and `APPROVED`, and `parameters` must give one value per placeholder of its header and body. Stored as an `operator` message whose content is the template's text filled in; the delivery sends it as `type: "template"`. With `scheduledAt` in the future: 202 and sent then.
     */
    post: operations["sendWhatsappTemplate"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/{thread_id}/traces": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A thread's turn traces, newest first
     * @description One per turn that replied or failed: the window, recall, knowledge passages, each model request and tool call, and the outcome. Kept for PARLEY_TRACE_RETENTION_DAYS.
     */
    get: operations["listThreadTraces"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/counts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Count threads per status
     * @description How many threads are `open`, `pending`, `snoozed` and `resolved` (every key present, zeros included), under the same filters as GET /v1/threads (`chat_id`, `bot_id`, `mode`, `waiting`, `assignee`).
     */
    get: operations["countThreads"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Stream events of every thread of the project */
    get: operations["streamProjectThreadEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/events/{thread_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Stream events of one thread */
    get: operations["streamThreadEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/threads/export.csv": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export the filtered thread list as CSV
     * @description Every thread GET /v1/threads would list with the same filters (`search` included), in the same order, one line each: id, title, created_at, last_message_at, mode, pending_count, assignee, person, chat_id, bot_id, message_count, last_message. Written page by page as it is read; a download (Content-Disposition). A text starting with = + - @ is prefixed with `'` so no spreadsheet runs it.
     */
    get: operations["exportThreadsCsv"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/tools": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the project's tools
     * @description Every tool a bot of this project may enable: the built-in ones, then those the project's active integrations offer (docs/oauth.md, "Tools"), each with its input schema, source and the approval policies it accepts, and a `title` and `summary` for people in the language of `lang` or `Accept-Language` (English by default; `Content-Language` says which). A key of a bot's `ai.tools` enables that tool and sets its policy: `auto` runs it at once, `user_approve` asks the end user first, `operator_approve` waits for an operator.
     */
    get: operations["listTools"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/tools/custom": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the project's custom HTTP tools
     * @description Oldest first. Header values and signing secrets are never returned; `header_names` lists the headers.
     */
    get: operations["listCustomTools"];
    put?: never;
    /**
     * Create a custom HTTP tool
     * @description A tool bots may enable by `name` in `ai.tools`, under the approval policies. A call validates the model's arguments against `input_schema`, fills the URL template, sends the other arguments as the query string (GET, DELETE) or the JSON body, signs the request like a webhook with the tool's `secret` (returned only here) and gives the model the JSON answer. A URL on a private, loopback or link-local address is refused (422) unless the server runs with PARLEY_WEBHOOKS_ALLOW_PRIVATE=true.
     */
    post: operations["createCustomTool"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/tools/custom/{tool_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a custom HTTP tool */
    get: operations["getCustomTool"];
    put?: never;
    /**
     * Update a custom HTTP tool
     * @description Only the fields sent change; `headers` sets (a value) or removes (`null`) the headers it names. The definition is checked as a whole again (the URL's placeholders against the schema). `status: disabled` stops offering the tool to bots; calls waiting for an approval are then refused.
     */
    post: operations["updateCustomTool"];
    /**
     * Delete a custom HTTP tool
     * @description Bots that enable it keep the name in `ai.tools`; it is no longer offered to the model.
     */
    delete: operations["deleteCustomTool"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/tools/custom/{tool_id}/rotate-secret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace a custom tool's signing secret
     * @description The new secret is returned only in this response and signs every later call; the old one none.
     */
    post: operations["rotateCustomToolSecret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/tools/custom/import": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create custom tools from an OpenAPI 3 document
     * @description One tool per chosen operation (default: all): named after its operationId in snake_case (made unique), described by its summary and description, its path and query parameters and JSON request body merged into `input_schema` (local `$ref`s resolved). Operations that cannot be mapped are listed in `refused` with the reason; the others are created in one transaction, each with its own secret. `dry_run: true` only shows the candidates. A document that is not OpenAPI 3 is 422.
     */
    post: operations["importCustomTools"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/vector_stores": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the project's vector stores
     * @description Cursor paging: pass `last_id` as `after` for the next page while `has_more`.
     */
    get: operations["listVectorStores"];
    put?: never;
    /**
     * Create a vector store
     * @description With `file_ids`, those files are added and processed (status `indexing` until they are).
     */
    post: operations["createVectorStore"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/vector_stores/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a vector store */
    get: operations["getVectorStore"];
    put?: never;
    /**
     * Update a vector store
     * @description Only the fields sent change; null clears `metadata` and `expires_after`.
     */
    post: operations["updateVectorStore"];
    /**
     * Delete a vector store
     * @description Its files stay (as files); only their chunks and embeddings in this store go.
     */
    delete: operations["deleteVectorStore"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/vector_stores/{id}/file_batches": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add several files to a vector store */
    post: operations["createVectorStoreFileBatch"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/vector_stores/{id}/file_batches/{batch_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a file batch */
    get: operations["getVectorStoreFileBatch"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/vector_stores/{id}/file_batches/{batch_id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a file batch
     * @description Files of the batch not processed yet become `cancelled`.
     */
    post: operations["cancelVectorStoreFileBatch"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/vector_stores/{id}/file_batches/{batch_id}/files": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a file batch's files */
    get: operations["listVectorStoreFileBatchFiles"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/vector_stores/{id}/files": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a vector store's files */
    get: operations["listVectorStoreFiles"];
    put?: never;
    /**
     * Add a file to a vector store
     * @description JSON `{file_id, attributes?, chunking_strategy?}` adds an uploaded file. Or upload it directly: `multipart/form-data` with a `file` part and, optionally, `attributes` and `chunking_strategy` fields holding JSON. The file is then processed (status `pending`, then `processed` or `error`).
     */
    post: operations["createVectorStoreFile"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/vector_stores/{id}/files/{file_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a vector store file */
    get: operations["getVectorStoreFile"];
    put?: never;
    /**
     * Update a vector store file's attributes
     * @description Replaces the attributes.
     */
    post: operations["updateVectorStoreFile"];
    /**
     * Remove a file from a vector store
     * @description The file itself stays; delete it with DELETE /files/:file_id.
     */
    delete: operations["deleteVectorStoreFile"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/vector_stores/{id}/files/{file_id}/content": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a vector store file's parsed text
     * @description The text extracted from the file, chunk by chunk, once it is `processed`.
     */
    get: operations["getVectorStoreFileContent"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/vector_stores/{id}/search": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Search a vector store
     * @description The chunks most relevant to `query` (a string or several), best first, optionally narrowed by attribute `filters` (comparisons, `in`/`nin`, `and`/`or`, at most 5 levels deep).
     */
    post: operations["searchVectorStore"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhook-endpoints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the project's webhook endpoints
     * @description Oldest first. Secrets are never returned after creation.
     */
    get: operations["listWebhookEndpoints"];
    put?: never;
    /**
     * Create a webhook endpoint
     * @description Events of the project are POSTed to `url`, signed with `secret` (header `x-service-signature`, hex HMAC-SHA256 of the raw body). Without `secret` one is generated. The secret is returned only in this response. A URL on a private, loopback or link-local address is refused (422) unless the server runs with PARLEY_WEBHOOKS_ALLOW_PRIVATE=true.
     */
    post: operations["createWebhookEndpoint"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhook-endpoints/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a webhook endpoint */
    get: operations["getWebhookEndpoint"];
    /**
     * Update a webhook endpoint
     * @description Only the fields sent change. `status: disabled` pauses deliveries (pending ones wait, new events are not queued for it); `status: active` re-enables it, resets its failure count and sends the waiting deliveries at once. A new `secret` signs every later attempt.
     */
    put: operations["updateWebhookEndpoint"];
    post?: never;
    /**
     * Delete a webhook endpoint
     * @description Its pending deliveries and its delivery log go with it.
     */
    delete: operations["deleteWebhookEndpoint"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhook-endpoints/{id}/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List an endpoint's deliveries (the delivery log)
     * @description Newest first. Finished deliveries are kept for PARLEY_WEBHOOK_RETENTION_DAYS (default 30) days.
     */
    get: operations["listWebhookDeliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/retry": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Retry or replay a delivery
     * @description Makes the delivery pending and due now with a fresh retry schedule, whatever its status: a failed or cancelled delivery is retried, a succeeded one sent again (same event id). 409 `webhook_endpoint_disabled` while the endpoint is disabled.
     */
    post: operations["retryWebhookDelivery"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhook-events/types": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the webhook event types and their data schemas
     * @description Every event is delivered as the JSON object `{id, type, created_at, data}` (the WebhookEvent schema); `data_schema` is the JSON Schema of `data` for that type.
     */
    get: operations["listWebhookEventTypes"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/widget/v1/chats/{chat_id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A widget chat's public settings (title, greeting, colours) */
    get: operations["getWidgetConfig"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/widget/v1/chats/{chat_id}/sessions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start or resume a visitor session
     * @description With the `visitor_token` of an earlier session, resumes it; else starts a new visitor. `identity` (user id signed with the chat's identity secret) makes the conversation follow the user across devices.
     */
    post: operations["startWidgetSession"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/widget/v1/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Live events of the visitor's conversation
     * @description Unnamed server-sent events (no `event:` line) whose JSON data is `{type: message_created, message}` (the conversation's messages, tool steps aside) or `{type: mode_changed, mode}`, each with an `id:` to resume from with `Last-Event-ID`.
     */
    get: operations["streamWidgetEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/widget/v1/messages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The visitor's conversation, oldest first */
    get: operations["listWidgetMessages"];
    put?: never;
    /**
     * Send the visitor's message and stream the bot's reply
     * @description A `text/event-stream` in Parley's data protocol (`text-delta`, `finish`, `error`). While a person handles the conversation the stream holds one `finish`; their answer arrives on GET /widget/v1/events.
     */
    post: operations["sendWidgetMessage"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/widget/v1/messages/{message_id}/feedback": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rate a bot answer of the visitor's conversation (👍/👎, optional comment)
     * @description Rating again replaces the visitor's rating (a comment not sent becomes null). Raises `message.feedback` with `source` `customer` (docs/quality.md).
     */
    post: operations["rateWidgetMessage"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/widget/v1/rating": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rate the visitor's resolved conversation (CSAT, 1–5, optional comment)
     * @description Answers the conversation's waiting CSAT survey (the widget's five buttons under it). Raises `conversation.rated` with `source` `widget` (docs/csat.md).
     */
    post: operations["rateWidgetConversation"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  event: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An event, POSTed to the project's webhook endpoints
     * @description Sent to every active endpoint of the project; at least once, so deduplicate on the event `id`. Verify `x-service-signature` over the raw body before parsing it (docs/webhooks-receiving.md).
     */
    post: operations["receiveWebhookEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    AmocrmAuthDataInput: {
      /** @description Integration id (UUID) from the account's amoCRM integration settings. */
      client_id?: string;
      /** @description Secret key of that integration. */
      client_secret?: string;
      /** @description Account subdomain: `acme` for https://acme.amocrm.ru. */
      subdomain: string;
    };
    AnalyticsDay: {
      bot_messages: number;
      /** @description AI replies: one per answered turn. */
      bot_replies: number;
      /** @description Threads started. */
      conversations: number;
      /** @description Credits, up to three decimals. */
      cost: {
        /** @description What billing charged for the replies. */
        credits: number;
        /** @description credits / conversations. */
        per_conversation: number | null;
        /** @description credits / resolved_conversations. */
        per_resolved_conversation: number | null;
      };
      /** @description YYYY-MM-DD, in `time_zone`. */
      date: string;
      /** @description Replies the AI gave up on (`thread.reply.failed`). */
      failed_replies: number;
      /** @description Ratings of messages, counted on the day they were first given. */
      feedback: {
        down: number;
        /** @description up / (up + down); null without ratings. */
        score: number | null;
        up: number;
      };
      /** @description First response times (docs/quality.md, "Analytics"). */
      first_response: {
        /** @description From a user message that found no reply waiting to the AI's reply. */
        bot: components["schemas"]["AnalyticsResponseTimes"];
        /** @description In threads handed to a person: from a user message waiting for one to an operator's message. */
        people: components["schemas"]["AnalyticsResponseTimes"];
      };
      /** @description Of the threads started, those handed to a person (mode `auto` to `manual` or `operator`). */
      handed_off_conversations: number;
      /** @description handed_off_conversations / conversations; null without conversations. */
      handoff_rate: number | null;
      /** @description Messages people see: the users', the AI's with text and the operators' (not tool results, nor AI messages that only call tools). */
      messages: number;
      operator_messages: number;
      /** @description resolved_conversations / conversations; null without conversations. */
      resolution_rate: number | null;
      /** @description Of the threads started, those the AI replied to that were never handed to a person. */
      resolved_conversations: number;
      user_messages: number;
    };
    AnalyticsReport: {
      bot_id: string | null;
      channel: string | null;
      /** @description Every day of the range, in order, empty days included. */
      days: components["schemas"]["AnalyticsDay"][];
      from: string;
      time_zone: string;
      to: string;
      totals: components["schemas"]["AnalyticsTotals"];
    };
    AnalyticsResponseTimes: {
      /** @description Responses measured. */
      count: number;
      /** @description Median, estimated from a histogram (within about 9 %). */
      p50_ms: number | null;
      /** @description 90th percentile, estimated the same way. */
      p90_ms: number | null;
    };
    AnalyticsTotals: {
      bot_messages: number;
      /** @description AI replies: one per answered turn. */
      bot_replies: number;
      /** @description Threads started. */
      conversations: number;
      /** @description Credits, up to three decimals. */
      cost: {
        /** @description What billing charged for the replies. */
        credits: number;
        /** @description credits / conversations. */
        per_conversation: number | null;
        /** @description credits / resolved_conversations. */
        per_resolved_conversation: number | null;
      };
      /** @description Replies the AI gave up on (`thread.reply.failed`). */
      failed_replies: number;
      /** @description Failed replies by their code; most first. */
      failed_replies_by_code: {
        code: string;
        count: number;
      }[];
      /** @description Ratings of messages, counted on the day they were first given. */
      feedback: {
        down: number;
        /** @description up / (up + down); null without ratings. */
        score: number | null;
        up: number;
      };
      /** @description First response times (docs/quality.md, "Analytics"). */
      first_response: {
        /** @description From a user message that found no reply waiting to the AI's reply. */
        bot: components["schemas"]["AnalyticsResponseTimes"];
        /** @description In threads handed to a person: from a user message waiting for one to an operator's message. */
        people: components["schemas"]["AnalyticsResponseTimes"];
      };
      /** @description Of the threads started, those handed to a person (mode `auto` to `manual` or `operator`). */
      handed_off_conversations: number;
      /** @description handed_off_conversations / conversations; null without conversations. */
      handoff_rate: number | null;
      /** @description Hand-overs of the threads started, by reason; most first. */
      handoff_reasons: {
        count: number;
        /**
         * @description `tool`: the AI's handoff_to_operator; `reply_failure`: a failed reply handed the thread over; `operator`: a person in the console; `api`: an API key; `unknown`: before analytics or not recorded.
         * @enum {string}
         */
        reason: "tool" | "reply_failure" | "operator" | "api" | "unknown";
      }[];
      /** @description Messages people see: the users', the AI's with text and the operators' (not tool results, nor AI messages that only call tools). */
      messages: number;
      operator_messages: number;
      /** @description resolved_conversations / conversations; null without conversations. */
      resolution_rate: number | null;
      /** @description Of the threads started, those the AI replied to that were never handed to a person. */
      resolved_conversations: number;
      /** @description Tool calls of AI messages, by the tool's name as the model called it; most first. */
      tool_calls: {
        count: number;
        name: string;
      }[];
      user_messages: number;
    };
    ApiKey: {
      created_at: string;
      id: string;
      /** @description Updated at most once a minute. */
      last_used_at: string | null;
      name: string;
      /**
       * @description `admin`: an organization admin key (bootstrap or CLI); `project`: acts on its project only.
       * @enum {string}
       */
      role: "admin" | "project";
    };
    AttachmentUploadInput: {
      /**
       * Format: binary
       * @description The file; its name's extension gives its type.
       */
      file: string;
    };
    AvitoAuthDataInput: {
      /** @description Client id from the Avito API settings. */
      client_id: string;
      /** @description Client secret from the Avito API settings. */
      client_secret: string;
    };
    BillingAccount: {
      /** @description Promotional balance, spent before `credits`. Credits, to 1/1000. */
      bonus: number;
      /** @description Main balance. Credits, to 1/1000. */
      credits: number;
      /** @description Whether replies are refused once `credits + bonus` is exhausted. When false, usage is still charged and the balance may go below zero. */
      credits_enforced: boolean;
      /** @description Whether offers can be bought on this server (`POST /v1/billing/invoices`). */
      purchases_enabled: boolean;
      /** @description When the current subscription ends (ISO 8601), or null. */
      subscription_until: string | null;
      /** @description `free` until a subscription sets another. */
      tariff: string;
    };
    BillingBalance: {
      /** @description Promotional balance. Credits, to 1/1000. */
      bonus: number;
      /** @description Main balance. Credits, to 1/1000. */
      credits: number;
    };
    BillingOffer: {
      credits: number;
      currency: string;
      /** @description Top-ups of a chosen amount: send `credits` with the invoice. */
      custom_credits: {
        max: number;
        min: number;
        price_per_credit: number;
      } | null;
      description: string;
      id: string;
      /** @enum {string} */
      kind: "topup" | "subscription";
      name: string;
      /** @description Subscriptions: how long one payment lasts. */
      period_days: number | null;
      /** @description In `currency`, for `credits`. */
      price: number;
      /** @description Subscriptions: the tariff they set. */
      tariff: string | null;
    };
    Bitrix24AuthDataInput: {
      /** @description The application's `application_token`, which Bitrix24 sends with every event (`auth[application_token]`). Optional: Parley learns it from the verified installation event (`ONAPPINSTALL`); when set, only events carrying it are accepted. */
      application_token?: string;
      /** @description Application id (`client_id`) of a local application. */
      client_id?: string;
      /** @description Application key (`client_secret`) of that application. */
      client_secret?: string;
      /** @description Portal host name, e.g. `acme.bitrix24.ru`. */
      portal: string;
    };
    Bot: {
      /** @description ISO 8601, UTC */
      created_at: string;
      description: string | null;
      /** @description The draft's version; null when there are no unpublished changes. */
      draft_version: number | null;
      id: string;
      name: string;
      project_id: string;
      /** @description Publishing needs a passing evaluation run of exactly the settings published; live settings changes are refused. */
      publish_requires_evals: boolean;
      /** @description The version that answers customers (docs/quality.md, "Versions"). */
      published_version: number;
      status: components["schemas"]["BotStatus"];
      /** @description ISO 8601, UTC */
      updated_at: string;
    };
    BotDraft: {
      /** @description The published version the draft was begun from. */
      based_on: number;
      /** @description The draft's settings (the published ones when there is no draft). */
      settings: components["schemas"]["BotSettings"];
      updated_at: string;
      /** @description The draft's version; null when there are no unpublished changes. */
      version: number | null;
    };
    BotPublication: {
      bot: components["schemas"]["Bot"];
      /** @description The version that answered before (the same when nothing changed). */
      previous_version: number;
      /** @description The version that now answers customers. */
      version: components["schemas"]["BotVersion"];
    };
    BotSettings: {
      ai: {
        conversation: {
          /** @description Resolve a conversation of this bot after this many minutes without a message (checked every few minutes); null (the default) never does. */
          autoResolveMinutes: number | null;
        };
        failure: {
          /** @description When the AI gives up on a reply (model down after its retries, timeout, out of credits), switch the thread to `manual` so operators answer the waiting messages. Default false. */
          handoff: boolean;
        };
        formatting: {
          removeEmojis: boolean;
          removeMarkdown: boolean;
        };
        instruction: string;
        knowledge: {
          /** @description Vector stores of the project that the knowledge_search tool searches. */
          vectorStoreIds: string[];
        };
        memory: {
          generateTitle: boolean;
          lastMessages: number;
          semanticRecall: boolean;
          workingMemory: {
            enabled: boolean;
          };
        };
        model: {
          frequency_penalty: number | null;
          /** @description Catalog id `<provider>/<model_name>`; see GET /v1/models. */
          id: string;
          max_tokens: number | null;
          presence_penalty: number | null;
          temperature: number | null;
          top_p: number | null;
        };
        tools: {
          [key: string]: "auto" | "user_approve" | "operator_approve";
        };
        voice: {
          /** @description Transcribe customers' voice and audio messages with this speech-to-text model before the bot reads them, e.g. `openai/whisper-1`; null (the default) leaves them as placeholders. */
          transcriptionModel: string | null;
        };
      };
    };
    BotSettingsDiff: {
      changes: {
        /** @enum {string} */
        change: "added" | "removed" | "changed";
        from?: unknown;
        /** @description Dot-separated, e.g. `ai.model.temperature`. */
        path: string;
        to?: unknown;
      }[];
      from: components["schemas"]["BotVersion"];
      to: components["schemas"]["BotVersion"];
    };
    BotSettingsPatchInput: {
      ai?: {
        conversation?: {
          /** @description Resolve a conversation of this bot after this many minutes without a message (checked every few minutes); null (the default) never does. */
          autoResolveMinutes?: number | null;
        };
        failure?: {
          /** @description When the AI gives up on a reply (model down after its retries, timeout, out of credits), switch the thread to `manual` so operators answer the waiting messages. Default false. */
          handoff?: boolean;
        };
        formatting?: {
          removeEmojis?: boolean;
          removeMarkdown?: boolean;
        };
        instruction?: string;
        knowledge?: {
          /** @description Vector stores of the project that the knowledge_search tool searches. */
          vectorStoreIds?: string[];
        };
        memory?: {
          generateTitle?: boolean;
          lastMessages?: number;
          semanticRecall?: boolean;
          workingMemory?: {
            enabled?: boolean;
          };
        };
        model?: {
          frequency_penalty?: number | null;
          /** @description Catalog id `<provider>/<model_name>`; see GET /v1/models. */
          id?: string;
          max_tokens?: number | null;
          presence_penalty?: number | null;
          temperature?: number | null;
          top_p?: number | null;
        };
        tools?: {
          [key: string]: ("auto" | "user_approve" | "operator_approve") | null;
        };
        voice?: {
          /** @description Transcribe customers' voice and audio messages with this speech-to-text model before the bot reads them, e.g. `openai/whisper-1`; null (the default) leaves them as placeholders. */
          transcriptionModel?: string | null;
        };
      };
    };
    /** @enum {string} */
    BotStatus: "active" | "disabled" | "error";
    /** @enum {string} */
    BotStatusInput: "active" | "disabled" | "error";
    BotVersion: {
      bot_id: string;
      created_at: string;
      id: string;
      /** @description What the publication was about, as given to publish. */
      note: string | null;
      /** @description The last time it went live; null while it never was. */
      published_at: string | null;
      /** @description A short hash of the settings: what traces and evaluation runs name (docs/quality.md). */
      settings_version: string;
      /**
       * @description How it was made: the bot's creation, a live settings change, a draft edit, a clone, or the bot as it was when versions began.
       * @enum {string}
       */
      source: "created" | "settings" | "draft" | "clone" | "migration";
      /** @enum {string} */
      state: "published" | "draft" | "archived";
      /** @description From 1, per bot; never reused. */
      version: number;
    };
    BotVersionList: {
      data: components["schemas"]["BotVersion"][];
      /** @description Pass as `cursor` for older versions; null at the end. */
      next_cursor: string | null;
    };
    BotVersionWithSettings: {
      bot_id: string;
      created_at: string;
      id: string;
      /** @description What the publication was about, as given to publish. */
      note: string | null;
      /** @description The last time it went live; null while it never was. */
      published_at: string | null;
      settings: components["schemas"]["BotSettings"];
      /** @description A short hash of the settings: what traces and evaluation runs name (docs/quality.md). */
      settings_version: string;
      /**
       * @description How it was made: the bot's creation, a live settings change, a draft edit, a clone, or the bot as it was when versions began.
       * @enum {string}
       */
      source: "created" | "settings" | "draft" | "clone" | "migration";
      /** @enum {string} */
      state: "published" | "draft" | "archived";
      /** @description From 1, per bot; never reused. */
      version: number;
    };
    /** @description A project's business hours (docs/business-hours.md). */
    BusinessHours: {
      enabled: boolean;
      holidays: {
        date: string;
        name?: string;
        to?: string;
      }[];
      out_of_hours_message: {
        [key: string]: string;
      } | null;
      timezone: string;
      /** @description Null: never set (the defaults: off, UTC, closed). */
      updated_at: string | null;
      weekly: {
        fri: {
          from: string;
          to: string;
        }[];
        mon: {
          from: string;
          to: string;
        }[];
        sat: {
          from: string;
          to: string;
        }[];
        sun: {
          from: string;
          to: string;
        }[];
        thu: {
          from: string;
          to: string;
        }[];
        tue: {
          from: string;
          to: string;
        }[];
        wed: {
          from: string;
          to: string;
        }[];
      };
    };
    BusinessHoursStatus: {
      at: string;
      enabled: boolean;
      /** @description The next closing after `at`; null when none within a year (or hours are off). */
      next_close_at: string | null;
      /** @description The next opening after `at`; null when none within a year (or hours are off). */
      next_open_at: string | null;
      /** @description Whether people are in at `at` (always true while business hours are off). */
      open: boolean;
      timezone: string;
    };
    CannedResponse: {
      /** @description As written, placeholders unfilled. */
      content: string;
      /** @description ISO 8601, UTC */
      created_at: string;
      /** @description Who created it: an operator's id (`opr_…`) or an API key's (`key_…`). */
      created_by: string;
      /** @description `cr_…` */
      id: string;
      /** @description Lowercase, unique in the project. */
      short_code: string;
      title: string | null;
      /** @description ISO 8601, UTC */
      updated_at: string;
    };
    CannedResponseList: {
      data: components["schemas"]["CannedResponse"][];
      /** @description Pass as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    Chat: {
      bot_id: string;
      /**
       * @description Which version of the bot answers: `published`, or its `draft` (the published one while it has none): a chat to try changes in before they go live (docs/quality.md, "Versions").
       * @enum {string}
       */
      bot_version: "published" | "draft";
      /** @description ISO 8601, UTC */
      created_at: string;
      /** @description Messages (of every role) in the chat's threads created in the last 24 hours. */
      events_24h: number;
      id: string;
      integration_id: string | null;
      name: string;
      project_id: string;
      /** @description Chat settings, as last sent. */
      settings: {
        [key: string]: unknown;
      };
      status: components["schemas"]["ChatStatus"];
      /** @description ISO 8601, UTC */
      updated_at: string;
    };
    /** @enum {string} */
    ChatStatus: "active" | "disabled" | "error";
    /** @description `auto` (800-token chunks overlapping by 400) or `static` (max_chunk_size_tokens 100–4096, chunk_overlap_tokens at most half of it). */
    ChunkingStrategy:
      | {
          /** @constant */
          type: "auto";
        }
      | {
          static: {
            chunk_overlap_tokens: number;
            max_chunk_size_tokens: number;
          };
          /** @constant */
          type: "static";
        };
    /** @description `auto` (800-token chunks overlapping by 400) or `static` (max_chunk_size_tokens 100–4096, chunk_overlap_tokens at most half of it). */
    ChunkingStrategyInput:
      | {
          /** @constant */
          type: "auto";
        }
      | {
          static: {
            chunk_overlap_tokens: number;
            max_chunk_size_tokens: number;
          };
          /** @constant */
          type: "static";
        };
    Contact: {
      /** @description Custom attributes: string keys, string, number or boolean values. */
      attributes: {
        [key: string]: string | number | boolean;
      };
      avatar_url: string | null;
      /** @description Every identity that reaches the contact: its own and those of contacts merged into it, oldest first. */
      channels: {
        /** @description The vendor (`telegram`, `vk`, …); null for an id named through the API (`external_id`). */
        channel: string | null;
        /** @description The person the identity was first stored on: this contact's id, or one merged into it. */
        contact_id: string;
        /** @description The vendor's user id, or the API's external id. */
        id: string;
      }[];
      /** @description ISO 8601, UTC */
      created_at: string;
      email: string | null;
      /** @description The id named through the API; null for a vendor's user. */
      external_id: string | null;
      id: string;
      /** @description Its label names, sorted (docs/labels.md; changed through /v1/contacts/{id}/labels). */
      labels: string[];
      /** @description Its newest conversation's latest message, if any. */
      last_seen_at: string | null;
      name: string | null;
      notes: string | null;
      phone: string | null;
      /** @description Its conversations, in every chat. */
      thread_count: number;
      /** @description ISO 8601, UTC */
      updated_at: string;
    };
    ContactList: {
      data: components["schemas"]["Contact"][];
      next_cursor: string | null;
    };
    ContactThread: {
      bot_id: string;
      /** @description The chat's vendor (`telegram`, `vk`, …); null for a chat the API or the widget talk through. */
      channel: string | null;
      chat_id: string;
      chat_name: string | null;
      /** @description ISO 8601, UTC */
      created_at: string;
      id: string;
      last_message_at: string | null;
      /** @enum {string} */
      mode: "auto" | "manual" | "operator" | "blocked";
      pending_count: number;
      title: string | null;
    };
    ContactThreadList: {
      data: components["schemas"]["ContactThread"][];
      next_cursor: string | null;
    };
    CreateApiKeyResponse: {
      created_at: string;
      id: string;
      /** @description The secret. Returned only in this response: store it now. */
      key: string;
      name: string;
    };
    CreatedCustomTool: {
      /** @description ISO 8601, UTC */
      created_at: string;
      description: string;
      /** @description The names of the tool's headers; their values are never returned. */
      header_names: string[];
      /** @description `tool_…` */
      id: string;
      input_schema: {
        [key: string]: unknown;
      };
      max_calls_per_turn: number | null;
      max_response_bytes: number;
      method: components["schemas"]["CustomToolMethod"];
      name: string;
      /** @description The signing secret (`tsec_…`) of every call. Returned only in this response: store it now. */
      secret: string;
      status: components["schemas"]["CustomToolStatus"];
      timeout_ms: number;
      /** @description ISO 8601, UTC */
      updated_at: string;
      url: string;
    };
    CreatedInvoice: {
      invoice: components["schemas"]["Invoice"];
      payment_url: string;
    };
    CreatedWebhookEndpoint: {
      /** @description ISO 8601, UTC */
      created_at: string;
      /** @description Why the service disabled the endpoint: `gone` (it answered 410) or `failing for over 24 hours`. null when active or disabled through the API. */
      disabled_reason: string | null;
      /** @description The event types sent to this endpoint; null means every type. */
      events:
        | (
            | "thread.created"
            | "thread.message.created"
            | "thread.mode.changed"
            | "integration.auth_lost"
            | "billing.balance.low"
            | "thread.approval.requested"
            | "webhook_endpoint.disabled"
            | "payment.confirmed"
            | "thread.reply.failed"
            | "message.feedback"
            | "bot.published"
            | "thread.labels.changed"
            | "thread.status.changed"
            | "thread.note.created"
            | "contact.merged"
            | "contact.updated"
            | "conversation.rated"
            | "thread.assigned"
          )[]
        | null;
      id: string;
      /** @description true: one delivery at a time, in the order the events happened; a failing delivery holds back the ones behind it. false: deliveries go out concurrently. */
      ordered: boolean;
      /** @description The signing secret. Returned only in this response: store it now. */
      secret: string;
      status: components["schemas"]["WebhookEndpointStatus"];
      /** @description ISO 8601, UTC */
      updated_at: string;
      url: string;
    };
    /** @description One CSAT survey of a thread and its answer (docs/csat.md). */
    CsatRating: {
      answered_at: string | null;
      asked_at: string;
      bot_id: string;
      /** @description `api`, `widget`, or the messenger's vendor id. */
      channel: string;
      chat_id: string;
      comment: string | null;
      /** @description `csat_…` */
      id: string;
      /** @description Who is rated: the thread's assignee at resolution; null: the bot alone. */
      operator_id: string | null;
      operator_name: string | null;
      /** @description 1–5; null until answered. */
      rating: number | null;
      /**
       * @description `asked`: waiting for the answer; `answered`; `expired`: the customer wrote something else.
       * @enum {string}
       */
      status: "asked" | "answered" | "expired";
      thread_id: string;
    };
    CsatRatingsPage: {
      /** @description Answered surveys, newest answer first. */
      data: components["schemas"]["CsatRating"][];
      /** @description Null: the last page. */
      next_cursor: string | null;
    };
    /** @description A project's CSAT survey setting (docs/csat.md). */
    CsatSettings: {
      enabled: boolean;
      question: {
        [key: string]: string;
      } | null;
      /** @enum {string} */
      scale: "1-5" | "emoji";
      /** @description Null: never set (the defaults: off). */
      updated_at: string | null;
    };
    /** @description Answered CSAT surveys in a period (docs/csat.md, "Reports"). */
    CsatSummary: {
      average: number | null;
      count: number;
      /** @description How many answers gave each rating. */
      distribution: {
        1: number;
        2: number;
        3: number;
        4: number;
        5: number;
      };
      /** @enum {string} */
      group_by: "operator" | "bot";
      /** @description Most answers first. */
      groups: {
        /** @description Rounded to two decimals; null without answers. */
        average: number | null;
        count: number;
        /** @description How many answers gave each rating. */
        distribution: {
          1: number;
          2: number;
          3: number;
          4: number;
          5: number;
        };
        /** @description The operator id (null: conversations no operator was assigned to) or the bot id. */
        key: string | null;
        /** @description The operator's name when known; null for bots. */
        name: string | null;
      }[];
    };
    CustomTool: {
      /** @description ISO 8601, UTC */
      created_at: string;
      description: string;
      /** @description The names of the tool's headers; their values are never returned. */
      header_names: string[];
      /** @description `tool_…` */
      id: string;
      input_schema: {
        [key: string]: unknown;
      };
      max_calls_per_turn: number | null;
      max_response_bytes: number;
      method: components["schemas"]["CustomToolMethod"];
      name: string;
      status: components["schemas"]["CustomToolStatus"];
      timeout_ms: number;
      /** @description ISO 8601, UTC */
      updated_at: string;
      url: string;
    };
    CustomToolImportCandidate: {
      description: string;
      input_schema: {
        [key: string]: unknown;
      };
      method: components["schemas"]["CustomToolMethod"];
      name: string;
      /** @description `METHOD /path` in the document. */
      operation: string;
      operation_id: string | null;
      url: string;
    };
    CustomToolImportRefusal: {
      /** @description `METHOD /path` in the document. */
      operation: string;
      operation_id: string | null;
      /** @description Why the operation cannot become a tool. */
      reason: string;
    };
    CustomToolImportResult: {
      /** @description The tools the chosen operations map to. */
      candidates: components["schemas"]["CustomToolImportCandidate"][];
      /** @description The tools created, each with its secret (shown only here); empty on a dry run. */
      created: components["schemas"]["CreatedCustomTool"][];
      dry_run: boolean;
      /** @description Operations that cannot become tools, and why. */
      refused: components["schemas"]["CustomToolImportRefusal"][];
    };
    /** @enum {string} */
    CustomToolMethod: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    /** @enum {string} */
    CustomToolMethodInput: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    /** @enum {string} */
    CustomToolStatus: "active" | "disabled";
    /** @enum {string} */
    CustomToolStatusInput: "active" | "disabled";
    Deleted: {
      /** @constant */
      deleted: true;
      id: string;
    };
    Error: {
      /** @description Stable snake_case identifier of the error; see docs/api.md#errors. */
      code: string;
      /** @description Per-field problems, for validation errors. */
      details?: {
        message: string;
        path: string;
      }[];
      /** @description Explanation for a person. */
      message: string;
      /** @description Present on 500 errors: quote it when reporting the problem. */
      request_id?: string;
    };
    /** @description A test conversation and what its answer must do (docs/quality.md, "Evaluations"). */
    EvalCase: {
      bot_id: string;
      created_at: string;
      expectations: components["schemas"]["EvalExpectation"][];
      id: string;
      messages: {
        content: string;
        /** @enum {string} */
        role: "user" | "assistant";
      }[];
      name: string;
      source: {
        message_id: string | null;
        thread_id: string | null;
        /** @enum {string} */
        type: "manual" | "thread" | "feedback";
      };
      tool_results: {
        [key: string]: unknown;
      };
      updated_at: string;
    };
    EvalCaseList: {
      data: components["schemas"]["EvalCase"][];
      next_cursor: string | null;
    };
    EvalComparison: {
      base: components["schemas"]["EvalRun"];
      cases: {
        base: {
          reply: string | null;
          /** @enum {string} */
          status: "passed" | "failed" | "error";
        } | null;
        case_id: string;
        /** @enum {string} */
        change: "fixed" | "broken" | "same" | "added" | "removed";
        head: {
          reply: string | null;
          /** @enum {string} */
          status: "passed" | "failed" | "error";
        } | null;
        name: string;
      }[];
      head: components["schemas"]["EvalRun"];
    };
    /** @description What a case's answer must do (docs/quality.md, "Evaluations"). */
    EvalExpectation:
      | {
          /** @description Default false. */
          case_sensitive?: boolean;
          /** @constant */
          type: "contains";
          value: string;
        }
      | {
          /** @description Default false. */
          case_sensitive?: boolean;
          /** @constant */
          type: "not_contains";
          value: string;
        }
      | {
          /** @description A partial deep match: every key given must equal the call's (objects compared key by key, recursively; arrays and other values as a whole). */
          arguments?: {
            [key: string]: unknown;
          };
          /** @description The tool's `ai.tools` key. */
          tool: string;
          /** @constant */
          type: "tool_called";
        }
      | {
          /** @description A partial deep match: every key given must equal the call's (objects compared key by key, recursively; arrays and other values as a whole). */
          arguments?: {
            [key: string]: unknown;
          };
          /** @description The tool's `ai.tools` key. */
          tool: string;
          /** @constant */
          type: "tool_not_called";
        }
      | {
          /** @description Whether the turn must hand the conversation to an operator. */
          expected: boolean;
          /** @constant */
          type: "hands_off";
        }
      | {
          /** @constant */
          type: "max_tokens";
          /** @description The reply's output tokens (every model request of the turn) must be at most this. */
          value: number;
        }
      | {
          /** @description What a judge model checks the reply against. */
          criteria: string;
          /** @constant */
          type: "rubric";
        };
    /** @description What a case's answer must do (docs/quality.md, "Evaluations"). */
    EvalExpectationInput:
      | {
          /** @description Default false. */
          case_sensitive?: boolean;
          /** @constant */
          type: "contains";
          value: string;
        }
      | {
          /** @description Default false. */
          case_sensitive?: boolean;
          /** @constant */
          type: "not_contains";
          value: string;
        }
      | {
          /** @description A partial deep match: every key given must equal the call's (objects compared key by key, recursively; arrays and other values as a whole). */
          arguments?: {
            [key: string]: unknown;
          };
          /** @description The tool's `ai.tools` key. */
          tool: string;
          /** @constant */
          type: "tool_called";
        }
      | {
          /** @description A partial deep match: every key given must equal the call's (objects compared key by key, recursively; arrays and other values as a whole). */
          arguments?: {
            [key: string]: unknown;
          };
          /** @description The tool's `ai.tools` key. */
          tool: string;
          /** @constant */
          type: "tool_not_called";
        }
      | {
          /** @description Whether the turn must hand the conversation to an operator. */
          expected: boolean;
          /** @constant */
          type: "hands_off";
        }
      | {
          /** @constant */
          type: "max_tokens";
          /** @description The reply's output tokens (every model request of the turn) must be at most this. */
          value: number;
        }
      | {
          /** @description What a judge model checks the reply against. */
          criteria: string;
          /** @constant */
          type: "rubric";
        };
    /** @description A run of a bot's cases against a version (docs/quality.md, "Evaluations"). */
    EvalRun: {
      bot_id: string;
      created_at: string;
      /** @description Why a `failed` run could not run (`version_not_found`, `model_unavailable`). */
      error: {
        code: string;
        message: string;
      } | null;
      finished_at: string | null;
      id: string;
      judge_model: string;
      model: string;
      /** @description Once completed: whether every case passed; null before, and for a failed run. */
      passed: boolean | null;
      /** @description The short hash of the version's settings (a trace's `settings_version`). */
      settings_version: string;
      started_at: string | null;
      /** @enum {string} */
      status: "queued" | "running" | "completed" | "failed";
      summary: {
        errored: number;
        failed: number;
        passed: number;
        total: number;
      };
      /** @description Tokens of the bot's turns (not the judge's). Runs are not charged credits. */
      usage: {
        input_tokens: number;
        output_tokens: number;
      };
      /** @description The bot version run. */
      version: number;
    };
    EvalRunList: {
      data: components["schemas"]["EvalRun"][];
      next_cursor: string | null;
    };
    EvalRunWithResults: {
      bot_id: string;
      created_at: string;
      /** @description Why a `failed` run could not run (`version_not_found`, `model_unavailable`). */
      error: {
        code: string;
        message: string;
      } | null;
      finished_at: string | null;
      id: string;
      judge_model: string;
      model: string;
      /** @description Once completed: whether every case passed; null before, and for a failed run. */
      passed: boolean | null;
      /** @description In the run's order; a case still to run has none. */
      results: {
        case_id: string;
        case_name: string;
        duration_ms: number;
        error: {
          code: string;
          message: string;
        } | null;
        expectations: {
          detail: string;
          passed: boolean;
          type: string;
        }[];
        handed_off: boolean;
        /** @description All the assistant's text of the turn; null when it failed. */
        reply: string | null;
        /** @enum {string} */
        status: "passed" | "failed" | "error";
        tool_calls: {
          arguments: unknown;
          tool: string;
        }[];
        /** @description GET …/results/{case_id}/trace reads it. */
        trace_id: string;
        usage: {
          input_tokens: number;
          output_tokens: number;
        };
      }[];
      /** @description The short hash of the version's settings (a trace's `settings_version`). */
      settings_version: string;
      started_at: string | null;
      /** @enum {string} */
      status: "queued" | "running" | "completed" | "failed";
      summary: {
        errored: number;
        failed: number;
        passed: number;
        total: number;
      };
      /** @description Tokens of the bot's turns (not the judge's). Runs are not charged credits. */
      usage: {
        input_tokens: number;
        output_tokens: number;
      };
      /** @description The bot version run. */
      version: number;
    };
    /** @description The store expires this many days after it was last active. */
    ExpiresAfter: {
      /** @constant */
      anchor: "last_active_at";
      days: number;
    };
    /** @description The store expires this many days after it was last active. */
    ExpiresAfterInput: {
      /** @constant */
      anchor: "last_active_at";
      days: number;
    };
    FacebookAuthDataInput: {
      /** @description Page access token. */
      access_token: string;
      /** @description Meta app secret; verifies `X-Hub-Signature-256` on webhooks. */
      app_secret: string;
      /** @description Id of the Page. */
      page_id?: string;
      /** @description The verify token entered in the app's webhook settings. */
      verify_token: string;
    };
    File: {
      bytes: number;
      /** @description ISO 8601, UTC */
      created_at: string;
      filename: string;
      id: string;
      /** @constant */
      object: "file";
      purpose: string;
    };
    /** @description Up to 16 attributes for search filters: keys of at most 64 characters; values strings (at most 512 characters), numbers or booleans. */
    FileAttributesInput: {
      [key: string]: string | number | boolean;
    };
    FileList: {
      data: components["schemas"]["File"][];
      first_id: string | null;
      has_more: boolean;
      last_id: string | null;
      /** @constant */
      object: "list";
    };
    GithubAuthDataInput: {
      /** @description Client id of the GitHub OAuth app. */
      client_id?: string;
      /** @description Client secret of the GitHub OAuth app. */
      client_secret?: string;
    };
    GoogleAuthDataInput: {
      /** @description Client id of the Google OAuth app. */
      client_id?: string;
      /** @description Client secret of the Google OAuth app. */
      client_secret?: string;
    };
    InstagramAuthDataInput: {
      /** @description Page access token (Facebook login) or Instagram user token (Instagram login). */
      access_token: string;
      /** @description Instagram professional account id. */
      account_id?: string;
      /** @description Meta app secret; verifies `X-Hub-Signature-256` on webhooks. */
      app_secret: string;
      /** @description The verify token entered in the app's webhook settings. */
      verify_token: string;
    };
    /** @description `auth_data` is write-only: it is stored encrypted and never returned. */
    Integration: {
      connection: components["schemas"]["IntegrationConnection"];
      /** @description ISO 8601, UTC */
      created_at: string;
      id: string;
      name: string;
      project_id: string;
      /** @description Vendor-specific settings, as last sent. */
      settings: {
        [key: string]: unknown;
      };
      status: components["schemas"]["IntegrationStatus"];
      /** @description ISO 8601, UTC */
      updated_at: string;
      vendor: components["schemas"]["IntegrationVendor"];
    };
    /** @description The vendor webhook's standing; null for vendors that deliver no messages. */
    IntegrationConnection: {
      /** @description When the registration or a credential check last ran. */
      checked_at: string | null;
      error: {
        code: string;
        message: string;
      } | null;
      /**
       * @description `pending`: Parley is registering the webhook with the vendor; `connected`: registered; `failed`: see `error`; `manual`: the vendor has no API for it, enter `webhook_url` in the vendor's dashboard (docs/channels.md).
       * @enum {string}
       */
      status: "pending" | "connected" | "failed" | "manual";
      /** @description Where the vendor posts inbound messages: `<PARLEY_PUBLIC_URL>/hooks/<vendor>/<id>`. */
      webhook_url: string | null;
    } | null;
    IntegrationProfile: {
      avatar_url?: string;
      id: string;
      name: string;
      username?: string;
    };
    /** @enum {string} */
    IntegrationStatus: "active" | "disabled" | "error";
    /** @enum {string} */
    IntegrationStatusInput: "active" | "disabled" | "error";
    /** @enum {string} */
    IntegrationVendor:
      | "amocrm"
      | "avito"
      | "bitrix24"
      | "facebook"
      | "github"
      | "google"
      | "instagram"
      | "parley"
      | "tbank"
      | "telegram"
      | "vk"
      | "whatsapp"
      | "yandex";
    Invoice: {
      /** @description What the payer pays, in `currency`. */
      amount: number;
      created_at: string;
      /** @description Credits granted when paid. */
      credits: number;
      currency: string;
      id: string;
      offer_id: string;
      paid_at: string | null;
      payment_url: string | null;
      /** @description `tbank` or `manual`. */
      provider: string;
      /** @enum {string} */
      status: "pending" | "paid" | "cancelled";
    };
    Job: {
      /** @description Runs started so far. */
      attempts: number;
      /** @description Whether `POST /v1/jobs/:job_id/cancel` would cancel it now (a pending scheduled reply or message). */
      cancellable: boolean;
      /** @description ISO 8601, UTC */
      created_at: string;
      /** @description When it became done, failed or cancelled. */
      finished_at: string | null;
      /** @description `job_…` */
      id: string;
      /** @description Why the latest run failed, if one did. */
      last_error: string | null;
      max_attempts: number;
      /** @description The job's input as its handler receives it. Its shape per type is internal and may change. */
      payload: unknown;
      /** @description When the job is next due: its first run, or its next retry. */
      run_at: string;
      /**
       * @description `pending`: waiting for `run_at` (or for a retry); `running`: a worker has it; `done`; `failed`: given up after its last attempt; `cancelled`.
       * @enum {string}
       */
      status: "pending" | "running" | "done" | "failed" | "cancelled";
      /** @description The thread the job is about, if any. */
      thread_id: string | null;
      /** @description What the job does: `thread.reply`, `thread.operator_message`, `thread.bot_message`, `thread.title`, `memory.index`, `channel.deliver`, `integration.connect`, `knowledge.ingest`. */
      type: string;
      /** @description ISO 8601, UTC */
      updated_at: string;
    };
    JobList: {
      data: components["schemas"]["Job"][];
      next_cursor: string | null;
    };
    /** @description Up to 16 string pairs: keys of at most 64 characters, values of at most 512. */
    KnowledgeMetadataInput: {
      [key: string]: string;
    };
    /** @description A label of the project, put on threads and contacts. */
    Label: {
      /** @description `#rrggbb`, or null. */
      color: string | null;
      /** @description ISO 8601, UTC */
      created_at: string;
      description: string | null;
      /** @description `lbl_…` */
      id: string;
      /** @description Unique in the project whatever its case; 1 to 50 characters. */
      name: string;
      /** @description ISO 8601, UTC */
      updated_at: string;
    };
    LabelList: {
      /** @description By name, case-insensitively. */
      data: components["schemas"]["Label"][];
    };
    McpServer: {
      /** @description The kind of credentials stored (header names, never values); null: none. */
      auth:
        | (
            | {
                /** @constant */
                type: "bearer";
              }
            | {
                header_names: string[];
                /** @constant */
                type: "headers";
              }
          )
        | null;
      /** @description The last connection attempt (on create, change, refresh or a background refresh). */
      connection: {
        checked_at: string | null;
        /** @description Why the last attempt failed; null after a success. */
        error: string | null;
        /**
         * @description How the last connection and listing went; `unknown` until one was tried.
         * @enum {string}
         */
        status: "connected" | "failed" | "unknown";
        /** @description The transport the last successful connection used. */
        transport: ("streamable_http" | "sse") | null;
      };
      /** @description ISO 8601, UTC */
      created_at: string;
      id: string;
      name: string;
      status: components["schemas"]["McpServerStatus"];
      timeout_ms: number;
      /** @description The tools the server listed last; bots enable each as `mcp:<name>:<tool>`. */
      tools: components["schemas"]["McpToolInfo"][];
      /** @description When `tools` were listed; null: never. */
      tools_refreshed_at: string | null;
      /** @description `streamable_http` (current servers), `sse` (the older HTTP+SSE transport), or `auto`: Streamable HTTP first, SSE when that is answered with a 4xx other than 401/403. */
      transport: components["schemas"]["McpTransport"];
      /** @description ISO 8601, UTC */
      updated_at: string;
      url: string;
    };
    /** @enum {string} */
    McpServerStatus: "active" | "disabled";
    /** @enum {string} */
    McpServerStatusInput: "active" | "disabled";
    McpToolInfo: {
      description: string;
      /** @description The JSON Schema of its arguments, as listed. */
      input_schema: {
        [key: string]: unknown;
      };
      /** @description The tool's name on the server. */
      name: string;
      title: string | null;
    };
    /** @enum {string} */
    McpTransport: "streamable_http" | "sse" | "auto";
    /** @enum {string} */
    McpTransportInput: "streamable_http" | "sse" | "auto";
    Message: {
      /** @description What a channel message carried besides text (present only then); `content` has a readable placeholder. */
      attachments?: components["schemas"]["MessageAttachment"][];
      /**
       * @description Who wrote it: the end user, the AI (`bot`), or a human operator.
       * @enum {string}
       */
      author: "user" | "bot" | "operator";
      /** @description The buttons offered under the message (present only then; docs/channels.md, "Buttons"): `reply` buttons answer with their label, `link` buttons open their URL. */
      buttons?: components["schemas"]["MessageButton"][];
      /** @description On a customer's message that is the press of a reply button (present only then): which one. */
      choice?: components["schemas"]["MessageChoice"];
      content: string;
      /** @description ISO 8601, UTC */
      created_at: string;
      /** @description How the message went out to a vendor channel (present only for messages sent to one). */
      delivery?: components["schemas"]["MessageDelivery"];
      /** @description Pictures and files the message sends (present only then; docs/channels.md, "Files"); operators download them at GET /v1/threads/{id}/files/{file_id}. */
      files?: components["schemas"]["MessageFile"][];
      id: string;
      /** @description The signed-in operator who wrote it (present only on `operator` messages sent from a session). */
      operator?: components["schemas"]["OperatorRef"];
      /** @enum {string} */
      role: "user" | "assistant" | "tool";
      /** @description The tools an assistant message called, with their arguments (present only then). */
      tool_calls?: {
        /** @description The arguments the model gave. */
        args: unknown;
        /** @description The call's id (the model's), shared by its result. */
        id: string;
        /** @description The tool as the model called it (`mcp__shop__get_order` for `mcp:shop:get_order`). */
        name: string;
      }[];
      /** @description What the tools answered, on a `tool` message (present only then). */
      tool_results?: {
        name: string;
        /** @description What the model was given: the tool's JSON, the error text, or the refusal's reason. */
        result: unknown;
        /**
         * @description `ok`: the tool answered; `error`: it failed or refused (the model saw the message); `denied`: a person refused the call.
         * @enum {string}
         */
        status: "ok" | "error" | "denied";
        tool_call_id: string;
      }[];
    };
    MessageAttachment: {
      caption?: string;
      /** @description Seconds, for voice messages, audio and video when the vendor gives it. */
      duration?: number;
      /** @description The copy Parley keeps of a file the customer sent (docs/channels.md, "Non-text messages"); present only while it is kept. */
      file?: {
        id: string;
        mime_type: string;
        /** @description Bytes. */
        size: number;
        /** @description Path of the kept file on this server (GET with an API key or a console session; relative to the server's address). */
        url: string;
      };
      /** @description Why no copy is kept: `too_large` (over PARLEY_ATTACHMENT_MAX_BYTES), `unavailable` (the vendor did not serve it), `expired` (deleted after the retention). */
      fileError?: {
        /** @enum {string} */
        code: "too_large" | "unavailable" | "expired";
        message: string;
      };
      fileName?: string;
      /** @enum {string} */
      kind:
        | "photo"
        | "video"
        | "voice"
        | "audio"
        | "document"
        | "sticker"
        | "location"
        | "contact"
        | "link"
        | "other";
      latitude?: number;
      longitude?: number;
      mimeType?: string;
      /** @description The vendor's reference to the file. */
      ref?: string;
      /** @description What a voice or audio message says, when the bot transcribed it (docs/channels.md, "Voice"). */
      transcript?: string;
      /** @description Why a voice or audio message was not transcribed; `content` keeps its placeholder. */
      transcriptionError?: {
        code: string;
        message: string;
      };
      /** @description A public URL, when the vendor gives one without a credential in it. */
      url?: string;
    };
    MessageButton: {
      /** @description On `reply` buttons: `<message id>:<index>`, what a press carries back (at most 64 bytes). */
      id?: string;
      /** @enum {string} */
      kind: "reply" | "link";
      label: string;
      /** @description On `link` buttons: the URL it opens. */
      url?: string;
    };
    MessageChoice: {
      button_id: string;
      /** @description The pressed button's label. */
      label: string;
      /** @description The message that offered the button. */
      message_id: string;
    };
    MessageDelivery: {
      attempts: number;
      /** @description The vendor. */
      channel: string;
      /** @description Why it failed: `recipient_blocked`, `outside_window`, `credentials_rejected`, `vendor_unreachable`, … */
      error: {
        code: string;
        message: string;
      } | null;
      /** @description The vendor's ids of the parts sent. */
      external_ids: string[];
      /** @description How many vendor messages the text was split into (null until known). */
      parts: number | null;
      parts_sent: number;
      /** @enum {string} */
      status: "pending" | "sent" | "failed";
      /** @description A WhatsApp message template, sent instead of the text (docs/channels.md, "Templates"). */
      template?: components["schemas"]["TemplatePayload"];
      updated_at: string;
    };
    /** @description A rating of a bot message, with a comment and, from operators, a better answer. */
    MessageFeedback: {
      comment: string | null;
      /** @description A better answer an operator wrote; null from customers. */
      correction: string | null;
      /** @description ISO 8601, UTC */
      created_at: string;
      /** @description `fb_…`; the same while the rater's feedback is replaced. */
      id: string;
      message_id: string;
      /** @description The signed-in operator who rated; null for the customer and for an API key. */
      operator: {
        id: string;
        name: string;
      } | null;
      /** @enum {string} */
      rating: "up" | "down";
      /**
       * @description `customer`: the end user (the widget); `operator`: a person of the project or an API key.
       * @enum {string}
       */
      source: "customer" | "operator";
      thread_id: string;
      /** @description When it was last replaced; ISO 8601, UTC */
      updated_at: string;
    };
    MessageFeedbackList: {
      /** @description Oldest first. */
      data: components["schemas"]["MessageFeedback"][];
    };
    MessageFile: {
      caption?: string;
      /** @description The file's id (POST /v1/threads/{id}/files, or the bot's send_file). */
      id: string;
      /** @enum {string} */
      kind: "image" | "document";
      mime_type: string;
      name: string;
      /** @description Bytes. */
      size: number;
    };
    Model: {
      /** @description Whether this server can call the model: credentials for its provider; for an embedded (`local/…`) model, its file is here or can be downloaded. */
      configured: boolean;
      /** @description Context window in tokens. */
      context_window: number;
      /** @description Catalog id, `<provider>/<model_name>`: the value for `ai.model.id`. */
      id: string;
      /** @description Whether the model reads images: photos a customer sends on a channel are given to it. */
      images: boolean;
      /** @description Embedded models only (docs/local-models.md); null for models of a provider. */
      local: {
        /** @description The file's size, or the download's expected size when known. */
        bytes: number | null;
        /** @description The download in progress, if any. */
        download: {
          received_bytes: number;
          total_bytes: number | null;
        } | null;
        /** @description Why the last download failed, until another starts. */
        error: string | null;
        /** @description Whether the model's file is on this server. */
        installed: boolean;
      } | null;
      /** @description The provider's own model name. */
      name: string;
      note: string | null;
      /** @description What a reply costs: its input and output tokens at these prices, in credits at PARLEY_CREDITS_PER_USD (docs/billing.md). */
      pricing: {
        input_credits_per_million: number;
        input_usd_per_million: number;
        output_credits_per_million: number;
        output_usd_per_million: number;
      };
      provider: string;
    };
    /** @description A private note that mentions you. */
    NoteMention: {
      /** @description When you were mentioned; ISO 8601, UTC. */
      created_at: string;
      /** @description `mention_…` */
      id: string;
      note: components["schemas"]["ThreadNote"];
      /** @description When you marked it read; null while unread. ISO 8601, UTC. */
      read_at: string | null;
      thread_id: string;
    };
    NoteMentionList: {
      /** @description Unread first, then newest first. */
      data: components["schemas"]["NoteMention"][];
      /** @description All your unread mentions in this project. */
      unread_count: number;
    };
    NoteMentionsUnread: {
      /** @description Your unread mentions left in this project. */
      unread_count: number;
    };
    OAuthStart: {
      /** @description The vendor's consent page. Send the user there; the vendor then redirects the browser to `<PARLEY_PUBLIC_URL>/oauth/callback`, which stores the tokens. Valid for 10 minutes, once. */
      url: string;
    };
    /** @description A person of the project who signs in to the console. */
    Operator: {
      /** @description As set by hand (by them, or by an admin). */
      availability: components["schemas"]["OperatorAvailability"];
      /** @description The most open conversations routing assigns them; null: no limit (docs/routing.md). */
      capacity: number | null;
      /** @description When they joined the project. */
      created_at: string;
      /** @description What routing sees: `offline` when set so, or when they made no console request within the project's `offline_after_minutes` (docs/routing.md). */
      effective_availability: components["schemas"]["OperatorAvailability"];
      email: string;
      id: string;
      /** @description Their last console request in the project (written at most once a minute). */
      last_seen_at: string | null;
      /** @description Their last sign-in to this project. */
      last_sign_in_at: string | null;
      name: string;
      role: components["schemas"]["OperatorRole"];
    };
    /**
     * @description `online`: routing may assign them conversations; `busy`, `offline`: it does not (docs/routing.md).
     * @enum {string}
     */
    OperatorAvailability: "online" | "busy" | "offline";
    /**
     * @description `online`: routing may assign them conversations; `busy`, `offline`: it does not (docs/routing.md).
     * @enum {string}
     */
    OperatorAvailabilityInput: "online" | "busy" | "offline";
    OperatorList: {
      data: components["schemas"]["Operator"][];
    };
    /** @description A signed-in person of the project (docs/console.md). */
    OperatorRef: {
      id: string;
      name: string;
    };
    /**
     * @description `admin`: everything of the project; `operator`: threads (docs/console.md).
     * @enum {string}
     */
    OperatorRole: "admin" | "operator";
    /**
     * @description `admin`: everything of the project; `operator`: threads (docs/console.md).
     * @enum {string}
     */
    OperatorRoleInput: "admin" | "operator";
    ParleyAuthDataInput: Record<string, never>;
    Person: {
      avatar_url: string | null;
      /** @description The vendor a channel person wrote from (`telegram`, `vk`, …); absent for persons named through the API. */
      channel?: string;
      email: string | null;
      /** @description The person's id on their channel (a vendor's user id, or the API caller's). */
      external_id: string | null;
      id: string;
      name: string | null;
      notes: string | null;
      phone: string | null;
    };
    Project: {
      avatar_url: string | null;
      created_at: string;
      id: string;
      name: string;
      organization_id: string;
    };
    RenderedCannedResponse: {
      /** @description The content with every placeholder filled: ready to send. */
      text: string;
    };
    ReplyFailure: {
      /** @description Model calls made before giving up (retries included); 0 for none. */
      attempts: number;
      /** @description `model_error`, `model_timeout`, `model_unavailable`, `insufficient_credits` or `turn_failed` (docs/conversations.md). */
      code: string;
      failed_at: string;
      /** @description The user messages left unanswered, oldest first. */
      message_ids: string[];
      /** @description What went wrong, for a person. */
      reason: string;
    };
    ReplyResult: {
      /** @enum {string} */
      finish_reason: "stop" | "tool-calls" | "length";
      /** @description The stored reply message. */
      message: components["schemas"]["Message"] | null;
      /** @description `mode_manual`, `mode_operator`, `mode_blocked`, `chat_not_active`, `bot_not_active`, `awaiting_approval`, … */
      not_answering_reason: string | null;
      /**
       * @description `replied`: this request's turn stored `message`. `already_answered`: another turn answered these messages (double texting; `message` is that reply). `not_answering`: the AI does not answer now (see `not_answering_reason`).
       * @enum {string}
       */
      outcome: "replied" | "already_answered" | "not_answering";
      /** @description All text the stream would have carried, joined: the reply, or the bot's confirmation question. */
      text: string;
      thread_id: string;
      tool_calls: {
        /** @description Set when the call waits for a person's approval. */
        approval_id?: string;
        /** @enum {string} */
        approval_policy?: "operator_approve" | "user_approve";
        args: unknown;
        tool_call_id: string;
        tool_name: string;
      }[];
      tool_results: {
        /** @description The person refused the call; `result` is then {reason}. */
        denied: boolean;
        result: unknown;
        tool_call_id: string;
        tool_name: string;
      }[];
      /** @description Tokens of this turn's model calls; null when no model was called. */
      usage: {
        input_tokens: number;
        output_tokens: number;
        total_tokens: number;
      } | null;
    };
    ReplyRetry: {
      /** @description The reply job (GET /v1/jobs/{id}); the same while it may still run. */
      job_id: string;
      thread_id: string;
    };
    /** @description The JSON `data` of one server-sent event of a reply stream in Parley's data protocol. With `?protocol=ui` the events are the AI SDK UI message stream's instead, ending with `data: [DONE]`. */
    ReplyStreamEvent:
      | {
          textDelta: string;
          /** @constant */
          type: "text-delta";
        }
      | {
          /** @description Present when the call waits for a person's approval. */
          approvalId?: string;
          /**
           * @description Who is to approve it.
           * @enum {string}
           */
          approvalPolicy?: "user_approve" | "operator_approve";
          /** @description The tool input the model gave. */
          args: unknown;
          toolCallId: string;
          toolName: string;
          /** @constant */
          type: "tool-call";
        }
      | {
          /** @description The tool's output; for a refused call `{denied: true, reason}`. */
          result: unknown;
          toolCallId: string;
          toolName: string;
          /** @constant */
          type: "tool-result";
        }
      | {
          /** @enum {string} */
          finishReason: "stop" | "length" | "tool-calls";
          /** @description The stored reply message; null when nothing was said. */
          message_id: string | null;
          thread_id: string;
          /** @constant */
          type: "finish";
        }
      | {
          code: string;
          message: string;
          /** @constant */
          type: "error";
        };
    RoutingSettings: {
      /** @description Hand-offs are assigned to an online operator by round robin (docs/routing.md). */
      auto_assign: boolean;
      /** @description The team a hand-off without a team is queued to; null: none. */
      handoff_team: {
        id: string;
        name: string;
      } | null;
      /** @description Minutes without a console request after which an operator counts as offline. */
      offline_after_minutes: number;
    };
    RoutingSettingsRequestInput: {
      auto_assign?: boolean;
      /** @description A team of the project, or null. */
      handoff_team_id?: string | null;
      offline_after_minutes?: number;
    };
    Scheduled: {
      id: string;
      /** @constant */
      scheduled: true;
      scheduled_at: string;
    };
    SearchFilterInput:
      | {
          key: string;
          /** @enum {string} */
          type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte";
          value: string | number | boolean;
        }
      | {
          key: string;
          /** @enum {string} */
          type: "in" | "nin";
          value: (string | number | boolean)[];
        }
      | {
          filters: components["schemas"]["SearchFilterInput"][];
          /** @enum {string} */
          type: "and" | "or";
        };
    SendWhatsappTemplateInput: {
      /** @description The template's language code, e.g. `en_US`. */
      language: string;
      name: string;
      parameters?: {
        /** @description The body's values, in placeholder order. */
        body?: string[];
        /** @description The header's values, in placeholder order. */
        header?: string[];
      };
      /**
       * Format: date-time
       * @description Send later (a re-engagement message): the answer is then 202 with the job id.
       */
      scheduledAt?: string;
    };
    /** @description A console sign-in session (docs/console.md). */
    Session: {
      /** @description Send as `X-CSRF-Token` on every request other than GET with this session. */
      csrf_token: string;
      expires_at: string;
      id: string;
      project: {
        id: string;
        name: string;
      };
      /** @description Every project the person belongs to (switch with POST /v1/session/project). */
      projects: {
        id: string;
        name: string;
        role: components["schemas"]["OperatorRole"];
      }[];
      role: components["schemas"]["OperatorRole"];
      user: {
        email: string;
        id: string;
        name: string;
      };
    };
    SetAvailabilityRequestInput: {
      availability: components["schemas"]["OperatorAvailabilityInput"];
    };
    SignInRequestInput: {
      email: string;
      password: string;
      /** @description The project to work in; default the first one. */
      project_id?: string;
    };
    StreamBodyInput: {
      id?: string;
      messageId?: string;
      messages: {
        content?: string;
        id?: string;
        metadata?: unknown;
        parts?: ({
          text?: string;
          type: string;
        } & {
          [key: string]: unknown;
        })[];
        /**
         * @description `user` only, except with `?protocol=ui`, where useChat's whole history is accepted.
         * @enum {string}
         */
        role: "user" | "assistant" | "system";
      }[];
      /** @description Who is writing (an addition to the base specification): threads of the same person share a Person. */
      person?: {
        avatar_url?: string | null;
        external_id: string;
        name?: string | null;
      };
      /**
       * Format: date-time
       * @description Defer the reply: answered 202, delivered as message_created.
       */
      scheduledAt?: string;
      trigger?: string;
    };
    TbankAuthDataInput: {
      /** @description Terminal password; signs requests and verifies notifications. */
      password: string;
      /** @description `TerminalKey` of the terminal. */
      terminal_key: string;
    };
    /** @description A team of the project's operators with a queue of its own (docs/routing.md). */
    Team: {
      created_at: string;
      id: string;
      /** @description Its operators, in the order they joined. */
      members: {
        id: string;
        name: string;
      }[];
      /** @description Unique within the project. */
      name: string;
      updated_at: string;
    };
    TeamList: {
      data: components["schemas"]["Team"][];
    };
    TeamMemberRequestInput: {
      /** @description An operator of the project. */
      operator_id: string;
    };
    TeamRequestInput: {
      name: string;
    };
    TelegramAuthDataInput: {
      /** @description Bot token from @BotFather, `<bot id>:<secret>`. */
      token: string;
      /** @description `secret_token` for setWebhook; checked on every inbound update. */
      webhook_secret?: string;
    };
    TemplatePayload: {
      components: {
        parameters: {
          parameter_name?: string;
          text: string;
          /** @constant */
          type: "text";
        }[];
        /** @enum {string} */
        type: "header" | "body";
      }[];
      language: string;
      name: string;
    };
    Thread: {
      /** @description The operator working on the thread (docs/console.md). */
      assignee: components["schemas"]["OperatorRef"] | null;
      bot_id: string;
      chat_id: string;
      created_at: string;
      id: string;
      /** @description The thread's label names, sorted (docs/labels.md). */
      labels: string[];
      last_message_at: string | null;
      mode: components["schemas"]["ThreadMode"];
      /** @description User messages since the last reply that the AI did not answer, plus approvals awaiting an operator. */
      pending_count: number;
      /** @description Set when the AI gave up on a reply and its messages are still unanswered; null again once a reply (the AI's or an operator's) answers them. */
      reply_failure: components["schemas"]["ReplyFailure"] | null;
      /** @description WhatsApp threads only (null for other channels): the 24-hour customer-service window; once closed, only a message template reaches the customer (docs/conversations.md, "Reply window"). */
      reply_window: {
        /** @description 24 hours after the customer's last message (ISO 8601); null while they never wrote. */
        closes_at: string | null;
        /** @description Whether free text can still reach the customer. */
        open: boolean;
      } | null;
      /** @description While `snoozed` with a time: when it reopens (ISO 8601); null otherwise. */
      snoozed_until: string | null;
      status: components["schemas"]["ThreadStatus"];
      /** @description When the status last changed (the creation for a new thread). */
      status_changed_at: string;
      taken_over_at: string | null;
      /** @description Who last took the thread over from the AI (switched it to `manual` or `operator`). */
      taken_over_by: components["schemas"]["ThreadActor"] | null;
      /** @description The team whose queue the thread is in; null: the project's (docs/routing.md). */
      team: {
        id: string;
        name: string;
      } | null;
      title: string | null;
    };
    /** @description Who did something to a thread: a signed-in person or an API key. */
    ThreadActor: {
      /** @description The operator's id, or the API key's id. */
      id: string;
      /** @description The operator's name; null for an API key. */
      name: string | null;
      /** @enum {string} */
      type: "operator" | "api_key";
    };
    /** @description Threads per status under the given filters; every status present. */
    ThreadCounts: {
      open: number;
      pending: number;
      resolved: number;
      snoozed: number;
    };
    ThreadDetail: {
      /** @description The operator working on the thread (docs/console.md). */
      assignee: components["schemas"]["OperatorRef"] | null;
      bot_id: string;
      chat_id: string;
      created_at: string;
      id: string;
      /** @description The thread's label names, sorted (docs/labels.md). */
      labels: string[];
      last_message_at: string | null;
      mode: components["schemas"]["ThreadMode"];
      /** @description User messages since the last reply that the AI did not answer, plus approvals awaiting an operator. */
      pending_count: number;
      person: components["schemas"]["Person"] | null;
      /** @description Set when the AI gave up on a reply and its messages are still unanswered; null again once a reply (the AI's or an operator's) answers them. */
      reply_failure: components["schemas"]["ReplyFailure"] | null;
      /** @description WhatsApp threads only (null for other channels): the 24-hour customer-service window; once closed, only a message template reaches the customer (docs/conversations.md, "Reply window"). */
      reply_window: {
        /** @description 24 hours after the customer's last message (ISO 8601); null while they never wrote. */
        closes_at: string | null;
        /** @description Whether free text can still reach the customer. */
        open: boolean;
      } | null;
      /** @description While `snoozed` with a time: when it reopens (ISO 8601); null otherwise. */
      snoozed_until: string | null;
      stats: {
        /** @description AI replies only (not operator messages). */
        bot_messages: number;
        messages_total: number;
        user_messages: number;
      };
      status: components["schemas"]["ThreadStatus"];
      /** @description When the status last changed (the creation for a new thread). */
      status_changed_at: string;
      taken_over_at: string | null;
      /** @description Who last took the thread over from the AI (switched it to `manual` or `operator`). */
      taken_over_by: components["schemas"]["ThreadActor"] | null;
      /** @description The team whose queue the thread is in; null: the project's (docs/routing.md). */
      team: {
        id: string;
        name: string;
      } | null;
      title: string | null;
    };
    /** @description One change to a thread. Sent as the JSON `data` of an unnamed server-sent event (an EventSource's `onmessage`; `type` says what it is) whose `id` is a sequence number to resume from with `Last-Event-ID`. */
    ThreadEvent:
      | {
          /** @description When the change happened; ISO 8601, UTC. */
          created_at: string;
          /** @description The thread's new pending_count. */
          pending_count: number;
          thread_id: string;
          /** @constant */
          type: "pending_count";
        }
      | {
          /** @description Who switched it (absent when Parley did: the handoff tool, a channel). */
          by?: components["schemas"]["ThreadActor"];
          /** @description When the change happened; ISO 8601, UTC. */
          created_at: string;
          /**
           * @description The thread's new mode.
           * @enum {string}
           */
          mode: "auto" | "manual" | "operator" | "blocked";
          thread_id: string;
          /** @constant */
          type: "mode_changed";
        }
      | {
          /** @description Who changed it (absent when Parley did: see `source`). */
          by?: components["schemas"]["ThreadActor"];
          /** @description When the change happened; ISO 8601, UTC. */
          created_at: string;
          /** @enum {string} */
          previous_status: "open" | "pending" | "snoozed" | "resolved";
          /** @description When a snooze with a time ends; null otherwise. */
          snoozed_until: string | null;
          /**
           * @description Without `by`: what in Parley changed it (docs/conversations.md, "Status").
           * @enum {string}
           */
          source?: "customer_message" | "snooze_expired" | "auto_resolve" | "tool";
          /**
           * @description The thread's new status.
           * @enum {string}
           */
          status: "open" | "pending" | "snoozed" | "resolved";
          thread_id: string;
          /** @constant */
          type: "status_changed";
        }
      | {
          /** @description The operator now working on the thread, or null. */
          assignee: components["schemas"]["OperatorRef"] | null;
          /** @description When the change happened; ISO 8601, UTC. */
          created_at: string;
          /**
           * @description `routing`: auto-assignment assigned it (docs/routing.md); absent when a person or key did.
           * @constant
           */
          source?: "routing";
          thread_id: string;
          /** @constant */
          type: "thread_assigned";
        }
      | {
          /** @description When the change happened; ISO 8601, UTC. */
          created_at: string;
          /** @description The new message (an addition to the base specification). */
          message: components["schemas"]["ThreadEventMessage"];
          thread_id: string;
          /** @constant */
          type: "message_created";
        }
      | {
          /** @description Model calls made before giving up (retries included); 0 for none. */
          attempts: number;
          bot_id: string;
          chat_id: string;
          /** @description `model_error`, `model_timeout`, `model_unavailable`, `insufficient_credits` or `turn_failed` (docs/conversations.md). */
          code: string;
          /** @description When the change happened; ISO 8601, UTC. */
          created_at: string;
          /** @description The user messages left unanswered, oldest first. */
          message_ids: string[];
          /** @description What went wrong, for a person. */
          reason: string;
          thread_id: string;
          /** @constant */
          type: "reply_failed";
        }
      | {
          /** @description When the change happened; ISO 8601, UTC. */
          created_at: string;
          /** @description The rater's feedback as it now is; as it was, when `removed` (docs/quality.md, "Feedback"). */
          feedback: components["schemas"]["ThreadEventFeedback"];
          message_id: string;
          /** @description The rater took their feedback back. */
          removed: boolean;
          thread_id: string;
          /** @constant */
          type: "message_feedback";
        }
      | {
          /** @description When the change happened; ISO 8601, UTC. */
          created_at: string;
          /** @description The next piece of the reply's text. */
          delta: string;
          /** @description Where `delta` starts in the reply's text so far. */
          offset: number;
          thread_id: string;
          /** @description Names the reply being written: all its deltas carry the same id. */
          turn_id: string;
          /** @constant */
          type: "reply_delta";
        }
      | {
          /** @description Names put on by this change. */
          added: string[];
          /** @description Who changed them (absent when the bot did: the add_label tool). */
          by?: components["schemas"]["ThreadActor"];
          /** @description When the change happened; ISO 8601, UTC. */
          created_at: string;
          /** @description The thread's label names after the change, sorted (docs/labels.md). */
          labels: string[];
          /** @description Names taken off by this change. */
          removed: string[];
          thread_id: string;
          /** @constant */
          type: "labels_changed";
        }
      | {
          /** @description When the change happened; ISO 8601, UTC. */
          created_at: string;
          /** @description Operators mentioned by this change for the first time: each has a new unread mention. */
          mentioned: string[];
          /** @description The note as it now is; as it was, for `note_deleted`. */
          note: components["schemas"]["ThreadEventNote"];
          thread_id: string;
          /** @constant */
          type: "note_created";
        }
      | {
          /** @description When the change happened; ISO 8601, UTC. */
          created_at: string;
          /** @description Operators mentioned by this change for the first time: each has a new unread mention. */
          mentioned: string[];
          /** @description The note as it now is; as it was, for `note_deleted`. */
          note: components["schemas"]["ThreadEventNote"];
          thread_id: string;
          /** @constant */
          type: "note_updated";
        }
      | {
          /** @description When the change happened; ISO 8601, UTC. */
          created_at: string;
          /** @description Operators mentioned by this change for the first time: each has a new unread mention. */
          mentioned: string[];
          /** @description The note as it now is; as it was, for `note_deleted`. */
          note: components["schemas"]["ThreadEventNote"];
          thread_id: string;
          /** @constant */
          type: "note_deleted";
        };
    ThreadEventFeedback: {
      comment: string | null;
      /** @description A better answer an operator wrote; null from customers. */
      correction: string | null;
      /** @description ISO 8601, UTC */
      created_at: string;
      /** @description `fb_…`; the same while the rater's feedback is replaced. */
      id: string;
      message_id: string;
      /** @description The signed-in operator who rated; null for the customer and for an API key. */
      operator: {
        id: string;
        name: string;
      } | null;
      /** @enum {string} */
      rating: "up" | "down";
      /**
       * @description `customer`: the end user (the widget); `operator`: a person of the project or an API key.
       * @enum {string}
       */
      source: "customer" | "operator";
      thread_id: string;
      /** @description When it was last replaced; ISO 8601, UTC */
      updated_at: string;
    };
    ThreadEventMessage: {
      /** @description What a channel message carried besides text (present only then); `content` has a readable placeholder. */
      attachments?: components["schemas"]["MessageAttachment"][];
      /**
       * @description Who wrote it: the end user, the AI (`bot`), or a human operator.
       * @enum {string}
       */
      author: "user" | "bot" | "operator";
      /** @description The buttons offered under the message (present only then; docs/channels.md, "Buttons"): `reply` buttons answer with their label, `link` buttons open their URL. */
      buttons?: components["schemas"]["MessageButton"][];
      /** @description On a customer's message that is the press of a reply button (present only then): which one. */
      choice?: components["schemas"]["MessageChoice"];
      content: string;
      /** @description ISO 8601, UTC */
      created_at: string;
      /** @description How the message went out to a vendor channel (present only for messages sent to one). */
      delivery?: components["schemas"]["MessageDelivery"];
      /** @description Pictures and files the message sends (present only then; docs/channels.md, "Files"); operators download them at GET /v1/threads/{id}/files/{file_id}. */
      files?: components["schemas"]["MessageFile"][];
      id: string;
      /** @description The signed-in operator who wrote it (present only on `operator` messages sent from a session). */
      operator?: components["schemas"]["OperatorRef"];
      /** @enum {string} */
      role: "user" | "assistant" | "tool";
      /** @description The tools an assistant message called, with their arguments (present only then). */
      tool_calls?: {
        /** @description The arguments the model gave. */
        args: unknown;
        /** @description The call's id (the model's), shared by its result. */
        id: string;
        /** @description The tool as the model called it (`mcp__shop__get_order` for `mcp:shop:get_order`). */
        name: string;
      }[];
      /** @description What the tools answered, on a `tool` message (present only then). */
      tool_results?: {
        name: string;
        /** @description What the model was given: the tool's JSON, the error text, or the refusal's reason. */
        result: unknown;
        /**
         * @description `ok`: the tool answered; `error`: it failed or refused (the model saw the message); `denied`: a person refused the call.
         * @enum {string}
         */
        status: "ok" | "error" | "denied";
        tool_call_id: string;
      }[];
    };
    ThreadEventNote: {
      /** @description Who wrote it; only they may edit or delete it. */
      author: {
        /** @description The operator's id, or the API key's id. */
        id: string;
        /** @description The operator's name; null for an API key. */
        name: string | null;
        /** @enum {string} */
        type: "operator" | "api_key";
      };
      /** @description ISO 8601, UTC */
      created_at: string;
      /** @description `note_…` */
      id: string;
      /** @description The ids of the operators the note mentions; each got an entry in their mentions inbox. */
      mentions: string[];
      /** @description The note, 1–10000 characters, as written. */
      text: string;
      thread_id: string;
      /** @description When it was last edited; ISO 8601, UTC */
      updated_at: string;
    };
    ThreadExport: {
      /** @description ISO 8601, UTC. */
      exported_at: string;
      /** @description Every message, oldest first (tool steps included). */
      messages: components["schemas"]["Message"][];
      thread: components["schemas"]["ThreadDetail"];
    };
    ThreadList: {
      data: components["schemas"]["ThreadListItem"][];
      next_cursor: string | null;
    };
    ThreadListItem: {
      /** @description The operator working on the thread (docs/console.md). */
      assignee: components["schemas"]["OperatorRef"] | null;
      bot_id: string;
      chat_id: string;
      created_at: string;
      id: string;
      /** @description The thread's label names, sorted (docs/labels.md). */
      labels: string[];
      /** @description The newest message with text. */
      last_message: {
        /** @enum {string} */
        author: "user" | "bot" | "operator";
        /** @description The first 200 characters. */
        content: string;
        created_at: string;
      } | null;
      last_message_at: string | null;
      mode: components["schemas"]["ThreadMode"];
      /** @description User messages since the last reply that the AI did not answer, plus approvals awaiting an operator. */
      pending_count: number;
      /** @description Who the thread is with. */
      person: {
        avatar_url: string | null;
        id: string;
        name: string | null;
      } | null;
      /** @description Set when the AI gave up on a reply and its messages are still unanswered; null again once a reply (the AI's or an operator's) answers them. */
      reply_failure: components["schemas"]["ReplyFailure"] | null;
      /** @description WhatsApp threads only (null for other channels): the 24-hour customer-service window; once closed, only a message template reaches the customer (docs/conversations.md, "Reply window"). */
      reply_window: {
        /** @description 24 hours after the customer's last message (ISO 8601); null while they never wrote. */
        closes_at: string | null;
        /** @description Whether free text can still reach the customer. */
        open: boolean;
      } | null;
      /** @description While `snoozed` with a time: when it reopens (ISO 8601); null otherwise. */
      snoozed_until: string | null;
      status: components["schemas"]["ThreadStatus"];
      /** @description When the status last changed (the creation for a new thread). */
      status_changed_at: string;
      taken_over_at: string | null;
      /** @description Who last took the thread over from the AI (switched it to `manual` or `operator`). */
      taken_over_by: components["schemas"]["ThreadActor"] | null;
      /** @description The team whose queue the thread is in; null: the project's (docs/routing.md). */
      team: {
        id: string;
        name: string;
      } | null;
      title: string | null;
    };
    /** @enum {string} */
    ThreadMode: "auto" | "manual" | "operator" | "blocked";
    /** @enum {string} */
    ThreadModeInput: "auto" | "manual" | "operator" | "blocked";
    /** @description A private note in a thread: the team's only, never the customer's or the model's. */
    ThreadNote: {
      /** @description Who wrote it; only they may edit or delete it. */
      author: {
        /** @description The operator's id, or the API key's id. */
        id: string;
        /** @description The operator's name; null for an API key. */
        name: string | null;
        /** @enum {string} */
        type: "operator" | "api_key";
      };
      /** @description ISO 8601, UTC */
      created_at: string;
      /** @description `note_…` */
      id: string;
      /** @description The ids of the operators the note mentions; each got an entry in their mentions inbox. */
      mentions: string[];
      /** @description The note, 1–10000 characters, as written. */
      text: string;
      thread_id: string;
      /** @description When it was last edited; ISO 8601, UTC */
      updated_at: string;
    };
    ThreadNoteList: {
      /** @description Oldest first. */
      data: components["schemas"]["ThreadNote"][];
    };
    ThreadRating: {
      /** @description The thread's latest survey; null: never asked or rated. */
      rating: components["schemas"]["CsatRating"] | null;
    };
    /**
     * @description `open`, `pending` (waiting on the customer), `snoozed` (until `snoozed_until`, or the customer's next message) or `resolved` (docs/conversations.md, "Status").
     * @enum {string}
     */
    ThreadStatus: "open" | "pending" | "snoozed" | "resolved";
    /**
     * @description `open`, `pending` (waiting on the customer), `snoozed` (until `snoozed_until`, or the customer's next message) or `resolved` (docs/conversations.md, "Status").
     * @enum {string}
     */
    ThreadStatusInput: "open" | "pending" | "snoozed" | "resolved";
    ThreadTeamRequestInput: {
      /** @description The team whose queue the thread goes to; null: the project's queue. */
      team_id: string | null;
    };
    Tool: {
      /** @description What the tool does, for developers (English). The model is given a description of its own. */
      description: string;
      /** @description JSON Schema (draft-07) of the tool's input, as the model is given it. */
      input_schema: {
        [key: string]: unknown;
      };
      /** @description The tool's name: the key that enables it in a bot's `ai.tools`. */
      name: string;
      /** @description The approval policies `ai.tools` may set for this tool. */
      policies: ("auto" | "user_approve" | "operator_approve")[];
      /** @description Where the tool comes from: built into Parley, an active integration or payment terminal of the project, the project's own HTTP tool (`custom`), or one of its MCP servers (`mcp`). */
      source: {
        /** @description The integration that offers it (its credentials run it). */
        integration_id?: string;
        /** @enum {string} */
        kind: "builtin" | "integration" | "payments" | "custom" | "mcp";
        /** @description That MCP server's name. */
        server?: string;
        /** @description The MCP server that offers it (`kind: mcp`). */
        server_id?: string;
        /** @description The project's own HTTP tool (`kind: custom`). */
        tool_id?: string;
        vendor?: string;
      };
      /** @description What the tool does, for people choosing tools, in the answer's language. Custom and MCP tools: their own description, as written (they have no translations). */
      summary: string;
      /** @description A short name for people (the console, approvals), in the answer's language. Custom and MCP tools: their name. */
      title: string;
    };
    ToolApproval: {
      /** @description The tool input the model asked for. */
      args: unknown;
      created_at: string;
      decided_at: string | null;
      decided_by: ("operator" | "user") | null;
      id: string;
      /** @enum {string} */
      policy: "user_approve" | "operator_approve";
      reason: string | null;
      /** @enum {string} */
      status: "pending" | "approved" | "rejected";
      thread_id: string;
      tool_name: string;
    };
    Transaction: {
      /** @description Signed change of the balance: negative for a charge or a refund. Credits, to 1/1000. */
      amount: number;
      balance_after: components["schemas"]["BillingBalance"];
      created_at: string;
      description: string;
      /** @description Charges: `thread_id`, `message_id`, `model`, `input_tokens`, `output_tokens`. */
      details: {
        [key: string]: unknown;
      } | null;
      id: string;
      /** @description What it is for: a reply's message id (charges), an invoice id (top-ups). */
      reference: string | null;
      /** @enum {string} */
      type: "charge" | "topup" | "bonus" | "refund";
    };
    TransactionPage: {
      data: components["schemas"]["Transaction"][];
      /** @description All transactions of the project. */
      total: number;
    };
    /** @description What one turn was given and did (docs/quality.md, "Traces"). */
    TurnTrace: {
      bot_id: string | null;
      /** @description The bot's version that answered (docs/quality.md, "Versions"); null in traces from before versions. */
      bot_version: number | null;
      /** @description The failure's code (`model_error`, `model_timeout`, …). */
      code: string | null;
      /** @description What the reply was charged (docs/billing.md, "Charges"); null for a failure or no charge. */
      credits: number | null;
      duration_ms: number;
      /** @description Ratings of the reply's messages by the customer and operators (docs/quality.md, "Feedback"). */
      feedback: {
        comment: string | null;
        /** @description A better answer an operator wrote; null from customers. */
        correction: string | null;
        /** @description ISO 8601, UTC */
        created_at: string;
        /** @description `fb_…`; the same while the rater's feedback is replaced. */
        id: string;
        message_id: string;
        /** @description The signed-in operator who rated; null for the customer and for an API key. */
        operator: {
          id: string;
          name: string;
        } | null;
        /** @enum {string} */
        rating: "up" | "down";
        /**
         * @description `customer`: the end user (the widget); `operator`: a person of the project or an API key.
         * @enum {string}
         */
        source: "customer" | "operator";
        thread_id: string;
        /** @description When it was last replaced; ISO 8601, UTC */
        updated_at: string;
      }[];
      /** @description From the start of the turn to the model's first output. */
      first_token_ms: number | null;
      /** @description `remove_markdown`, `remove_emojis`: what the reply's text went through. */
      formatting: string[];
      id: string;
      job_id: string | null;
      /** @description Each knowledge search and the passages it returned. */
      knowledge: {
        passages: {
          /** @description The passage's index in its file. */
          chunk: number;
          file_id: string;
          file_name: string;
          score: number;
          vector_store_id: string;
        }[];
        query: string;
      }[];
      /** @description The messages the reply stored (tool steps and the final reply), oldest first; empty for a failure. */
      message_ids: string[];
      model: string | null;
      model_requests: {
        /** @description The model call's attempt, from 1: a retry is a later attempt. */
        attempt: number;
        /** @description The tokens at the catalog's prices (a turn is charged once, for its total: see `credits`). */
        cost_credits: number | null;
        duration_ms: number;
        error: {
          code: string;
          message: string;
        } | null;
        finish_reason: string | null;
        /** @description From the request to its first output. */
        first_token_ms: number | null;
        input_tokens: number;
        /** @description `<provider>/<model>` as the bot names it. */
        model: string;
        output_tokens: number;
        /** @description The sampling parameters the bot set. */
        parameters: {
          [key: string]: number;
        };
        /** @description The model the provider says answered. */
        response_model: string | null;
        started_at: string;
        /** @description The request's step in its attempt, from 0 (tools run between steps). */
        step: number;
      }[];
      /** @constant */
      object: "turn_trace";
      /** @enum {string} */
      outcome: "replied" | "failed";
      /** @description The failure, as operators read it. */
      reason: string | null;
      /** @description A short hash of the bot's settings the turn read. */
      settings_version: string | null;
      started_at: string;
      /** @description Null for an evaluation's turn (docs/quality.md, "Evaluations"). */
      thread_id: string | null;
      tool_calls: {
        /** @description Present when the call waited for a person's decision. */
        approval: {
          /** @description `operator` or `user`. */
          decided_by: string | null;
          /** @enum {string} */
          decision: "approved" | "denied";
          policy: string;
        } | null;
        /** @description The arguments the model gave (large values cut: docs/quality.md). */
        args: unknown;
        call_id: string;
        duration_ms: number;
        /** @description The tool's `ai.tools` key. */
        name: string;
        /** @description What the model was given back: the result, the error or the refusal. */
        result: unknown;
        started_at: string;
        /** @enum {string} */
        status: "ok" | "error" | "denied";
      }[];
      /** @description Some arguments or results were cut to fit (docs/quality.md, "Traces"). */
      truncated: boolean;
      usage: {
        input_tokens: number;
        output_tokens: number;
      };
      window: {
        /** @description The stored messages in the model's window, oldest first. */
        message_ids: string[];
        /** @description Earlier messages semantic recall added, best first. */
        recalled: {
          message_id: string;
          score: number;
          thread_id: string;
        }[];
      };
    };
    TurnTraceList: {
      data: components["schemas"]["TurnTrace"][];
      /** @description Pass as `cursor` for older traces; null at the end. */
      next_cursor: string | null;
    };
    VectorStore: {
      /** @description ISO 8601, UTC */
      created_at: string;
      expires_after: components["schemas"]["ExpiresAfter"] | null;
      expires_at: string | null;
      /** @description = file_counts.total */
      file_count: number;
      file_counts: components["schemas"]["VectorStoreFileCounts"];
      id: string;
      last_active_at: string | null;
      metadata: {
        [key: string]: string;
      };
      name: string | null;
      /** @constant */
      object: "vector_store";
      /**
       * @description indexing: files are being processed; ready: every file is searchable or failed.
       * @enum {string}
       */
      status: "indexing" | "ready" | "error";
      usage_bytes: number;
    };
    VectorStoreFile: {
      attributes: {
        [key: string]: string | number | boolean;
      };
      chunking_strategy: components["schemas"]["ChunkingStrategy"];
      /** @description ISO 8601, UTC */
      created_at: string;
      filename: string;
      /** @description The file's id. */
      id: string;
      last_error: components["schemas"]["VectorStoreFileError"] | null;
      /** @constant */
      object: "vector_store.file";
      status: components["schemas"]["VectorStoreFileStatus"];
      usage_bytes: number;
      vector_store_id: string;
    };
    VectorStoreFileBatch: {
      /** @description ISO 8601, UTC */
      created_at: string;
      file_counts: components["schemas"]["VectorStoreFileCounts"];
      id: string;
      /** @constant */
      object: "vector_store.files_batch";
      /** @enum {string} */
      status: "in_progress" | "completed" | "cancelled" | "failed";
      vector_store_id: string;
    };
    VectorStoreFileContent: {
      data: {
        text: string;
        /** @constant */
        type: "text";
      }[];
      /** @constant */
      has_more: false;
      next_page: null;
      /** @constant */
      object: "vector_store.file_content.page";
    };
    /** @description Files by status, in OpenAI's names: in_progress = pending, completed = processed, failed = error. */
    VectorStoreFileCounts: {
      cancelled: number;
      completed: number;
      failed: number;
      in_progress: number;
      total: number;
    };
    VectorStoreFileError: {
      /**
       * @description unsupported_file: not a format that can be read; invalid_file: damaged, empty or over a size limit; document_too_complex: nested too deeply, or a PDF page tree that repeats a page; parse_timeout, parse_out_of_memory: parsing passed its time or memory limit; parse_crashed: the parser died on it; server_error: anything else, after retries.
       * @enum {string}
       */
      code:
        | "server_error"
        | "unsupported_file"
        | "invalid_file"
        | "document_too_complex"
        | "parse_timeout"
        | "parse_out_of_memory"
        | "parse_crashed";
      message: string;
    };
    VectorStoreFileList: {
      data: components["schemas"]["VectorStoreFile"][];
      first_id: string | null;
      has_more: boolean;
      last_id: string | null;
      /** @constant */
      object: "list";
    };
    /**
     * @description pending: being parsed and embedded; processed: searchable; error: see last_error.
     * @enum {string}
     */
    VectorStoreFileStatus: "pending" | "processed" | "error" | "cancelled";
    /**
     * @description pending: being parsed and embedded; processed: searchable; error: see last_error.
     * @enum {string}
     */
    VectorStoreFileStatusInput: "pending" | "processed" | "error" | "cancelled";
    VectorStoreList: {
      data: components["schemas"]["VectorStore"][];
      first_id: string | null;
      has_more: boolean;
      last_id: string | null;
      /** @constant */
      object: "list";
    };
    VectorStoreSearchResults: {
      data: {
        attributes: {
          [key: string]: string | number | boolean;
        };
        content: {
          text: string;
          /** @constant */
          type: "text";
        }[];
        file_id: string;
        filename: string;
        /** @description 0..1, higher is better. */
        score: number;
      }[];
      /** @constant */
      has_more: false;
      next_page: null;
      /** @constant */
      object: "vector_store.search_results.page";
      search_query: string[];
    };
    VkAuthDataInput: {
      /** @description Community (group) access token with the messages permission. */
      access_token: string;
      /** @description String the Callback API `confirmation` event must be answered with. */
      confirmation_code?: string;
      /** @description Community id; needed for Bots Long Poll and the Callback API confirmation. */
      group_id?: number;
      /** @description Callback API secret key; VK sends it in the body of every event. */
      secret?: string;
    };
    /** @description The credit balance fell below the threshold. */
    WebhookBillingBalanceLowData: {
      /** @description Bonus credits included in `credits`. */
      bonus: number;
      /** @description The balance after the charge that crossed the threshold. */
      credits: number;
      threshold: number;
    };
    /** @description A bot version went live (docs/quality.md, "Versions"). */
    WebhookBotPublishedData: {
      /**
       * @description `publish` (a draft or a version by number), `rollback`, or `settings` (a live settings change).
       * @enum {string}
       */
      action: "publish" | "rollback" | "settings";
      bot_id: string;
      /** @description The version that answered before. */
      previous_version: number;
      /** @description The settings' short hash, as traces and evaluation runs name it. */
      settings_version: string;
      /** @description The version that now answers customers. */
      version: number;
    };
    /** @description One contact was merged into another (docs/contacts.md, "Merging"). */
    WebhookContactMergedData: {
      /** @description The contact that stays. */
      contact_id: string;
      /** @description The contact merged into it: no longer listed; its identities reach `contact_id`. */
      merged_contact_id: string;
      /** @description How many threads moved to `contact_id`. */
      threads_moved: number;
    };
    /** @description A contact's fields were changed through the API or the console (docs/contacts.md). */
    WebhookContactUpdatedData: {
      contact_id: string;
      /** @description The fields the change set (`name`, `email`, `attributes`, …). */
      fields: string[];
    };
    /** @description A customer rated a resolved conversation (docs/csat.md). */
    WebhookConversationRatedData: {
      bot_id: string;
      chat_id: string;
      comment: string | null;
      /** @description The operator rated: the assignee at resolution; null: none. */
      operator_id: string | null;
      /** @description 1 (bad) to 5 (great). */
      rating: number;
      /**
       * @description The customer's message, the widget's buttons, or the API.
       * @enum {string}
       */
      source: "message" | "widget" | "api";
      thread_id: string;
    };
    WebhookDelivery: {
      /** @description Attempts made so far, replays included. */
      attempts: number;
      /** @description ISO 8601, UTC */
      created_at: string;
      delivered_at: string | null;
      event_id: string;
      /** @enum {string} */
      event_type:
        | "thread.created"
        | "thread.message.created"
        | "thread.mode.changed"
        | "integration.auth_lost"
        | "billing.balance.low"
        | "thread.approval.requested"
        | "webhook_endpoint.disabled"
        | "payment.confirmed"
        | "thread.reply.failed"
        | "message.feedback"
        | "bot.published"
        | "thread.labels.changed"
        | "thread.status.changed"
        | "thread.note.created"
        | "contact.merged"
        | "contact.updated"
        | "conversation.rated"
        | "thread.assigned";
      id: string;
      /** @description Why the latest attempt failed, if it did. */
      last_error: string | null;
      /** @description The start (up to 2,000 characters) of the receiver's latest response body. */
      last_response: string | null;
      /** @description HTTP status of the latest attempt, if it got one. */
      last_status_code: number | null;
      /** @description When a pending delivery is tried next; null once final. */
      next_attempt_at: string | null;
      status: components["schemas"]["WebhookDeliveryStatus"];
    };
    WebhookDeliveryList: {
      data: components["schemas"]["WebhookDelivery"][];
      next_cursor: string | null;
    };
    /** @enum {string} */
    WebhookDeliveryStatus: "pending" | "succeeded" | "failed" | "cancelled";
    WebhookEndpoint: {
      /** @description ISO 8601, UTC */
      created_at: string;
      /** @description Why the service disabled the endpoint: `gone` (it answered 410) or `failing for over 24 hours`. null when active or disabled through the API. */
      disabled_reason: string | null;
      /** @description The event types sent to this endpoint; null means every type. */
      events:
        | (
            | "thread.created"
            | "thread.message.created"
            | "thread.mode.changed"
            | "integration.auth_lost"
            | "billing.balance.low"
            | "thread.approval.requested"
            | "webhook_endpoint.disabled"
            | "payment.confirmed"
            | "thread.reply.failed"
            | "message.feedback"
            | "bot.published"
            | "thread.labels.changed"
            | "thread.status.changed"
            | "thread.note.created"
            | "contact.merged"
            | "contact.updated"
            | "conversation.rated"
            | "thread.assigned"
          )[]
        | null;
      id: string;
      /** @description true: one delivery at a time, in the order the events happened; a failing delivery holds back the ones behind it. false: deliveries go out concurrently. */
      ordered: boolean;
      status: components["schemas"]["WebhookEndpointStatus"];
      /** @description ISO 8601, UTC */
      updated_at: string;
      url: string;
    };
    /** @description The service disabled a webhook endpoint; sent to the project's other active endpoints. */
    WebhookEndpointDisabledData: {
      endpoint_id: string;
      /** @description `gone` (it answered 410) or `failing for over 24 hours`. */
      reason: string;
      url: string;
    };
    /** @enum {string} */
    WebhookEndpointStatus: "active" | "disabled";
    /** @enum {string} */
    WebhookEndpointStatusInput: "active" | "disabled";
    /** @description The JSON body of every webhook request. */
    WebhookEvent:
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookThreadCreatedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "thread.created";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookThreadMessageCreatedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "thread.message.created";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookThreadModeChangedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "thread.mode.changed";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookIntegrationAuthLostData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "integration.auth_lost";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookBillingBalanceLowData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "billing.balance.low";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookThreadApprovalRequestedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "thread.approval.requested";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookEndpointDisabledData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "webhook_endpoint.disabled";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookPaymentConfirmedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "payment.confirmed";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookThreadReplyFailedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "thread.reply.failed";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookMessageFeedbackData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "message.feedback";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookBotPublishedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "bot.published";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookThreadLabelsChangedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "thread.labels.changed";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookThreadStatusChangedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "thread.status.changed";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookThreadNoteCreatedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "thread.note.created";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookContactMergedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "contact.merged";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookContactUpdatedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "contact.updated";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookConversationRatedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "conversation.rated";
        }
      | {
          /** @description ISO 8601, UTC, with milliseconds */
          created_at: string;
          data: components["schemas"]["WebhookThreadAssignedData"];
          /** @description `evt_…`; the same in every delivery of the event (x-service-event-id). */
          id: string;
          /** @constant */
          type: "thread.assigned";
        };
    WebhookEventTypeInfo: {
      /** @description JSON Schema (draft 2020-12) of the event's `data`. */
      data_schema: {
        [key: string]: unknown;
      };
      description: string;
      /** @enum {string} */
      type:
        | "thread.created"
        | "thread.message.created"
        | "thread.mode.changed"
        | "integration.auth_lost"
        | "billing.balance.low"
        | "thread.approval.requested"
        | "webhook_endpoint.disabled"
        | "payment.confirmed"
        | "thread.reply.failed"
        | "message.feedback"
        | "bot.published"
        | "thread.labels.changed"
        | "thread.status.changed"
        | "thread.note.created"
        | "contact.merged"
        | "contact.updated"
        | "conversation.rated"
        | "thread.assigned";
    };
    /** @description An integration's credentials stopped working. */
    WebhookIntegrationAuthLostData: {
      integration_id: string;
      /** @description What the vendor answered, for a person. */
      reason: string;
      /** @enum {string} */
      vendor:
        | "amocrm"
        | "avito"
        | "bitrix24"
        | "facebook"
        | "github"
        | "google"
        | "instagram"
        | "parley"
        | "tbank"
        | "telegram"
        | "vk"
        | "whatsapp"
        | "yandex";
    };
    /** @description A bot message was rated, rated again, or its rating removed (docs/quality.md). */
    WebhookMessageFeedbackData: {
      chat_id: string;
      /** @description The rater's feedback as it now is; as it was, when `removed`. */
      feedback: {
        comment: string | null;
        /** @description A better answer an operator wrote; null from customers. */
        correction: string | null;
        /** @description ISO 8601, UTC */
        created_at: string;
        /** @description `fb_…`; the same while the rater's feedback is replaced. */
        id: string;
        message_id: string;
        /** @description The signed-in operator who rated; null for the customer and for an API key. */
        operator: {
          id: string;
          name: string;
        } | null;
        /** @enum {string} */
        rating: "up" | "down";
        /**
         * @description `customer`: the end user (the widget); `operator`: a person of the project or an API key.
         * @enum {string}
         */
        source: "customer" | "operator";
        thread_id: string;
        /** @description When it was last replaced; ISO 8601, UTC */
        updated_at: string;
      };
      /** @description The rated bot message. */
      message_id: string;
      /** @description The rating this feedback replaced or removed; null for the rater's first rating. */
      previous: {
        /** @enum {string} */
        rating: "up" | "down";
      } | null;
      /** @description The rater took their feedback back (DELETE). */
      removed: boolean;
      thread_id: string;
    };
    /** @description A payment link a bot made in a conversation was paid. */
    WebhookPaymentConfirmedData: {
      /** @description What was paid, in roubles (kopecks as two decimals). */
      amount: number;
      chat_id: string;
      /** @description ISO 8601, UTC, with milliseconds */
      confirmed_at: string;
      /** @description ISO 4217; `RUB`. */
      currency: string;
      /** @description The payment's description, as the payer saw it. */
      description: string;
      /** @description The project's payment terminal integration. */
      integration_id: string;
      /** @description The confirmation posted in the thread; null when none was (thread deleted or blocked). */
      message_id: string | null;
      /** @description `pay_…`: the order, T-Bank's `OrderId`. */
      order_id: string;
      /** @description T-Bank's `PaymentId`. */
      payment_id: string | null;
      /** @description The conversation the payment link was made in. */
      thread_id: string;
      /** @enum {string} */
      vendor:
        | "amocrm"
        | "avito"
        | "bitrix24"
        | "facebook"
        | "github"
        | "google"
        | "instagram"
        | "parley"
        | "tbank"
        | "telegram"
        | "vk"
        | "whatsapp"
        | "yandex";
    };
    /** @description A tool call waits for an operator's approval. */
    WebhookThreadApprovalRequestedData: {
      approval_id: string;
      /** @description The arguments the model chose for the tool. */
      args: {
        [key: string]: unknown;
      };
      thread_id: string;
      tool_name: string;
    };
    /** @description A conversation's assignee changed (docs/routing.md, "Events"). */
    WebhookThreadAssignedData: {
      /** @description The operator it is assigned to now; null: unassigned. */
      assignee: {
        id: string;
        name: string;
      } | null;
      chat_id: string;
      /** @description Who had it before; null when nobody did. */
      previous_assignee: {
        id: string;
        name: string;
      } | null;
      /** @description `routing` when auto-assignment gave it (docs/routing.md); null when a person or an API key did. */
      source: "routing" | null;
      thread_id: string;
    };
    /** @description A new conversation started. */
    WebhookThreadCreatedData: {
      bot_id: string;
      chat_id: string;
      /** @description ISO 8601, UTC, with milliseconds */
      created_at: string;
      /** @enum {string} */
      mode: "auto" | "manual" | "operator" | "blocked";
      thread_id: string;
    };
    /** @description Labels were put on or taken off a thread (docs/labels.md). */
    WebhookThreadLabelsChangedData: {
      /** @description Names put on by this change. */
      added: string[];
      chat_id: string;
      /** @description The thread's label names after the change, sorted. */
      labels: string[];
      /** @description Names taken off by this change. */
      removed: string[];
      thread_id: string;
    };
    /** @description A new message in a thread. */
    WebhookThreadMessageCreatedData: {
      chat_id: string;
      message: {
        /** @description What a channel message carried besides text (present only then); `content` has a readable placeholder. */
        attachments?: components["schemas"]["MessageAttachment"][];
        /**
         * @description Who wrote it: the end user, the AI (`bot`), or a human operator.
         * @enum {string}
         */
        author: "user" | "bot" | "operator";
        /** @description The buttons offered under the message (present only then; docs/channels.md, "Buttons"): `reply` buttons answer with their label, `link` buttons open their URL. */
        buttons?: components["schemas"]["MessageButton"][];
        /** @description On a customer's message that is the press of a reply button (present only then): which one. */
        choice?: components["schemas"]["MessageChoice"];
        content: string;
        /** @description ISO 8601, UTC */
        created_at: string;
        /** @description How the message went out to a vendor channel (present only for messages sent to one). */
        delivery?: components["schemas"]["MessageDelivery"];
        /** @description Pictures and files the message sends (present only then; docs/channels.md, "Files"); operators download them at GET /v1/threads/{id}/files/{file_id}. */
        files?: components["schemas"]["MessageFile"][];
        id: string;
        /** @description The signed-in operator who wrote it (present only on `operator` messages sent from a session). */
        operator?: components["schemas"]["OperatorRef"];
        /** @enum {string} */
        role: "user" | "assistant" | "tool";
        /** @description The tools an assistant message called, with their arguments (present only then). */
        tool_calls?: {
          /** @description The arguments the model gave. */
          args: unknown;
          /** @description The call's id (the model's), shared by its result. */
          id: string;
          /** @description The tool as the model called it (`mcp__shop__get_order` for `mcp:shop:get_order`). */
          name: string;
        }[];
        /** @description What the tools answered, on a `tool` message (present only then). */
        tool_results?: {
          name: string;
          /** @description What the model was given: the tool's JSON, the error text, or the refusal's reason. */
          result: unknown;
          /**
           * @description `ok`: the tool answered; `error`: it failed or refused (the model saw the message); `denied`: a person refused the call.
           * @enum {string}
           */
          status: "ok" | "error" | "denied";
          tool_call_id: string;
        }[];
      };
      thread_id: string;
    };
    /** @description A thread switched mode (e.g. auto to manual). */
    WebhookThreadModeChangedData: {
      chat_id: string;
      /** @enum {string} */
      mode: "auto" | "manual" | "operator" | "blocked";
      /** @enum {string} */
      previous_mode: "auto" | "manual" | "operator" | "blocked";
      thread_id: string;
    };
    /** @description An operator wrote a private note in a thread (docs/conversations.md, "Private notes"). */
    WebhookThreadNoteCreatedData: {
      chat_id: string;
      /** @description The note; `mentions` holds the ids of the operators it mentions. */
      note: {
        /** @description Who wrote it; only they may edit or delete it. */
        author: {
          /** @description The operator's id, or the API key's id. */
          id: string;
          /** @description The operator's name; null for an API key. */
          name: string | null;
          /** @enum {string} */
          type: "operator" | "api_key";
        };
        /** @description ISO 8601, UTC */
        created_at: string;
        /** @description `note_…` */
        id: string;
        /** @description The ids of the operators the note mentions; each got an entry in their mentions inbox. */
        mentions: string[];
        /** @description The note, 1–10000 characters, as written. */
        text: string;
        thread_id: string;
        /** @description When it was last edited; ISO 8601, UTC */
        updated_at: string;
      };
      thread_id: string;
    };
    /** @description The AI gave up on replying: the person's messages are unanswered (docs/webhooks.md). */
    WebhookThreadReplyFailedData: {
      /** @description Model calls made before giving up (retries included); 0 for none. */
      attempts: number;
      bot_id: string;
      chat_id: string;
      /** @description `model_error`, `model_timeout`, `model_unavailable`, `insufficient_credits` or `turn_failed` (docs/conversations.md). */
      code: string;
      /** @description The user messages left unanswered, oldest first. */
      message_ids: string[];
      /** @description What went wrong, for a person. */
      reason: string;
      thread_id: string;
    };
    /** @description A conversation's status changed (docs/conversations.md, "Status"). */
    WebhookThreadStatusChangedData: {
      /** @description Who changed it: a signed-in operator or an API key; null when Parley did (see `source`). */
      actor: {
        id: string;
        name: string | null;
        /** @enum {string} */
        type: "operator" | "api_key";
      } | null;
      chat_id: string;
      /**
       * @description The status before.
       * @enum {string}
       */
      from: "open" | "pending" | "snoozed" | "resolved";
      /** @description When the snooze ends (`to` = `snoozed` with a time); else null. */
      snoozed_until: string | null;
      /** @description When `actor` is null: the customer wrote (reopen), the snooze ran out, the bot's auto-resolve, or the `resolve_conversation` tool. */
      source: ("customer_message" | "snooze_expired" | "auto_resolve" | "tool") | null;
      thread_id: string;
      /**
       * @description The status now.
       * @enum {string}
       */
      to: "open" | "pending" | "snoozed" | "resolved";
    };
    WhatsappAuthDataInput: {
      /** @description System-user or app access token for the Graph API. */
      access_token: string;
      /** @description Meta app secret; verifies `X-Hub-Signature-256` on webhooks. */
      app_secret: string;
      /** @description WhatsApp Business Account id (WABA). */
      business_account_id?: string;
      /** @description Id of the business phone number that sends and receives. */
      phone_number_id: string;
      /** @description The verify token entered in the app's webhook settings. */
      verify_token: string;
    };
    WhatsappTemplate: {
      /** @description `MARKETING`, `UTILITY` or `AUTHENTICATION`, as Meta names it. */
      category: string;
      /** @description The template's components as Meta lists them (`HEADER`, `BODY`, `FOOTER`, `BUTTONS`). */
      components: unknown[];
      id: string;
      integration_id: string;
      /** @description Meta's language and locale code, e.g. `en_US`. */
      language: string;
      name: string;
      /** @description What a send must fill in: one value per placeholder of each part. */
      parameters: {
        /** @description The body's placeholders, in the order values are given. */
        body: string[];
        /** @description The header's placeholders (`1`, `2` or names), in the order values are given. */
        header: string[];
      };
      /** @description Whether Parley can send it: approved, and no media header (which needs a media parameter). */
      sendable: boolean;
      /** @description `APPROVED`, `PENDING`, `REJECTED`, `PAUSED`, `DISABLED`, …: only `APPROVED` templates are sent. */
      status: string;
      synced_at: string;
    };
    WhatsappTemplateSync: {
      /** @description How many templates the account listed. */
      synced: number;
      synced_at: string;
      templates: components["schemas"]["WhatsappTemplate"][];
    };
    WidgetConfig: {
      chat_id: string;
      color: string;
      greeting: string;
      identity_required: boolean;
      /** @enum {string} */
      language: "auto" | "en" | "ru";
      /** @enum {string} */
      position: "right" | "left";
      title: string;
    };
    WidgetEvent:
      | {
          message: components["schemas"]["WidgetMessage"];
          /** @constant */
          type: "message_created";
        }
      | {
          /** @enum {string} */
          mode: "auto" | "manual" | "operator" | "blocked";
          /** @constant */
          type: "mode_changed";
        };
    WidgetFeedback: {
      comment: string | null;
      /** @enum {string} */
      rating: "up" | "down";
    };
    WidgetHistory: {
      data: components["schemas"]["WidgetMessage"][];
      /** @enum {string} */
      mode: "auto" | "manual" | "operator" | "blocked";
    };
    WidgetIdentitySecret: {
      /** @description Shown once: keep it on the site's server. */
      identity_secret: string;
    };
    WidgetMessage: {
      /** @enum {string} */
      author: "user" | "bot" | "operator";
      /** @description Buttons under a bot or operator message (docs/widget.md, "Buttons"): shown as chips and links. */
      buttons?: components["schemas"]["MessageButton"][];
      /** @description On the visitor's message that is the press of a button: which one. */
      choice?: components["schemas"]["MessageChoice"];
      content: string;
      created_at: string;
      /** @description On a bot message the visitor rated (in the history only): their rating. */
      feedback?: components["schemas"]["WidgetFeedback"];
      /** @description Pictures and files an operator or the bot sent (docs/widget.md, "Files"). */
      files?: {
        caption?: string;
        /** @description The file's id (POST /v1/threads/{id}/files, or the bot's send_file). */
        id: string;
        /** @enum {string} */
        kind: "image" | "document";
        mime_type: string;
        name: string;
        /** @description Bytes. */
        size: number;
        /** @description A signed link that opens the file for a day (docs/channels.md, "Files"); read again for a new one. */
        url: string;
      }[];
      id: string;
      operator_name?: string;
    };
    WidgetRating: {
      comment: string | null;
      rating: number;
    };
    WidgetSession: {
      /** @enum {string} */
      mode: "auto" | "manual" | "operator" | "blocked";
      thread_id: string;
      /** @description Send as `Authorization: Bearer …`; keep it to resume after a reload. */
      visitor_token: string;
    };
    /** @description The web widget of a `parley` chat (docs/widget.md). */
    WidgetSettings: {
      /** @description Pages of these origins may embed the widget; no others. */
      allowed_origins: string[];
      chat_id: string;
      color: string;
      /** @description The script tag to paste into the site's pages. */
      embed_snippet: string;
      greeting: string;
      /** @description Refuse visitors without a verified identity (data-user-id and data-user-signature). */
      identity_required: boolean;
      /** @description Whether an identity secret exists (it is shown only when made). */
      identity_secret_set: boolean;
      /** @enum {string} */
      language: "auto" | "en" | "ru";
      /** @enum {string} */
      position: "right" | "left";
      title: string;
    };
    WorkingMemoryResponse: {
      /** @description Markdown working-memory block, or null. */
      content: string | null;
    };
    YandexAuthDataInput: {
      /** @description Client id of the Yandex ID OAuth app. */
      client_id?: string;
      /** @description Client secret of the Yandex ID OAuth app. */
      client_secret?: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getAnalytics: {
    parameters: {
      query?: {
        /** @description Only this bot's threads. */
        bot_id?: string;
        /** @description Only threads of this channel: an integration vendor (`telegram`, `parley`, …) or `api`. */
        channel?: string;
        /** @description First day, in `time_zone`, 1970-01-02 or later (default: 29 days before `to`). */
        from?: string;
        /** @description An IANA time zone (`Europe/Moscow`): days run from its midnight. Zones at :30 or :45 from UTC are counted by whole UTC hours (docs/quality.md, "Analytics"). */
        time_zone?: string;
        /** @description Last day, included (default: today in `time_zone`). At most 366 days from `from`. */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AnalyticsReport"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  exportAnalyticsCsv: {
    parameters: {
      query?: {
        /** @description Only this bot's threads. */
        bot_id?: string;
        /** @description Only threads of this channel: an integration vendor (`telegram`, `parley`, …) or `api`. */
        channel?: string;
        /** @description First day, in `time_zone`, 1970-01-02 or later (default: 29 days before `to`). */
        from?: string;
        /** @description An IANA time zone (`Europe/Moscow`): days run from its midnight. Zones at :30 or :45 from UTC are counted by whole UTC hours (docs/quality.md, "Analytics"). */
        time_zone?: string;
        /** @description Last day, included (default: today in `time_zone`). At most 366 days from `from`. */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The days as CSV (RFC 4180, a header line first). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/csv": string;
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getBillingAccount: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BillingAccount"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getBillingBalance: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BillingBalance"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listInvoices: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Invoice"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createInvoice: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description A custom amount of credits, for offers with `custom_credits`. */
          credits?: number;
          offer_id: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CreatedInvoice"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `offer_not_found`: `offer_id` names no offer. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `purchases_disabled`: this server sells no credits (no payment provider is configured). `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The payment provider refused to start the payment (`payment_refused` or the provider's code); the invoice is `cancelled`. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `provider_unavailable`: the payment provider could not be reached; the invoice is `cancelled`. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listBillingOffers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BillingOffer"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listBillingTransactions: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TransactionPage"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listBots: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Bot"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createBot: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          description?: string | null;
          name: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Bot"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getBot: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Bot"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateBot: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          description?: string | null;
          name?: string;
          /** @description Block publishing until the evaluations pass (docs/quality.md, "The publish gate"). */
          publish_requires_evals?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Bot"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  cloneBot: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Name of the copy; default `<name> (copy)`. */
          name?: string;
        } | null;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Bot"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteBot: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `bot_in_use`: chats are still bound to the bot. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getBotDraft: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BotDraft"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateBotDraft: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BotSettingsPatchInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BotDraft"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  discardBotDraft: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BotDraft"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listEvalCases: {
    parameters: {
      query?: {
        /** @description From `next_cursor` of the previous page. */
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EvalCaseList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createEvalCase: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @default [] */
          expectations?: components["schemas"]["EvalExpectationInput"][];
          /** @description The conversation so far; the bot answers its last (user) message. */
          messages: {
            content: string;
            /** @enum {string} */
            role: "user" | "assistant";
          }[];
          name: string;
          /**
           * @description What each tool that evaluations do not run answers, by `ai.tools` key (default `{"evaluation": "this tool is not run in evaluations"}`).
           * @default {}
           */
          tool_results?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EvalCase"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `eval_case_limit_reached`: the bot has the most cases it may have (500). `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getEvalCase: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
        case_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EvalCase"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `bot_not_found`, `eval_case_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateEvalCase: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
        case_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          expectations?: components["schemas"]["EvalExpectationInput"][];
          /** @description The conversation so far; the bot answers its last (user) message. */
          messages?: {
            content: string;
            /** @enum {string} */
            role: "user" | "assistant";
          }[];
          name?: string;
          /** @description What each tool that evaluations do not run answers, by `ai.tools` key (default `{"evaluation": "this tool is not run in evaluations"}`). */
          tool_results?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EvalCase"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `bot_not_found`, `eval_case_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteEvalCase: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
        case_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `bot_not_found`, `eval_case_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createEvalCaseFromFeedback: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The rated bot message. */
          message_id: string;
          thread_id: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EvalCase"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `bot_not_found`; `thread_not_found` (none in the project: another project's thread reads the same), `message_not_found`. `feedback_not_found`: nobody rated the message. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `eval_case_limit_reached`: the bot has the most cases it may have (500). `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `not_a_bot_message`, `no_user_message`. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createEvalCaseFromThread: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          expectations?: components["schemas"]["EvalExpectationInput"][];
          /** @description A bot message: the case is the conversation before it. Default: up to the thread's last user message. */
          message_id?: string;
          name?: string;
          thread_id: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EvalCase"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `bot_not_found`; `thread_not_found` (none in the project: another project's thread reads the same), `message_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `eval_case_limit_reached`: the bot has the most cases it may have (500). `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `not_a_bot_message`: `message_id` is not the bot's answer; `no_user_message`: nothing to answer before it. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  compareEvalRuns: {
    parameters: {
      query: {
        base: string;
        head: string;
      };
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EvalComparison"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `bot_not_found`, `eval_run_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listEvalRuns: {
    parameters: {
      query?: {
        /** @description From `next_cursor` of the previous page. */
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EvalRunList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createEvalRun: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Default: every case of the bot. */
          case_ids?: string[];
          /** @description Judges rubrics; default: the run's model. */
          judge_model?: string;
          /** @description Default: the version's `ai.model.id`. */
          model?: string;
          /** @description `draft`, `published` or a version number; default the draft when there is one, else the published version. */
          version?: ("draft" | "published") | number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EvalRun"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `bot_not_found`, `version_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `no_cases`: the bot has no cases; `model_unavailable`: the model or judge model is not in the catalog or not configured; `validation_failed`: a case id is not the bot's. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getEvalRun: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
        run_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EvalRunWithResults"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `bot_not_found`, `eval_run_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getEvalResultTrace: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
        case_id: string;
        run_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TurnTrace"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `bot_not_found`, `eval_run_not_found`. `eval_result_not_found`: the case has no result in the run (yet). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  publishBotVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Kept on the version. */
          note?: string;
          /** @description Default: the draft. */
          version?: number;
        } | null;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BotPublication"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `version_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `nothing_to_publish` (no draft), `evals_required` or `evals_failed` (the publish gate). `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  rollbackBotVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description A version that was published before; default: the one published before the current one. */
          version?: number;
        } | null;
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BotPublication"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `version_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `nothing_to_roll_back`, or `never_published` (publish it instead). `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getBotSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BotSettings"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateBotSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BotSettingsPatchInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BotSettings"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  setBotStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          status: components["schemas"]["BotStatusInput"];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Bot"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listBotVersions: {
    parameters: {
      query?: {
        /** @description From `next_cursor` of the previous page. */
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BotVersionList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getBotVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bot_id: string;
        /** @description A version number, `draft` (the published one while there is none) or `published`. */
        version: ("draft" | "published") | number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BotVersionWithSettings"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `version_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  diffBotVersions: {
    parameters: {
      query?: {
        /** @description A version number, `draft` (the published one while there is none) or `published`. */
        from?: ("draft" | "published") | number;
        /** @description A version number, `draft` (the published one while there is none) or `published`. */
        to?: ("draft" | "published") | number;
      };
      header?: never;
      path: {
        bot_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BotSettingsDiff"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `version_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getBusinessHours: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BusinessHours"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  replaceBusinessHours: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Off: always open (no out-of-hours message, the prompt says open). */
          enabled: boolean;
          /**
           * @description Closed days, local dates.
           * @default []
           */
          holidays?: {
            /** @description The closed day (local). */
            date: string;
            /** @description What it is, for people (`New Year`). */
            name?: string;
            /** @description The range's last closed day, included; absent: `date` alone. */
            to?: string;
          }[];
          /**
           * @description What the customer is told when a conversation is handed to people while they are out: `default` and, optionally, one text per language (`en`, `ru`, …). `{{next_open}}` becomes the next opening in the customer's language and the project's time zone, `{{timezone}}` the zone. Null: none.
           * @default null
           */
          out_of_hours_message?: {
            [key: string]: string;
          } | null;
          /** @description An IANA time zone (`Europe/Berlin`); intervals and holidays are its local time. */
          timezone: string;
          /** @description Open intervals for each weekday (`mon` … `sun`), in `timezone`. */
          weekly: {
            /**
             * @description The day's open intervals, local time; none: closed all day.
             * @default []
             */
            fri?: {
              /** @description Opens, local HH:MM. */
              from: string;
              /** @description Closes, local HH:MM; `24:00` is the day's end. */
              to: string;
            }[];
            /**
             * @description The day's open intervals, local time; none: closed all day.
             * @default []
             */
            mon?: {
              /** @description Opens, local HH:MM. */
              from: string;
              /** @description Closes, local HH:MM; `24:00` is the day's end. */
              to: string;
            }[];
            /**
             * @description The day's open intervals, local time; none: closed all day.
             * @default []
             */
            sat?: {
              /** @description Opens, local HH:MM. */
              from: string;
              /** @description Closes, local HH:MM; `24:00` is the day's end. */
              to: string;
            }[];
            /**
             * @description The day's open intervals, local time; none: closed all day.
             * @default []
             */
            sun?: {
              /** @description Opens, local HH:MM. */
              from: string;
              /** @description Closes, local HH:MM; `24:00` is the day's end. */
              to: string;
            }[];
            /**
             * @description The day's open intervals, local time; none: closed all day.
             * @default []
             */
            thu?: {
              /** @description Opens, local HH:MM. */
              from: string;
              /** @description Closes, local HH:MM; `24:00` is the day's end. */
              to: string;
            }[];
            /**
             * @description The day's open intervals, local time; none: closed all day.
             * @default []
             */
            tue?: {
              /** @description Opens, local HH:MM. */
              from: string;
              /** @description Closes, local HH:MM; `24:00` is the day's end. */
              to: string;
            }[];
            /**
             * @description The day's open intervals, local time; none: closed all day.
             * @default []
             */
            wed?: {
              /** @description Opens, local HH:MM. */
              from: string;
              /** @description Closes, local HH:MM; `24:00` is the day's end. */
              to: string;
            }[];
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BusinessHours"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getBusinessHoursStatus: {
    parameters: {
      query?: {
        /** @description The moment asked about, ISO 8601 (default: now). */
        at?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["BusinessHoursStatus"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listCannedResponses: {
    parameters: {
      query?: {
        /** @description Opaque; from `next_cursor` of the previous page. */
        cursor?: string;
        limit?: number;
        /** @description Only responses whose short code, title or content contains this text, case-insensitively. */
        q?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CannedResponseList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createCannedResponse: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The text, up to 4000 characters, with placeholders `{{variable}}` or `{{variable|fallback}}`. Variables: `contact.name`, `contact.first_name`, `contact.email`, `operator.name`, `bot.name`, `project.name`. An unknown variable or a stray `{{` / `}}` is 422. */
          content: string;
          /** @description What an operator types after `/` in the composer: 1–32 characters of `a–z 0–9 _ -`, stored lowercased (`Hello` is `hello`); unique in the project. */
          short_code: string;
          /** @description A label for the picker and the list; blank or null is none. */
          title?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CannedResponse"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `canned_response_code_taken`: the project already has a canned response with this short code. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getCannedResponse: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CannedResponse"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `canned_response_not_found`: no canned response with this id in the project (another project's is not found either). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateCannedResponse: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The text, up to 4000 characters, with placeholders `{{variable}}` or `{{variable|fallback}}`. Variables: `contact.name`, `contact.first_name`, `contact.email`, `operator.name`, `bot.name`, `project.name`. An unknown variable or a stray `{{` / `}}` is 422. */
          content?: string;
          /** @description What an operator types after `/` in the composer: 1–32 characters of `a–z 0–9 _ -`, stored lowercased (`Hello` is `hello`); unique in the project. */
          short_code?: string;
          /** @description A label for the picker and the list; blank or null is none. */
          title?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CannedResponse"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `canned_response_not_found`: no canned response with this id in the project (another project's is not found either). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `canned_response_code_taken`: the project already has a canned response with this short code. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteCannedResponse: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `canned_response_not_found`: no canned response with this id in the project (another project's is not found either). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  renderCannedResponse: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The thread whose person, bot and project fill the variables. */
          thread_id: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RenderedCannedResponse"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `canned_response_not_found`: no canned response with this id in the project (another project's is not found either). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listChats: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Chat"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getChat: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        chat_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Chat"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listChatThreads: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        chat_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Thread"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteThread: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        chat_id: string;
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listChatThreadMessages: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        chat_id: string;
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Message"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  setChatThreadMode: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        chat_id: string;
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          mode: components["schemas"]["ThreadModeInput"];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Thread"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  streamThreadReply: {
    parameters: {
      query?: {
        /** @description `data` (default) or `ui` (AI SDK useChat). */
        protocol?: "data" | "ui";
      };
      header?: never;
      path: {
        chat_id: string;
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["StreamBodyInput"];
      };
    };
    responses: {
      /** @description The reply as server-sent events (`data:` frames, one ReplyStreamEvent each); with `Accept: application/json`, the whole turn as one ReplyResult. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ReplyResult"];
          "text/event-stream": components["schemas"]["ReplyStreamEvent"];
        };
      };
      /** @description Default Response */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Scheduled"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `insufficient_credits` (blocking mode; a stream reports it as its `error` event). */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_in_other_chat`: the thread id belongs to another chat of the project. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `model_unavailable` (blocking mode; a stream reports it as its `error` event). `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `model_error`: the model provider failed (blocking mode; a stream reports it as its `error` event). */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `model_timeout`: the model did not answer in time (blocking mode; a stream reports it as its `error` event). */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getWidgetSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        chat_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WidgetSettings"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `not_a_widget_chat`: the chat is not of a `parley` integration. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateWidgetSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        chat_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          allowed_origins?: string[];
          color?: string;
          greeting?: string;
          identity_required?: boolean;
          /** @enum {string} */
          language?: "auto" | "en" | "ru";
          /** @enum {string} */
          position?: "right" | "left";
          title?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WidgetSettings"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `not_a_widget_chat`: the chat is not of a `parley` integration. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  rotateWidgetIdentitySecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        chat_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WidgetIdentitySecret"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `not_a_widget_chat`: the chat is not of a `parley` integration. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listContacts: {
    parameters: {
      query?: {
        /** @description Opaque; from `next_cursor` of the previous page. */
        cursor?: string;
        limit?: number;
        /** @description Part of the name, email, phone, external id or vendor user id; case-insensitive. */
        q?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ContactList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createContact: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          attributes?: {
            [key: string]: string | number | boolean;
          };
          /** Format: uri */
          avatar_url?: string;
          /** @description An email address; searched case-insensitively. Several contacts may share one. */
          email?: string;
          /** @description Your own id of the person: the `person.external_id` the stream endpoint names; unique in the project. */
          external_id?: string;
          name?: string;
          /** @description Free text for the team. */
          notes?: string;
          /** @description A phone number as written (digits, an optional leading `+`, spaces and `( ) . / -`). */
          phone?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Contact"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `contact_external_id_taken`: another contact of the project has this external id. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getContact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        contact_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Contact"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `contact_not_found`: no contact with this id in the project (another project's is not found either); `contact_merged`: the contact was merged into another, named in `details[0].message` (path `merged_into`). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateContact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        contact_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Sets the keys it names; a `null` value removes the key. Keys not named stay. */
          attributes?: {
            [key: string]: (string | number | boolean) | null;
          };
          avatar_url?: string | null;
          email?: string | null;
          name?: string | null;
          notes?: string | null;
          phone?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Contact"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `contact_not_found`: no contact with this id in the project (another project's is not found either); `contact_merged`: the contact was merged into another, named in `details[0].message` (path `merged_into`). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteContact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        contact_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `contact_not_found`: no contact with this id in the project (another project's is not found either); `contact_merged`: the contact was merged into another, named in `details[0].message` (path `merged_into`). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listContactLabels: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The contact's (person's) id. */
        contact_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["LabelList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `contact_not_found`: no such contact. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  addContactLabels: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The contact's (person's) id. */
        contact_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Label names of the project, whatever their case. */
          labels: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["LabelList"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `contact_not_found`: no such contact. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `label_not_found`: a name in `labels` is no label of the project (the message names each); nothing changes. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  removeContactLabels: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The contact's (person's) id. */
        contact_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Label names of the project, whatever their case. */
          labels: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["LabelList"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `contact_not_found`: no such contact. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `label_not_found`: a name in `labels` is no label of the project (the message names each); nothing changes. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  mergeContact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        contact_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The contact merged into this one: its threads, recall and identities follow, it stops standing. */
          from: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Contact"];
        };
      };
      /** @description `contact_merge_self`: `from` is this contact. The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `contact_not_found`: no contact with this id in the project (another project's is not found either); `contact_merged`: the contact was merged into another, named in `details[0].message` (path `merged_into`). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `contact_merged`: `from` was already merged into another contact. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listContactThreads: {
    parameters: {
      query?: {
        /** @description Opaque; from `next_cursor` of the previous page. */
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path: {
        contact_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ContactThreadList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `contact_not_found`: no contact with this id in the project (another project's is not found either); `contact_merged`: the contact was merged into another, named in `details[0].message` (path `merged_into`). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getCsatSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CsatSettings"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  replaceCsatSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Ask after each resolution; off (the default): no survey. */
          enabled: boolean;
          /**
           * @description The question: `default` and, optionally, one per language (`en`, `ru`, …), in the customer's language. Null: the built-in question. The survey adds how to answer (the scale) after it.
           * @default null
           */
          question?: {
            [key: string]: string;
          } | null;
          /**
           * @description `1-5`: the customer answers with a number; `emoji`: with 😞 🙁 😐 🙂 😍 (1–5). Both are accepted either way.
           * @default 1-5
           * @enum {string}
           */
          scale?: "1-5" | "emoji";
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CsatSettings"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listCsatRatings: {
    parameters: {
      query?: {
        /** @description `next_cursor` of the previous page. */
        cursor?: string;
        /** @description Answers from this moment on (included). */
        from?: string;
        limit?: number;
        /** @description Answers before this moment (excluded). */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CsatRatingsPage"];
        };
      };
      /** @description `invalid_range`: `from` is after `to`. `invalid_cursor`: the cursor is not this list's. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getCsatSummary: {
    parameters: {
      query?: {
        /** @description Answers from this moment on (ISO 8601, included). */
        from?: string;
        /** @description Group by the rated operator or by the bot. */
        group_by?: "operator" | "bot";
        /** @description Answers before this moment (ISO 8601, excluded). */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CsatSummary"];
        };
      };
      /** @description `invalid_range`: `from` is after `to`. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listFiles: {
    parameters: {
      query?: {
        /** @description A file id: the page starts after it. */
        after?: string;
        limit?: number;
        /** @description By creation time; default desc. */
        order?: "asc" | "desc";
        purpose?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["FileList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  uploadFile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "multipart/form-data": {
          /**
           * Format: binary
           * @description The file's bytes, with its filename.
           */
          file: string;
          /**
           * @description `assistants` for files meant for vector stores.
           * @enum {string}
           */
          purpose: "assistants" | "batch" | "fine-tune" | "vision" | "user_data" | "evals";
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["File"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the file is larger than the upload limit (PARLEY_MAX_UPLOAD_BYTES). `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        file_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["File"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        file_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  downloadFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        file_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file's bytes. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/octet-stream": string;
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listIntegrations: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Integration"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createIntegration: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json":
          | {
              auth_data: components["schemas"]["AmocrmAuthDataInput"];
              name: string;
              /** @description Vendor-specific settings; default `{}`. */
              settings?: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              vendor: "amocrm";
            }
          | {
              auth_data: components["schemas"]["AvitoAuthDataInput"];
              name: string;
              /** @description Vendor-specific settings; default `{}`. */
              settings?: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              vendor: "avito";
            }
          | {
              auth_data: components["schemas"]["Bitrix24AuthDataInput"];
              name: string;
              /** @description Vendor-specific settings; default `{}`. */
              settings?: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              vendor: "bitrix24";
            }
          | {
              auth_data: components["schemas"]["FacebookAuthDataInput"];
              name: string;
              /** @description Vendor-specific settings; default `{}`. */
              settings?: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              vendor: "facebook";
            }
          | {
              auth_data: components["schemas"]["GithubAuthDataInput"];
              name: string;
              /** @description Vendor-specific settings; default `{}`. */
              settings?: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              vendor: "github";
            }
          | {
              auth_data: components["schemas"]["GoogleAuthDataInput"];
              name: string;
              /** @description Vendor-specific settings; default `{}`. */
              settings?: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              vendor: "google";
            }
          | {
              auth_data: components["schemas"]["InstagramAuthDataInput"];
              name: string;
              /** @description Vendor-specific settings; default `{}`. */
              settings?: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              vendor: "instagram";
            }
          | {
              auth_data: components["schemas"]["ParleyAuthDataInput"];
              name: string;
              /** @description Vendor-specific settings; default `{}`. */
              settings?: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              vendor: "parley";
            }
          | {
              auth_data: components["schemas"]["TbankAuthDataInput"];
              name: string;
              /** @description Vendor-specific settings; default `{}`. */
              settings?: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              vendor: "tbank";
            }
          | {
              auth_data: components["schemas"]["TelegramAuthDataInput"];
              name: string;
              /** @description Vendor-specific settings; default `{}`. */
              settings?: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              vendor: "telegram";
            }
          | {
              auth_data: components["schemas"]["VkAuthDataInput"];
              name: string;
              /** @description Vendor-specific settings; default `{}`. */
              settings?: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              vendor: "vk";
            }
          | {
              auth_data: components["schemas"]["WhatsappAuthDataInput"];
              name: string;
              /** @description Vendor-specific settings; default `{}`. */
              settings?: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              vendor: "whatsapp";
            }
          | {
              auth_data: components["schemas"]["YandexAuthDataInput"];
              name: string;
              /** @description Vendor-specific settings; default `{}`. */
              settings?: {
                [key: string]: unknown;
              };
              /** @enum {string} */
              vendor: "yandex";
            };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Integration"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getIntegration: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Integration"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateIntegration: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Replaces the whole stored auth_data; validated against the integration's vendor (the same fields as when creating). */
          auth_data?: {
            [key: string]: unknown;
          };
          name?: string;
          /** @description Replaces the whole settings object. */
          settings?: {
            [key: string]: unknown;
          };
          status?: components["schemas"]["IntegrationStatusInput"];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Integration"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteIntegration: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listIntegrationChats: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Chat"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createChat: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description A bot of the same project. */
          bot_id: string;
          /**
           * @description Default `published`.
           * @enum {string}
           */
          bot_version?: "published" | "draft";
          /** @description Unique within the integration. */
          name: string;
          /** @description Default `{}`. */
          settings?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Chat"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `bot_not_found`: `bot_id` names no bot. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `chat_name_taken`: the integration already has a chat with this name. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateChat: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        chat_id: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description A bot of the same project. */
          bot_id?: string;
          /**
           * @description Which version of the bot answers: `published`, or its `draft` (the published one while it has none): a chat to try changes in before they go live (docs/quality.md, "Versions").
           * @enum {string}
           */
          bot_version?: "published" | "draft";
          /** @description Unique within the integration. */
          name?: string;
          /** @description Replaces the whole settings object. */
          settings?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Chat"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `bot_not_found`: `bot_id` names no bot. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `chat_name_taken`: the integration already has a chat with this name. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteChat: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        chat_id: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  setChatStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        chat_id: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /**
           * @description `error` is set only by the service.
           * @enum {string}
           */
          status: "active" | "disabled";
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Chat"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  startIntegrationOAuth: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OAuthStart"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `oauth_not_supported`: the integration's vendor does not connect by OAuth; `oauth_not_configured`: neither `auth_data` nor the server configuration names an OAuth app for the vendor. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getIntegrationProfile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["IntegrationProfile"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `credentials_rejected`: the vendor refused the stored credentials; `profile_not_supported`: the vendor has no profile to check; `oauth_not_connected`: an OAuth integration not connected yet (`POST …/oauth/start`). `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `vendor_unavailable`: the vendor could not be reached or answered with a fault. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWhatsappTemplates: {
    parameters: {
      query?: {
        /** @description Only this language code (`en_US`). */
        language?: string;
        /** @description Only names containing this text (any case). */
        name?: string;
        /** @description Only templates of this status (`APPROVED`, …; any case). */
        status?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WhatsappTemplate"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `not_whatsapp_integration`: the integration is of another vendor. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  syncWhatsappTemplates: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WhatsappTemplateSync"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `not_whatsapp_integration`: the integration is of another vendor. `business_account_missing`: auth_data has no business_account_id. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `credentials_rejected` or Meta's refusal (`vendor_rejected`). `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `vendor_unavailable`: Meta did not answer. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listJobs: {
    parameters: {
      query?: {
        /** @description Opaque; from `next_cursor` of the previous page. */
        cursor?: string;
        limit?: number;
        /** @description Only jobs in this status. */
        status?: "pending" | "running" | "done" | "failed" | "cancelled";
        /** @description Only jobs about this thread. */
        thread_id?: string;
        /** @description Only jobs of this type. */
        type?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["JobList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        job_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Job"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `job_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  cancelJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        job_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Job"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `job_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `job_not_pending`: the job is running or has finished (done, failed, cancelled); `job_not_cancellable`: jobs of its type cannot be cancelled. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listLabels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["LabelList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createLabel: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description `#rrggbb`, or null for none. */
          color?: string | null;
          /** @description What the label means, for the team; at most 500 characters. */
          description?: string | null;
          /** @description 1 to 50 characters, trimmed; unique in the project whatever its case. */
          name: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Label"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `label_exists`: the project has a label of that name, in any case. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getLabel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        label_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Label"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateLabel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        label_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description `#rrggbb`, or null for none. */
          color?: string | null;
          /** @description What the label means, for the team; at most 500 characters. */
          description?: string | null;
          /** @description A new name; threads and contacts keep the label. */
          name?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Label"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `label_exists`: the project has a label of that name, in any case. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteLabel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        label_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listMcpServers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["McpServer"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createMcpServer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          auth?:
            | (
                | {
                    /** @description Sent as `Authorization: Bearer <token>`. */
                    bearer_token: string;
                  }
                | {
                    /** @description Sent as they are with every request (e.g. `{"X-Api-Key": "…"}`). */
                    headers: {
                      [key: string]: string;
                    };
                  }
              )
            | null;
          /** @description Unique in the project; the server's tools are named `mcp:<name>:<tool>`. */
          name: string;
          status?: components["schemas"]["McpServerStatusInput"];
          /** @description Default 15000. */
          timeout_ms?: number;
          transport?: components["schemas"]["McpTransportInput"];
          /** @description The server's MCP endpoint, http:// or https:// on a public address (e.g. `https://mcp.example.com/mcp`; for an SSE server its SSE endpoint, often `/sse`). Put credentials in `auth`, not in the URL. */
          url: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["McpServer"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `mcp_server_name_taken`: the project has a server of this name; `mcp_server_limit_reached`: the project has the most servers it may have. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getMcpServer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["McpServer"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateMcpServer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Replaces the stored credentials; null removes them. */
          auth?:
            | (
                | {
                    /** @description Sent as `Authorization: Bearer <token>`. */
                    bearer_token: string;
                  }
                | {
                    /** @description Sent as they are with every request (e.g. `{"X-Api-Key": "…"}`). */
                    headers: {
                      [key: string]: string;
                    };
                  }
              )
            | null;
          /** @description Unique in the project; the server's tools are named `mcp:<name>:<tool>`. */
          name?: string;
          status?: components["schemas"]["McpServerStatusInput"];
          /** @description Limit for connecting, for each listing page and for each tool call, in milliseconds. */
          timeout_ms?: number;
          transport?: components["schemas"]["McpTransportInput"];
          /** @description The server's MCP endpoint, http:// or https:// on a public address (e.g. `https://mcp.example.com/mcp`; for an SSE server its SSE endpoint, often `/sse`). Put credentials in `auth`, not in the URL. */
          url?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["McpServer"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `mcp_server_name_taken`: the project has another server of this name. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteMcpServer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  refreshMcpServer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["McpServer"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listModels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Model"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  downloadModel: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The model's catalog id, `local/…`. */
          model: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Model"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listOperators: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OperatorList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createOperator: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** Format: email */
          email: string;
          name: string;
          /** @description Required for a new account; omit it to add an existing account of the organization. */
          password?: string;
          role?: components["schemas"]["OperatorRoleInput"];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Operator"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `operator_exists`: already a member of the project; `account_exists`: the email has an account in the organization, add it without a password. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getOperator: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        operator_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Operator"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateOperator: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        operator_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The most open conversations routing assigns them; null: no limit (docs/routing.md). */
          capacity?: number | null;
          name?: string;
          /** @description Sets a new password and ends their sessions; only for a person in no other project. */
          password?: string;
          role?: components["schemas"]["OperatorRoleInput"];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Operator"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `last_admin`: a project keeps at least one admin; `operator_shared`: the password of a person in other projects is theirs to change. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  setOperatorAvailability: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        operator_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SetAvailabilityRequestInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Operator"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteOperator: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        operator_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `last_admin`: a project keeps at least one admin. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  setMyAvailability: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SetAvailabilityRequestInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Operator"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listMyMentions: {
    parameters: {
      query?: {
        limit?: number;
        /** @description `true`: only unread mentions. */
        unread?: "true" | "false";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["NoteMentionList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `operator_session_required`: mentions are a signed-in operator's; an API key has none. `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  markMyMentionsRead: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /**
           * @description Mark every unread mention of yours in this project read.
           * @enum {boolean}
           */
          all?: true;
          /** @description Your mentions to mark read; ids that are not your unread mentions are skipped. */
          ids?: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["NoteMentionsUnread"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `operator_session_required`: mentions are a signed-in operator's; an API key has none. `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listProjects: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Project"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createProject: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          avatar_url?: string | null;
          name: string;
          organization_id: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Project"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `organization_not_found`: `organization_id` names no organization. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listApiKeys: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ApiKey"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          name: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CreateApiKeyResponse"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `api_key_limit_reached`: the project has as many active API keys as it may have (PARLEY_MAX_KEYS_PER_PROJECT). `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  revokeApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        key_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getRoutingSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RoutingSettings"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateRoutingSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["RoutingSettingsRequestInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RoutingSettings"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `team_not_found`. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Session"];
        };
      };
      /** @description `not_a_session`: called with an API key, which has no session. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  changePassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          current_password: string;
          new_password: string;
        };
      };
    };
    responses: {
      /** @description Changed. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `not_a_session`: called with an API key, which has no session. The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  switchSessionProject: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          project_id: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Session"];
        };
      };
      /** @description `not_a_session`: called with an API key, which has no session. The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the person is not a member of that project. `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  signOut: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Signed out; the cookie is cleared. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `not_a_session`: called with an API key, which has no session. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  signIn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SignInRequestInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Session"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `invalid_credentials`: the email or password is wrong. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `no_projects`: the account is in no project; `forbidden`: not in the requested one. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: too many sign-in attempts from this IP address or for this email; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listTeams: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TeamList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createTeam: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TeamRequestInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Team"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `team_exists`: the project has a team of that name. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getTeam: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        team_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Team"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateTeam: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        team_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TeamRequestInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Team"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `team_exists`: the project has a team of that name. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteTeam: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        team_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  addTeamMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        team_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TeamMemberRequestInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Team"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `team_not_found`, `operator_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  removeTeamMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        operator_id: string;
        team_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Team"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listThreads: {
    parameters: {
      query?: {
        /** @description `me` (the signed-in operator), `none` (unassigned), or an operator id. */
        assignee?: string;
        bot_id?: string;
        chat_id?: string;
        /** @description Opaque; from `next_cursor` of the previous page. */
        cursor?: string;
        /** @description Label names, comma-separated: threads carrying them (see `labels_match`; docs/labels.md). */
        labels?: string;
        /** @description With `labels`: `all` (the default) the threads carrying every label, `any` those carrying one. */
        labels_match?: "all" | "any";
        limit?: number;
        mode?: components["schemas"]["ThreadModeInput"];
        /** @description Ignored when `cursor` is given. */
        offset?: number;
        /** @description Full-text search over message content; ranked. */
        search?: string;
        /** @description A status (`open`, `pending`, `snoozed`, `resolved`) or a comma list of them. */
        status?: string;
        /** @description `none` (in no team's queue) or a team id (docs/routing.md). */
        team?: string;
        /** @description `true`: only threads waiting for a person (pending_count > 0); `false`: only the others. */
        waiting?: "true" | "false";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ThreadList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getThread: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ThreadDetail"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listToolApprovals: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ToolApproval"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  decideToolApproval: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        approval_id: string;
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          approve: boolean;
          /** @description Shown to the model with a rejection. */
          reason?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ToolApproval"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `approval_not_pending`: the approval was already decided. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  assignThread: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description An operator of the project, or null to unassign. */
          operator_id: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Thread"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `operator_not_found`: `operator_id` names no operator of the project. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  downloadAttachment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        file_id: string;
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file's bytes. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/octet-stream": string;
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  exportThread: {
    parameters: {
      query?: {
        /** @description `text`: a readable transcript; `json`: the thread and all its messages. */
        format?: "text" | "json";
      };
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The transcript (text/plain) or the thread with its messages (application/json). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ThreadExport"];
          "text/plain": string;
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listThreadFeedback: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["MessageFeedbackList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  uploadThreadAttachment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "multipart/form-data": components["schemas"]["AttachmentUploadInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["MessageFile"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: larger than PARLEY_ATTACHMENT_MAX_BYTES. `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unsupported_media_type`: a type not on the list, or an image whose bytes are not that image. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  downloadThreadAttachment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        file_id: string;
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file's bytes. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/octet-stream": string;
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listThreadLabels: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["LabelList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  addThreadLabels: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Label names of the project, whatever their case. */
          labels: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["LabelList"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `label_not_found`: a name in `labels` is no label of the project (the message names each); nothing changes. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  removeThreadLabels: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Label names of the project, whatever their case. */
          labels: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["LabelList"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `label_not_found`: a name in `labels` is no label of the project (the message names each); nothing changes. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getThreadMemory: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WorkingMemoryResponse"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listThreadMessages: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Message"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listMessageFeedback: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        message_id: string;
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["MessageFeedbackList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_not_found`, `message_not_found`: no such thread, or no such message in it. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  rateMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        message_id: string;
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Why; at most 2000 characters. */
          comment?: string | null;
          /** @description The better answer, kept with the rating; at most 8000 characters. */
          correction?: string | null;
          /**
           * @description 👍 `up` or 👎 `down`.
           * @enum {string}
           */
          rating: "up" | "down";
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["MessageFeedback"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_not_found`, `message_not_found`: no such thread, or no such message in it. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `message_not_rateable`: the message is not the bot's (a user's, an operator's or a tool step). `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteMessageFeedback: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        message_id: string;
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_not_found`, `message_not_found`: no such thread, or no such message in it. `feedback_not_found`: the caller has given no feedback on the message. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getMessageTrace: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        message_id: string;
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TurnTrace"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  setThreadMode: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          mode: components["schemas"]["ThreadModeInput"];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Thread"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listThreadNotes: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ThreadNoteList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_not_found` `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createThreadNote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Ids of operators of the project to notify (GET /v1/operators); repeated ids count once. Each gets an unread entry in their mentions inbox (GET /v1/operators/me/mentions), except the author. */
          mentions?: string[];
          /** @description The note, 1–10000 characters (trimmed). `@Name` in it is text only: `mentions` notifies. */
          text: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ThreadNote"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_not_found` `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unknown_operator`: a mentioned id is not an operator of the project. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateThreadNote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        note_id: string;
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Replaces the note's mentions: operators added get an unread mention; operators taken off lose theirs. */
          mentions?: string[];
          /** @description The note, 1–10000 characters (trimmed). `@Name` in it is text only: `mentions` notifies. */
          text?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ThreadNote"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `not_note_author`: only the note's author (that operator, or that API key) may change it. `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_not_found`, `note_not_found`: no such thread, or no such note in it. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unknown_operator`: a mentioned id is not an operator of the project. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteThreadNote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        note_id: string;
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `not_note_author`: only the note's author (that operator, or that API key) may change it. `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_not_found`, `note_not_found`: no such thread, or no such note in it. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getThreadRating: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ThreadRating"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_not_found`: no such thread. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  rateThread: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description What the customer said about it. */
          comment?: string | null;
          /** @description 1 (bad) to 5 (great). */
          rating: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CsatRating"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_not_found`: no such thread. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `already_rated`: the conversation's rating is recorded already. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  retryThreadReply: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ReplyRetry"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_not_auto`: the thread is not in mode `auto`. `nothing_to_retry`: no failed reply waits. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  sendOperatorMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Buttons under the message (docs/channels.md, "Buttons"): at most 10, labels of at most 40 characters; one with `url` is a link button, one without a reply button. */
          buttons?: {
            /** @description What the button shows: one line of at most 40 characters. */
            label: string;
            /**
             * Format: uri
             * @description Makes it a link button that opens this http(s) URL; without it, pressing it answers.
             */
            url?: string;
          }[];
          /** @description Files uploaded to the thread (POST /v1/threads/{id}/files), at most 10: ids, or {id, caption}. They go out after the text, each as its own vendor message (docs/channels.md, "Files"). */
          files?: (
            | string
            | {
                caption?: string;
                id: string;
              }
          )[];
          /**
           * Format: date-time
           * @description Deliver later; the answer is then 202 with the job id.
           */
          scheduledAt?: string;
          /** @description The message; may be left out when `files` are sent. */
          text?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description Default Response */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Scheduled"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_not_manual`: the thread is not in mode `manual`. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: also for a file id that names no file uploaded to this thread. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  setThreadStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /**
           * Format: date-time
           * @description Only with `snoozed`, in the future: when the thread reopens. Absent: until the customer writes.
           */
          snoozed_until?: string;
          status: components["schemas"]["ThreadStatusInput"];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Thread"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: `snoozed_until` without `snoozed`, or not in the future. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  setThreadTeam: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ThreadTeamRequestInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Thread"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_not_found`, `team_not_found`. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  sendWhatsappTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SendWhatsappTemplateInput"];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description Default Response */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Scheduled"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `template_not_found`: no such template (name and language) is stored: sync first. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `not_whatsapp_thread`: the thread is not of a WhatsApp integration; `template_not_approved`: the template's status is not APPROVED. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `template_parameters`: the number of header or body values does not match the template; `template_not_sendable`: the template has a media header. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listThreadTraces: {
    parameters: {
      query?: {
        /** @description From `next_cursor` of the previous page. */
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TurnTraceList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  countThreads: {
    parameters: {
      query?: {
        /** @description `me` (the signed-in operator), `none` (unassigned), or an operator id. */
        assignee?: string;
        bot_id?: string;
        chat_id?: string;
        /** @description Label names, comma-separated: threads carrying them (see `labels_match`; docs/labels.md). */
        labels?: string;
        /** @description With `labels`: `all` (the default) the threads carrying every label, `any` those carrying one. */
        labels_match?: "all" | "any";
        mode?: components["schemas"]["ThreadModeInput"];
        /** @description `true`: only threads waiting for a person (pending_count > 0); `false`: only the others. */
        waiting?: "true" | "false";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ThreadCounts"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  streamProjectThreadEvents: {
    parameters: {
      query?: {
        /** @description Resume after this event, for clients that cannot set Last-Event-ID; the header wins. */
        last_event_id?: string;
      };
      header?: {
        /** @description Resume after this event: sent by EventSource when it reconnects. */
        "last-event-id"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /**
       * @description Events of every thread of the key's project. A `text/event-stream` of ThreadEvent. Every event has `id:` (a sequence
       *     number) and `data:` (the ThreadEvent as JSON, its kind in `type`) and no `event:` name, so an
       *     EventSource receives every event through `onmessage`. A comment line is
       *     sent regularly (PARLEY_SSE_HEARTBEAT_MS, default 15 s) to keep proxies from closing the connection. Reconnect with `Last-Event-ID` (as
       *     EventSource does) to receive the events missed in between, exactly once; events can be replayed for at
       *     least 10 minutes (15 by default). Without it the stream starts with new events only; its first frame carries just an
       *     `id:`, so that even a client that saw no event can resume without a gap.
       */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/event-stream": components["schemas"]["ThreadEvent"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  streamThreadEvents: {
    parameters: {
      query?: {
        /** @description Resume after this event, for clients that cannot set Last-Event-ID; the header wins. */
        last_event_id?: string;
      };
      header?: {
        /** @description Resume after this event: sent by EventSource when it reconnects. */
        "last-event-id"?: string;
      };
      path: {
        thread_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /**
       * @description Events of the thread. A `text/event-stream` of ThreadEvent. Every event has `id:` (a sequence
       *     number) and `data:` (the ThreadEvent as JSON, its kind in `type`) and no `event:` name, so an
       *     EventSource receives every event through `onmessage`. A comment line is
       *     sent regularly (PARLEY_SSE_HEARTBEAT_MS, default 15 s) to keep proxies from closing the connection. Reconnect with `Last-Event-ID` (as
       *     EventSource does) to receive the events missed in between, exactly once; events can be replayed for at
       *     least 10 minutes (15 by default). Without it the stream starts with new events only; its first frame carries just an
       *     `id:`, so that even a client that saw no event can resume without a gap.
       */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/event-stream": components["schemas"]["ThreadEvent"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  exportThreadsCsv: {
    parameters: {
      query?: {
        /** @description `me` (the signed-in operator), `none` (unassigned), or an operator id. */
        assignee?: string;
        bot_id?: string;
        chat_id?: string;
        /** @description Label names, comma-separated: threads carrying them (see `labels_match`; docs/labels.md). */
        labels?: string;
        /** @description With `labels`: `all` (the default) the threads carrying every label, `any` those carrying one. */
        labels_match?: "all" | "any";
        mode?: components["schemas"]["ThreadModeInput"];
        /** @description Full-text search over message content; ranked. */
        search?: string;
        /** @description A status (`open`, `pending`, `snoozed`, `resolved`) or a comma list of them. */
        status?: string;
        /** @description `none` (in no team's queue) or a team id (docs/routing.md). */
        team?: string;
        /** @description `true`: only threads waiting for a person (pending_count > 0); `false`: only the others. */
        waiting?: "true" | "false";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The threads as CSV (RFC 4180, a header line first, CRLF line ends). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/csv": string;
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listTools: {
    parameters: {
      query?: {
        /** @description The language of `title` and `summary`. Without it, the first language of `Accept-Language` Parley speaks, else English. */
        lang?: "en" | "ru";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Tool"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listCustomTools: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CustomTool"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createCustomTool: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description What the tool does and when to use it, for the model. */
          description: string;
          /** @description Headers sent with every call (an API key, say): name → value. Values are sealed at rest and never returned; the API shows the names only. */
          headers?: {
            [key: string]: string;
          };
          /** @description Default: an object without properties (no arguments). */
          input_schema?: {
            [key: string]: unknown;
          };
          /** @description At most this many calls of the tool in one turn; null: only the engine's limit applies. */
          max_calls_per_turn?: number | null;
          /** @description Answer bytes the model is given; a longer answer is cut, with a note. Default 16384. */
          max_response_bytes?: number;
          method: components["schemas"]["CustomToolMethodInput"];
          /** @description The key of a bot's `ai.tools` and the name the model calls: `^[a-z][a-z0-9_]{0,63}$`, unique in the project, not a built-in tool's name. */
          name: string;
          status?: components["schemas"]["CustomToolStatusInput"];
          /** @description Whole call, connect to the end of the answer; default 10000. */
          timeout_ms?: number;
          /** @description http(s) URL template: `{arg}` placeholders in the path (required arguments) or as whole query values (`?expand={expand}`, left out when absent), filled percent-encoded. A private, loopback or link-local address is refused unless the server allows it. */
          url: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CreatedCustomTool"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `custom_tool_name_taken`: the project already has a custom tool with this name. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getCustomTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        tool_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CustomTool"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `custom_tool_not_found`: no custom tool with this id in the project (another project's is not found either). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateCustomTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        tool_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description What the tool does and when to use it, for the model. */
          description?: string;
          /** @description Header changes: a value sets the header, `null` removes it; headers not named are unchanged. */
          headers?: {
            [key: string]: string | null;
          };
          /** @description JSON Schema of the arguments: `"type": "object"` at its root, draft-07 (default) or 2020-12 (`$schema`), compiled with Ajv in strict mode (unknown keywords and formats are refused), local `$ref`s only, at most 16384 bytes. */
          input_schema?: {
            [key: string]: unknown;
          };
          /** @description At most this many calls of the tool in one turn; null: only the engine's limit applies. */
          max_calls_per_turn?: number | null;
          /** @description Answer bytes the model is given; a longer answer is cut, with a note. Default 16384. */
          max_response_bytes?: number;
          method?: components["schemas"]["CustomToolMethodInput"];
          /** @description The key of a bot's `ai.tools` and the name the model calls: `^[a-z][a-z0-9_]{0,63}$`, unique in the project, not a built-in tool's name. */
          name?: string;
          status?: components["schemas"]["CustomToolStatusInput"];
          /** @description Whole call, connect to the end of the answer; default 10000. */
          timeout_ms?: number;
          /** @description http(s) URL template: `{arg}` placeholders in the path (required arguments) or as whole query values (`?expand={expand}`, left out when absent), filled percent-encoded. A private, loopback or link-local address is refused unless the server allows it. */
          url?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CustomTool"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `custom_tool_not_found`: no custom tool with this id in the project (another project's is not found either). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `custom_tool_name_taken`: the project already has a custom tool with this name. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteCustomTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        tool_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `custom_tool_not_found`: no custom tool with this id in the project (another project's is not found either). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  rotateCustomToolSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        tool_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CreatedCustomTool"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `custom_tool_not_found`: no custom tool with this id in the project (another project's is not found either). `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  importCustomTools: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description An OpenAPI 3.0 or 3.1 document, as JSON. */
          document: {
            [key: string]: unknown;
          };
          /** @description true: only show what would be created. */
          dry_run?: boolean;
          /** @description Headers given to every tool created (sealed, never returned). */
          headers?: {
            [key: string]: string;
          };
          /** @description The operations to import, by `operationId` or as `METHOD /path`; default every operation. */
          operations?: string[];
          /** @description The base URL of the paths; default the document's first server (with its variables' defaults). */
          server_url?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CustomToolImportResult"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `custom_tool_name_taken`: the project already has a custom tool with this name. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listVectorStores: {
    parameters: {
      query?: {
        /** @description An object id: the page starts after it. */
        after?: string;
        /** @description An object id: the page ends before it. */
        before?: string;
        limit?: number;
        /** @description By creation time; default desc. */
        order?: "asc" | "desc";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStoreList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createVectorStore: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          chunking_strategy?: components["schemas"]["ChunkingStrategyInput"];
          expires_after?: components["schemas"]["ExpiresAfterInput"];
          /** @description Files (uploaded through POST /files) to add at once. */
          file_ids?: string[];
          metadata?: components["schemas"]["KnowledgeMetadataInput"];
          name?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStore"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `file_not_found`: a `file_ids` entry names no file. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getVectorStore: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStore"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateVectorStore: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description null removes the expiry. */
          expires_after?: components["schemas"]["ExpiresAfterInput"] | null;
          /** @description Replaces the metadata; null clears it. */
          metadata?: components["schemas"]["KnowledgeMetadataInput"] | null;
          name?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStore"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteVectorStore: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createVectorStoreFileBatch: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          attributes?: components["schemas"]["FileAttributesInput"];
          chunking_strategy?: components["schemas"]["ChunkingStrategyInput"];
          file_ids: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStoreFileBatch"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `file_not_found`: a `file_ids` entry names no file. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getVectorStoreFileBatch: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        batch_id: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStoreFileBatch"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  cancelVectorStoreFileBatch: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        batch_id: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStoreFileBatch"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listVectorStoreFileBatchFiles: {
    parameters: {
      query?: {
        /** @description An object id: the page starts after it. */
        after?: string;
        /** @description An object id: the page ends before it. */
        before?: string;
        filter?: components["schemas"]["VectorStoreFileStatusInput"];
        limit?: number;
        /** @description By creation time; default desc. */
        order?: "asc" | "desc";
      };
      header?: never;
      path: {
        batch_id: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStoreFileList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listVectorStoreFiles: {
    parameters: {
      query?: {
        /** @description An object id: the page starts after it. */
        after?: string;
        /** @description An object id: the page ends before it. */
        before?: string;
        filter?: components["schemas"]["VectorStoreFileStatusInput"];
        limit?: number;
        /** @description By creation time; default desc. */
        order?: "asc" | "desc";
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStoreFileList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createVectorStoreFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          attributes?: components["schemas"]["FileAttributesInput"];
          chunking_strategy?: components["schemas"]["ChunkingStrategyInput"];
          file_id: string;
        };
        "multipart/form-data": {
          attributes?: components["schemas"]["FileAttributesInput"];
          chunking_strategy?: components["schemas"]["ChunkingStrategyInput"];
          file_id: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStoreFile"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `file_not_found`: `file_id` names no file. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the file is larger than the upload limit (PARLEY_MAX_UPLOAD_BYTES). `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getVectorStoreFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        file_id: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStoreFile"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateVectorStoreFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        file_id: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          attributes: components["schemas"]["FileAttributesInput"];
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStoreFile"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteVectorStoreFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        file_id: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getVectorStoreFileContent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        file_id: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStoreFileContent"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  searchVectorStore: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          filters?: components["schemas"]["SearchFilterInput"];
          /** @default 10 */
          max_num_results?: number;
          query: string | string[];
          ranking_options?: {
            /** @enum {string} */
            ranker?: "none" | "auto" | "default-2024-11-15";
            score_threshold?: number;
          };
          rewrite_query?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["VectorStoreSearchResults"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWebhookEndpoints: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The event types to send; null or absent means every type. */
          events?:
            | (
                | "thread.created"
                | "thread.message.created"
                | "thread.mode.changed"
                | "integration.auth_lost"
                | "billing.balance.low"
                | "thread.approval.requested"
                | "webhook_endpoint.disabled"
                | "payment.confirmed"
                | "thread.reply.failed"
                | "message.feedback"
                | "bot.published"
                | "thread.labels.changed"
                | "thread.status.changed"
                | "thread.note.created"
                | "contact.merged"
                | "contact.updated"
                | "conversation.rated"
                | "thread.assigned"
              )[]
            | null;
          /** @description Default true. */
          ordered?: boolean;
          /** @description Generated (`whsec_…`) when absent. */
          secret?: string;
          /** @description An http:// or https:// URL on a public address. */
          url: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CreatedWebhookEndpoint"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The event types to send; null or absent means every type. */
          events?:
            | (
                | "thread.created"
                | "thread.message.created"
                | "thread.mode.changed"
                | "integration.auth_lost"
                | "billing.balance.low"
                | "thread.approval.requested"
                | "webhook_endpoint.disabled"
                | "payment.confirmed"
                | "thread.reply.failed"
                | "message.feedback"
                | "bot.published"
                | "thread.labels.changed"
                | "thread.status.changed"
                | "thread.note.created"
                | "contact.merged"
                | "contact.updated"
                | "conversation.rated"
                | "thread.assigned"
              )[]
            | null;
          ordered?: boolean;
          /** @description The HMAC-SHA256 key used to sign every delivery. */
          secret?: string;
          status?: components["schemas"]["WebhookEndpointStatusInput"];
          /** @description An http:// or https:// URL on a public address. */
          url?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Deleted"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description Opaque; from `next_cursor` of the previous page. */
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookDeliveryList"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  retryWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        delivery_id: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookDelivery"];
        };
      };
      /** @description `invalid_idempotency_key`: the Idempotency-Key header is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `webhook_endpoint_disabled`: the endpoint is disabled; enable it first. `idempotency_key_reused` (the Idempotency-Key was used for another request) or `idempotency_request_in_progress`. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWebhookEventTypes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEventTypeInfo"][];
        };
      };
      /** @description `unauthorized`: the API key or console session is missing, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `forbidden`: the resource belongs to another project, or the key's or session's role does not allow this; `csrf_failed`: a console session request other than GET without its X-CSRF-Token. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: a rate limit is exceeded; wait Retry-After seconds. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getWidgetConfig: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        chat_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WidgetConfig"];
        };
      };
      /** @description `origin_not_allowed`: the page's origin is not among the chat's allowed origins. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: too many requests from this IP address per minute; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  startWidgetSession: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        chat_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          identity?: {
            name?: string;
            /** @description Hex HMAC-SHA256 of user_id with the chat's identity secret. */
            signature: string;
            user_id: string;
          };
          /** @description The token of an earlier session, to resume it. */
          visitor_token?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WidgetSession"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `visitor_token_invalid`, `identity_invalid` (the identity's signature does not verify) or `identity_required` (the chat talks only to signed-in users). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `origin_not_allowed`: the page's origin is not among the chat's allowed origins. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: too many requests from this IP address per minute; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  streamWidgetEvents: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The conversation's events as server-sent events (`id:` and `data:`, one WidgetEvent each). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/event-stream": components["schemas"]["WidgetEvent"];
        };
      };
      /** @description `visitor_token_invalid`: the visitor token is unknown; start a new session. `identity_required`: the chat now talks only to signed-in users and the token is an anonymous visitor's; start a session with an identity. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `origin_not_allowed`: the page's origin is not among the chat's allowed origins. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `chat_not_found`: the visitor's chat no longer exists or is no longer a widget chat. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: too many requests from this IP address per minute; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWidgetMessages: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WidgetHistory"];
        };
      };
      /** @description `visitor_token_invalid`: the visitor token is unknown; start a new session. `identity_required`: the chat now talks only to signed-in users and the token is an anonymous visitor's; start a session with an identity. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `origin_not_allowed`: the page's origin is not among the chat's allowed origins. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `chat_not_found`: the visitor's chat no longer exists or is no longer a widget chat. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: too many requests from this IP address per minute; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  sendWidgetMessage: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The visitor pressed a button (docs/widget.md, "Buttons"): stored as their message, its label as text. */
          choice?: {
            /** @description The `id` of a reply button of this conversation. */
            button_id: string;
          };
          /** @description What the visitor wrote; with `choice`, optional (the button's label is stored). */
          text?: string;
        };
      };
    };
    responses: {
      /** @description The bot's reply as server-sent events: `text-delta`, then `finish` or `error`. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/event-stream": components["schemas"]["ReplyStreamEvent"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `visitor_token_invalid`: the visitor token is unknown; start a new session. `identity_required`: the chat now talks only to signed-in users and the token is an anonymous visitor's; start a session with an identity. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `origin_not_allowed`: the page's origin is not among the chat's allowed origins. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `chat_not_found`: the visitor's chat no longer exists or is no longer a widget chat. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `not_streamed`: the message was scheduled instead of answered now. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: too many requests from this IP address, or messages from this visitor, per minute; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  rateWidgetMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        message_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          comment?: string | null;
          /** @enum {string} */
          rating: "up" | "down";
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WidgetFeedback"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `visitor_token_invalid`: the visitor token is unknown; start a new session. `identity_required`: the chat now talks only to signed-in users and the token is an anonymous visitor's; start a session with an identity. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `origin_not_allowed`: the page's origin is not among the chat's allowed origins. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `message_not_found`: no such message in the visitor's conversation. `chat_not_found`: the visitor's chat no longer exists or is no longer a widget chat. `<resource>_not_found`: a resource named in the path does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `message_not_rateable`: the message is not the bot's. `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: too many requests from this IP address per minute; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  rateWidgetConversation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description What the customer said about it. */
          comment?: string | null;
          /** @description 1 (bad) to 5 (great). */
          rating: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WidgetRating"];
        };
      };
      /** @description The body cannot be read: `invalid_json`, `invalid_body` (not a JSON object), `body_required` or `unsupported_content_type`. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `visitor_token_invalid`: the visitor token is unknown; start a new session. `identity_required`: the chat now talks only to signed-in users and the token is an anonymous visitor's; start a session with an identity. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `origin_not_allowed`: the page's origin is not among the chat's allowed origins. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `thread_not_found`: the visitor has not written yet. `chat_not_found`: the visitor's chat no longer exists or is no longer a widget chat. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `not_asked`: no rating was asked in this conversation. `already_rated`: it is rated already. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `payload_too_large`: the body is larger than the server accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `validation_failed`: a parameter or field is missing, unknown, of the wrong type or out of range; `details` names each. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `rate_limited`: too many requests from this IP address per minute; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `internal_error`: a fault on the server; quote the `request_id`. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `shutting_down`: the server is stopping; `database_busy`: the database's single writer (SQLite) was not free in time. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  receiveWebhookEvent: {
    parameters: {
      query?: never;
      header: {
        /** @description The event id, as in the body. */
        "x-service-event-id": string;
        /** @description Hex HMAC-SHA256 of the raw body, keyed with the endpoint's secret. */
        "x-service-signature": string;
        /** @description When this attempt was sent, unix seconds. */
        "x-service-timestamp": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["WebhookEvent"];
      };
    };
    responses: {
      /** @description Received. Any other status (redirects are not followed), or no answer within 10 seconds, is a failed attempt, retried later. */
      "2XX": {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
