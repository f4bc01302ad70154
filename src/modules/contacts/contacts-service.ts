import type { Transactor } from "../../events/unit-of-work.js";
import type { AuthContext } from "../../infra/auth-context.js";
import type { Clock } from "../../infra/clock.js";
import { ApiError, badRequest, conflict, notFound, validationFailed } from "../../infra/errors.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { ContactPatch } from "../../storage/repos/contacts.repo.js";
import type { Repos } from "../../storage/repos/index.js";
import type { EmbedderKey } from "../../storage/repos/message-chunks.repo.js";
import type { PersonRow } from "../../storage/repos/persons.repo.js";
import { decodeContactCursor, encodeContactCursor } from "./cursor.js";
import type { Contact, ContactThread, CreateContactBody, UpdateContactBody } from "./schemas.js";
import { mergedAttributes, parseAttributes, toContact, toContactThread } from "./serializers.js";

export interface ContactsServiceDeps {
  repos: Repos;
  transactor: Transactor;
  clock: Clock;
  newId: IdGenerator;
  /** Indexes recall chunks a merge re-inserted (SQLite's sqlite-vec; see ContactsRepo.moveChunks). */
  indexMovedChunks: (embedders: EmbedderKey[]) => Promise<void>;
}

/** A merged contact asked for by id: 404 naming the contact it lives on as (docs/contacts.md). */
function mergedAway(id: string, survivor: string): ApiError {
  return new ApiError(404, "contact_merged", `The contact '${id}' was merged into '${survivor}'.`, {
    details: [{ path: "merged_into", message: survivor }],
  });
}

/**
 * Contacts (docs/contacts.md): the project's persons as people the team keeps — fields,
 * search, their conversations in every chat, and merging two into one.
 */
export class ContactsService {
  constructor(private readonly deps: ContactsServiceDeps) {}

  async list(
    auth: AuthContext,
    query: { q?: string | undefined; limit: number; cursor?: string | undefined },
  ): Promise<{ data: Contact[]; next_cursor: string | null }> {
    const after = query.cursor === undefined ? undefined : decodeContactCursor(query.cursor, "k");
    const rows = await this.deps.repos.contacts.list(auth.projectId, {
      q: query.q,
      limit: query.limit + 1,
      after,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: await this.present(auth.projectId, page),
      next_cursor:
        rows.length > query.limit && last ? encodeContactCursor({ k: [last.created_at, last.id] }) : null,
    };
  }

  async get(auth: AuthContext, id: string): Promise<Contact> {
    const [contact] = await this.present(auth.projectId, [await this.standing(auth.projectId, id)]);
    return contact!;
  }

  async create(auth: AuthContext, body: CreateContactBody): Promise<Contact> {
    const now = this.deps.clock.now().toISOString();
    const row: PersonRow = {
      id: this.deps.newId("per"),
      project_id: auth.projectId,
      external_id: body.external_id ?? null,
      name: body.name ?? null,
      avatar_url: body.avatar_url ?? null,
      channel: null,
      channel_user_id: null,
      email: body.email ?? null,
      phone: body.phone ?? null,
      attributes:
        body.attributes && Object.keys(body.attributes).length > 0 ? JSON.stringify(body.attributes) : null,
      notes: body.notes ?? null,
      merged_into: null,
      created_at: now,
      updated_at: now,
    };
    if (!(await this.deps.repos.contacts.insert(row))) {
      throw conflict(
        "contact_external_id_taken",
        `The project already has a contact with the external id '${body.external_id}'.`,
      );
    }
    return this.get(auth, row.id);
  }

  /** Only the fields sent change; `attributes` sets or (with null) removes the keys it names. */
  async update(auth: AuthContext, id: string, body: UpdateContactBody): Promise<Contact> {
    await this.deps.transactor.run(auth.projectId, async (unit) => {
      const locked = await unit.repos.contacts.lockPair(auth.projectId, [id, id]);
      const current = this.assertStanding(id, locked.get(id));
      const patch: ContactPatch = {};
      for (const key of ["name", "email", "phone", "avatar_url", "notes"] as const) {
        if (body[key] !== undefined) patch[key] = body[key];
      }
      if (body.attributes !== undefined) {
        const attributes = { ...parseAttributes(current.attributes) };
        for (const [key, value] of Object.entries(body.attributes)) {
          if (value === null) delete attributes[key];
          else attributes[key] = value;
        }
        if (Object.keys(attributes).length > 50) {
          throw validationFailed([{ path: "attributes", message: "a contact has at most 50 attributes" }]);
        }
        patch.attributes = Object.keys(attributes).length > 0 ? JSON.stringify(attributes) : null;
      }
      await unit.repos.contacts.update(id, { ...patch, updated_at: this.deps.clock.now().toISOString() });
      const fields = Object.keys(patch);
      if (fields.length > 0) unit.record({ type: "contact.updated", contactId: id, fields });
    });
    return this.get(auth, id);
  }

  /**
   * Deletes the contact (and the persons merged into it) with its semantic-recall chunks; its
   * threads stay, without a person. A later message from one of its identities starts a new
   * contact.
   */
  async delete(auth: AuthContext, id: string): Promise<{ id: string; deleted: true }> {
    await this.deps.transactor.run(auth.projectId, async (unit) => {
      const locked = await unit.repos.contacts.lockPair(auth.projectId, [id, id]);
      this.assertStanding(id, locked.get(id));
      await unit.repos.contacts.delete(auth.projectId, id);
    });
    return { id, deleted: true };
  }

  async threads(
    auth: AuthContext,
    id: string,
    query: { limit: number; cursor?: string | undefined },
  ): Promise<{ data: ContactThread[]; next_cursor: string | null }> {
    await this.standing(auth.projectId, id);
    const offset = query.cursor === undefined ? 0 : decodeContactCursor(query.cursor, "o");
    const rows = await this.deps.repos.contacts.threads(auth.projectId, id, query.limit + 1, offset);
    return {
      data: rows.slice(0, query.limit).map(toContactThread),
      next_cursor: rows.length > query.limit ? encodeContactCursor({ o: offset + query.limit }) : null,
    };
  }

  /**
   * Merges `fromId` into `id` (docs/contacts.md, "Merging"), in one transaction holding both
   * rows: the other's threads (their working memory is theirs) and recall chunks move here, its
   * fields fill this contact's empty ones (this contact's values win; attributes key by key),
   * and it is marked merged so that its identities reach this contact from now on. Merging
   * again what is already merged here answers the same (a retry, or a parallel twin, is no error).
   */
  async merge(auth: AuthContext, id: string, fromId: string): Promise<Contact> {
    if (id === fromId) throw badRequest("contact_merge_self", "A contact cannot be merged into itself.");
    const moved = await this.deps.transactor.run(auth.projectId, async (unit) => {
      const locked = await unit.repos.contacts.lockPair(auth.projectId, [id, fromId]);
      const survivor = this.assertStanding(id, locked.get(id));
      const from = locked.get(fromId);
      if (!from) throw notFound("contact", fromId);
      if (from.merged_into === survivor.id) return [];
      if (from.merged_into !== null) {
        throw conflict(
          "contact_merged",
          `The contact '${fromId}' was already merged into '${from.merged_into}'.`,
        );
      }
      const now = this.deps.clock.now().toISOString();
      const threads = await unit.repos.contacts.moveThreads(auth.projectId, fromId, id);
      const embedders = await unit.repos.contacts.moveChunks(auth.projectId, fromId, id);
      await unit.repos.contacts.moveLabels(fromId, id);
      await unit.repos.contacts.update(id, { ...filledGaps(survivor, from), updated_at: now });
      await unit.repos.contacts.markMerged(fromId, id, now);
      unit.record({ type: "contact.merged", contactId: id, mergedId: fromId, threadsMoved: threads });
      return embedders;
    });
    await this.deps.indexMovedChunks(moved);
    return this.get(auth, id);
  }

  /** The contact, standing in the project: 404 when absent, `contact_merged` when merged away. */
  private async standing(projectId: string, id: string): Promise<PersonRow> {
    return this.assertStanding(id, await this.deps.repos.contacts.find(projectId, id));
  }

  private assertStanding(id: string, row: PersonRow | undefined): PersonRow {
    if (!row) throw notFound("contact", id);
    if (row.merged_into !== null) throw mergedAway(id, row.merged_into);
    return row;
  }

  private async present(projectId: string, rows: PersonRow[]): Promise<Contact[]> {
    const ids = rows.map((row) => row.id);
    const [stats, identities, labels] = await Promise.all([
      this.deps.repos.contacts.stats(projectId, ids),
      this.deps.repos.contacts.identities(ids),
      this.deps.repos.labels.namesByPerson(ids),
    ]);
    return rows.map((row) =>
      toContact(row, stats.get(row.id), identities.get(row.id) ?? [], labels.get(row.id) ?? []),
    );
  }
}

/** The merged contact's values for the survivor's empty fields; attributes: the survivor's keys win. */
function filledGaps(survivor: PersonRow, from: PersonRow): ContactPatch {
  const patch: ContactPatch = {};
  for (const key of ["name", "email", "phone", "avatar_url", "notes"] as const) {
    if (survivor[key] === null && from[key] !== null) patch[key] = from[key];
  }
  const attributes = mergedAttributes(survivor.attributes, from.attributes);
  if (attributes !== survivor.attributes) patch.attributes = attributes;
  return patch;
}
