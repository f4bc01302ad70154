import type { Kysely } from "kysely";
import type { Database } from "../schema.js";
import { ApiKeysRepo } from "./api-keys.repo.js";
import { BotsRepo } from "./bots.repo.js";
import { ChatsRepo } from "./chats.repo.js";
import { IdempotencyRepo } from "./idempotency.repo.js";
import { IntegrationsRepo } from "./integrations.repo.js";
import { OrganizationsRepo } from "./organizations.repo.js";
import { ProjectsRepo } from "./projects.repo.js";

/** Every repository over one connection or transaction. */
export interface Repos {
  organizations: OrganizationsRepo;
  projects: ProjectsRepo;
  apiKeys: ApiKeysRepo;
  bots: BotsRepo;
  idempotency: IdempotencyRepo;
  integrations: IntegrationsRepo;
  chats: ChatsRepo;
}

export function createRepos(db: Kysely<Database>): Repos {
  return {
    organizations: new OrganizationsRepo(db),
    projects: new ProjectsRepo(db),
    apiKeys: new ApiKeysRepo(db),
    bots: new BotsRepo(db),
    idempotency: new IdempotencyRepo(db),
    integrations: new IntegrationsRepo(db),
    chats: new ChatsRepo(db),
  };
}
