import type { Storage } from "../../../src/storage/database.js";
import { migrateToLatest } from "../../../src/storage/migrator.js";
import { createRepos, type Repos } from "../../../src/storage/repos/index.js";
import { openTestStorage, type TestDialect } from "../../helpers/dialects.js";

/** A migrated test database with one organization and the given projects, for the knowledge service. */
export async function openKnowledgeStorage(
  dialect: TestDialect,
  projectIds: string[],
): Promise<{ storage: Storage; repos: Repos }> {
  const storage = await openTestStorage(dialect);
  await migrateToLatest(storage);
  const repos = createRepos(storage.db);
  const now = new Date().toISOString();
  await repos.organizations.insert({ id: "org_knowledge", name: "Org", created_at: now });
  for (const id of projectIds) {
    await repos.projects.insert({
      id,
      organization_id: "org_knowledge",
      name: id,
      avatar_url: null,
      created_at: now,
    });
  }
  return { storage, repos };
}
