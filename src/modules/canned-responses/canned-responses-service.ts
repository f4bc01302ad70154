import { z } from "zod";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, conflict, validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { CannedResponseRow } from "../../storage/repos/canned-responses.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { PersonRow } from "../../storage/repos/persons.repo.js";
import type { ThreadRow } from "../../storage/repos/threads.repo.js";
import type {
  CannedResponse,
  CreateCannedResponseInput,
  ListCannedResponsesQuery,
  UpdateCannedResponseInput,
} from "./schemas.js";
import { type CannedValues, firstNameOf, renderTemplate, templateProblems } from "./template.js";

export interface CannedResponsesServiceDeps {
  repos: Repos;
  clock: Clock;
  newId: IdGenerator;
  /** The caller's thread: 404 when no project has it, 403 when another project does. */
  resolveThread(auth: AuthContext, threadId: string): Promise<ThreadRow>;
}

export function toCannedResponse(row: CannedResponseRow): CannedResponse {
  return {
    id: row.id,
    short_code: row.short_code,
    title: row.title,
    content: row.content,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const notFound = (id: string) =>
  new ApiError(404, "canned_response_not_found", `The project has no canned response '${id}'.`);

const codeTaken = (code: string) =>
  conflict(
    "canned_response_code_taken",
    `The project already has a canned response with the short code '${code}'.`,
  );

const searchTextOf = (row: { short_code: string; title: string | null; content: string }) =>
  [row.short_code, row.title ?? "", row.content].join("\n").toLowerCase();

const cursorSchema = z.strictObject({ s: z.string().min(1).max(32) });

function encodeCursor(row: CannedResponseRow): string {
  return Buffer.from(JSON.stringify({ s: row.short_code })).toString("base64url");
}

/** Only what encodeCursor issued decodes; anything else is undefined. */
function decodeCursor(cursor: string): string | undefined {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    return parsed.success ? parsed.data.s : undefined;
  } catch {
    return undefined;
  }
}

/** A blank title is none. */
const titleOf = (title: string | null | undefined) => (title ? title : null);

/** The email of a contact, once contacts carry one (docs/canned-responses.md, "Variables"). */
function emailOf(person: PersonRow | undefined): string | null {
  const email = (person as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email : null;
}

/**
 * A project's canned responses (docs/canned-responses.md). Another project's response is 404, as
 * if it did not exist. Content is checked for its placeholders on every write, so rendering
 * never meets a variable it cannot fill.
 */
export class CannedResponsesService {
  constructor(private readonly deps: CannedResponsesServiceDeps) {}

  /** By short code, `limit` at a time; `next_cursor` continues after the page's last code. */
  async list(
    auth: AuthContext,
    query: ListCannedResponsesQuery,
  ): Promise<{ data: CannedResponse[]; next_cursor: string | null }> {
    const afterCode = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && afterCode === undefined) {
      throw validationFailed([{ path: "query.cursor", message: "is not a cursor this API issued" }]);
    }
    const rows = await this.deps.repos.cannedResponses.list(auth.projectId, {
      limit: query.limit + 1,
      afterCode,
      search: query.q ? query.q.toLowerCase() : undefined,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: page.map(toCannedResponse),
      next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    };
  }

  async get(auth: AuthContext, id: string): Promise<CannedResponse> {
    return toCannedResponse(await this.load(auth, id));
  }

  async create(auth: AuthContext, input: CreateCannedResponseInput): Promise<CannedResponse> {
    this.checkContent(input.content);
    const now = this.deps.clock.now().toISOString();
    const fields = { short_code: input.short_code, title: titleOf(input.title), content: input.content };
    const row: CannedResponseRow = {
      id: this.deps.newId("cr"),
      project_id: auth.projectId,
      ...fields,
      search_text: searchTextOf(fields),
      created_by: auth.operator?.id ?? auth.keyId,
      created_at: now,
      updated_at: now,
    };
    if (!(await this.deps.repos.cannedResponses.insert(row))) throw codeTaken(input.short_code);
    return toCannedResponse(row);
  }

  /** Only the fields sent change; `title: null` clears the title. */
  async update(auth: AuthContext, id: string, input: UpdateCannedResponseInput): Promise<CannedResponse> {
    if (input.content !== undefined) this.checkContent(input.content);
    const row = await this.load(auth, id);
    const fields = {
      short_code: input.short_code ?? row.short_code,
      title: input.title !== undefined ? titleOf(input.title) : row.title,
      content: input.content ?? row.content,
    };
    const patch = {
      ...fields,
      search_text: searchTextOf(fields),
      updated_at: this.deps.clock.now().toISOString(),
    };
    if (!(await this.deps.repos.cannedResponses.update(auth.projectId, row.id, patch))) {
      throw codeTaken(fields.short_code);
    }
    return toCannedResponse({ ...row, ...patch });
  }

  async delete(auth: AuthContext, id: string): Promise<{ id: string; deleted: true }> {
    if (!(await this.deps.repos.cannedResponses.delete(auth.projectId, id))) throw notFound(id);
    return { id, deleted: true };
  }

  /**
   * The content with the thread's values filled: its person's name, the signed-in operator's
   * name (none for an API key), the thread's bot and the project.
   */
  async render(auth: AuthContext, id: string, threadId: string): Promise<{ text: string }> {
    const row = await this.load(auth, id);
    const thread = await this.deps.resolveThread(auth, threadId);
    const { repos } = this.deps;
    const [person, bot, project] = await Promise.all([
      thread.person_id ? repos.persons.findById(thread.person_id) : undefined,
      repos.bots.findById(thread.bot_id),
      repos.projects.findById(auth.projectId),
    ]);
    const name = person?.name ?? null;
    const values: CannedValues = {
      "contact.name": name,
      "contact.first_name": firstNameOf(name),
      "contact.email": emailOf(person),
      "operator.name": auth.operator?.name ?? null,
      "bot.name": bot?.name ?? null,
      "project.name": project?.name ?? null,
    };
    return { text: renderTemplate(row.content, values) };
  }

  private checkContent(content: string): void {
    const problems = templateProblems(content);
    if (problems.length > 0) throw validationFailed(problems);
  }

  private async load(auth: AuthContext, id: string): Promise<CannedResponseRow> {
    const row = await this.deps.repos.cannedResponses.find(auth.projectId, id);
    if (!row) throw notFound(id);
    return row;
  }
}
