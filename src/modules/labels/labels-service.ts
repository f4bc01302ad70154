import type { Transactor, UnitOfWork } from "../../events/unit-of-work.js";
import { type AuthContext, actorOf, type ThreadActor } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, assertOwned, conflict, forbidden, notFound } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { Repos } from "../../storage/repos/index.js";
import { type Label, type LabelRow, labelKey, toLabel } from "../../storage/repos/labels.repo.js";
import type { CreateLabelBody, UpdateLabelBody } from "./schemas.js";

const labelExists = (name: string) =>
  conflict(
    "label_exists",
    `The project already has a label named '${name}' (names are unique whatever their case).`,
  );

/** 422 naming the label names the project does not have (docs/labels.md: nothing is changed then). */
const unknownLabels = (names: string[]) =>
  new ApiError(
    422,
    "label_not_found",
    `No label named ${names.map((name) => `'${name}'`).join(", ")} in this project; create it first (POST /v1/labels).`,
    { details: names.map((name) => ({ path: "body.labels", message: `no label named '${name}'` })) },
  );

/** Whether the database refused a write for a unique constraint (a rename racing a create). */
function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || /unique constraint/i.test(String(message))
  );
}

/** Names in the order labels are listed: case-insensitively. */
const byName = (names: string[]) => names.sort((a, b) => (labelKey(a) < labelKey(b) ? -1 : 1));

/** How a label link records who made it. */
const addedByOf = (by: ThreadActor | undefined) => (by ? `${by.type}:${by.id}` : "bot");

/** What the add_label tool gets back: the thread's labels now, and whether this one is new. */
export type BotLabelResult =
  | { ok: true; added: boolean; labels: string[] }
  | { ok: false; available: string[] };

/**
 * Labels of a project and their links to threads and people (docs/labels.md). Putting labels
 * on or taking them off a thread records `thread.labels.changed` (the `labels_changed` thread
 * event and the webhook) in the same transaction, only when something changed: adding a label
 * a thread carries is a no-op, also under parallel requests (the link's key decides).
 */
export class LabelsService {
  constructor(
    private readonly deps: { repos: Repos; transactor: Transactor; clock: Clock; newId: IdGenerator },
  ) {}

  async list(auth: AuthContext): Promise<Label[]> {
    return (await this.deps.repos.labels.list(auth.projectId)).map(toLabel);
  }

  async get(auth: AuthContext, id: string): Promise<Label> {
    return toLabel(await this.resolve(auth, id));
  }

  /** 409 `label_exists` when the project has the name in any case (one of parallel creates wins). */
  async create(auth: AuthContext, body: CreateLabelBody): Promise<Label> {
    const now = this.deps.clock.now().toISOString();
    const row = await this.deps.repos.labels.insert({
      id: this.deps.newId("lbl"),
      project_id: auth.projectId,
      name: body.name,
      color: body.color ?? null,
      description: body.description ?? null,
      created_at: now,
      updated_at: now,
    });
    if (!row) throw labelExists(body.name);
    return toLabel(row);
  }

  /** Only the fields sent change; a rename to another label's name is 409 `label_exists`. */
  async update(auth: AuthContext, id: string, body: UpdateLabelBody): Promise<Label> {
    const label = await this.resolve(auth, id);
    if (body.name !== undefined && labelKey(body.name) !== label.name_key) {
      const [taken] = await this.deps.repos.labels.findByNames(auth.projectId, [body.name]);
      if (taken) throw labelExists(body.name);
    }
    try {
      await this.deps.repos.labels.update(auth.projectId, label.id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.color !== undefined ? { color: body.color } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        updated_at: this.deps.clock.now().toISOString(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw labelExists(body.name ?? label.name);
      throw error;
    }
    return this.get(auth, id);
  }

  /** Deletes the label: it comes off every thread and person (no `labels_changed` for each). */
  async delete(auth: AuthContext, id: string): Promise<{ id: string; deleted: true }> {
    const label = await this.resolve(auth, id);
    if (!(await this.deps.repos.labels.delete(auth.projectId, label.id))) throw notFound("label", id);
    return { id: label.id, deleted: true };
  }

  async ofThread(auth: AuthContext, threadId: string): Promise<Label[]> {
    const thread = await this.resolveThread(auth, threadId);
    return (await this.deps.repos.labels.ofThread(auth.projectId, thread.id)).map(toLabel);
  }

  async addToThread(auth: AuthContext, threadId: string, names: string[]): Promise<Label[]> {
    const thread = await this.resolveThread(auth, threadId);
    const labels = await this.named(auth.projectId, names);
    return this.changeThread(auth.projectId, thread.id, { add: labels, remove: [] }, actorOf(auth));
  }

  async removeFromThread(auth: AuthContext, threadId: string, names: string[]): Promise<Label[]> {
    const thread = await this.resolveThread(auth, threadId);
    const labels = await this.named(auth.projectId, names);
    return this.changeThread(auth.projectId, thread.id, { add: [], remove: labels }, actorOf(auth));
  }

  /** The add_label tool: only a label the project has; an unknown name answers the names there are. */
  async addAsBot(projectId: string, threadId: string, name: string): Promise<BotLabelResult> {
    const [label] = await this.deps.repos.labels.findByNames(projectId, [name]);
    if (!label) {
      return { ok: false, available: (await this.deps.repos.labels.list(projectId)).map((row) => row.name) };
    }
    let added = false;
    const labels = await this.changeThread(
      projectId,
      threadId,
      { add: [label], remove: [] },
      undefined,
      (n) => {
        added = n > 0;
      },
    );
    return { ok: true, added, labels: labels.map((row) => row.name) };
  }

  /** Ids of the project's labels with these names (the thread list's filter); unknown names are left out. */
  async idsOf(projectId: string, names: string[]): Promise<{ ids: string[]; unknown: string[] }> {
    const rows = await this.deps.repos.labels.findByNames(projectId, names);
    const known = new Set(rows.map((row) => row.name_key));
    return { ids: rows.map((row) => row.id), unknown: names.filter((name) => !known.has(labelKey(name))) };
  }

  async ofContact(auth: AuthContext, personId: string): Promise<Label[]> {
    const person = await this.resolvePerson(auth, personId);
    return (await this.deps.repos.labels.ofPerson(person.id)).map(toLabel);
  }

  async addToContact(auth: AuthContext, personId: string, names: string[]): Promise<Label[]> {
    const person = await this.resolvePerson(auth, personId);
    const labels = await this.named(auth.projectId, names);
    const now = this.deps.clock.now().toISOString();
    return this.deps.transactor.run(auth.projectId, async (unit) => {
      const ids = labels.map((label) => label.id);
      await unit.repos.labels.addToPerson(person.id, ids, addedByOf(actorOf(auth)), now);
      return (await unit.repos.labels.ofPerson(person.id)).map(toLabel);
    });
  }

  async removeFromContact(auth: AuthContext, personId: string, names: string[]): Promise<Label[]> {
    const person = await this.resolvePerson(auth, personId);
    const labels = await this.named(auth.projectId, names);
    return this.deps.transactor.run(auth.projectId, async (unit) => {
      await unit.repos.labels.removeFromPerson(
        person.id,
        labels.map((label) => label.id),
      );
      return (await unit.repos.labels.ofPerson(person.id)).map(toLabel);
    });
  }

  /** Puts labels on and takes labels off a thread; records the change when there is one. */
  private changeThread(
    projectId: string,
    threadId: string,
    change: { add: LabelRow[]; remove: LabelRow[] },
    by: ThreadActor | undefined,
    onAdded?: (count: number) => void,
  ): Promise<Label[]> {
    const now = this.deps.clock.now().toISOString();
    return this.deps.transactor.run(projectId, async (unit: UnitOfWork) => {
      const thread = await unit.repos.threads.find(projectId, threadId);
      if (!thread) throw notFound("thread", threadId);
      const repo = unit.repos.labels;
      const addedIds = await repo.addToThread(
        projectId,
        threadId,
        change.add.map((label) => label.id),
        addedByOf(by),
        now,
      );
      const removedIds = await repo.removeFromThread(
        projectId,
        threadId,
        change.remove.map((label) => label.id),
      );
      onAdded?.(addedIds.length);
      const labels = await repo.ofThread(projectId, threadId);
      if (addedIds.length > 0 || removedIds.length > 0) {
        const nameOf = new Map([...change.add, ...change.remove].map((label) => [label.id, label.name]));
        unit.record({
          type: "thread.labels.changed",
          threadId,
          chatId: thread.chat_id,
          labels: labels.map((label) => label.name),
          added: byName(addedIds.map((id) => nameOf.get(id) ?? id)),
          removed: byName(removedIds.map((id) => nameOf.get(id) ?? id)),
          ...(by ? { by } : {}),
        });
      }
      return labels.map(toLabel);
    });
  }

  /** The project's labels by these names; 422 `label_not_found` naming any it lacks. */
  private async named(projectId: string, names: string[]): Promise<LabelRow[]> {
    const rows = await this.deps.repos.labels.findByNames(projectId, names);
    const known = new Set(rows.map((row) => row.name_key));
    const unknown = [...new Set(names.filter((name) => !known.has(labelKey(name))))];
    if (unknown.length > 0) throw unknownLabels(unknown);
    return rows;
  }

  private async resolve(auth: AuthContext, id: string): Promise<LabelRow> {
    const label = await this.deps.repos.labels.find(auth.projectId, id);
    if (label) return label;
    if (await this.deps.repos.labels.existsInOtherProject(auth.projectId, id)) {
      throw forbidden(`The label '${id}' belongs to another project.`);
    }
    throw notFound("label", id);
  }

  /** As reading the thread: 404 when no project has it, 403 when only another project does. */
  private async resolveThread(auth: AuthContext, threadId: string) {
    const threads = this.deps.repos.threads;
    const thread = await threads.find(auth.projectId, threadId);
    if (thread) return thread;
    if (await threads.existsInOtherProject(auth.projectId, threadId)) {
      throw forbidden(`The thread '${threadId}' belongs to another project.`);
    }
    throw notFound("thread", threadId);
  }

  /** A contact is a person of the project: 404 `contact_not_found`, 403 for another project's. */
  private async resolvePerson(auth: AuthContext, personId: string) {
    return assertOwned(await this.deps.repos.persons.findById(personId), auth.projectId, "contact", personId);
  }
}
