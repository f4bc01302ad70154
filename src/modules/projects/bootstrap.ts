import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { Storage } from "../../storage/database.js";
import { createRepos } from "../../storage/repos/index.js";
import { ProjectsService } from "./projects-service.js";

export type BootstrapResult =
  | { created: false }
  | {
      created: true;
      organizationId: string;
      projectId: string;
      keyId: string;
      secret: string;
      generated: boolean;
    };

/**
 * First start on an empty database: a default organization, a default project and an
 * organization admin key, which is exactly `bootstrapKey` when given, else generated (the
 * caller prints a generated key once). Later starts change nothing.
 */
export async function bootstrap(
  storage: Storage,
  deps: { clock: Clock; newId: IdGenerator; bootstrapKey: string | undefined },
): Promise<BootstrapResult> {
  return createRepos(storage.db).transaction(async (repos) => {
    await repos.lockBootstrap();
    if (await repos.projects.any()) return { created: false } as const;
    const service = new ProjectsService({ repos, clock: deps.clock, newId: deps.newId });
    const organization = await service.createOrganization("Default organization");
    const project = await service.createProject(organization.id, "Default project");
    const key = await service.issueKey(project.id, "bootstrap", "admin", deps.bootstrapKey);
    return {
      created: true,
      organizationId: organization.id,
      projectId: project.id,
      keyId: key.id,
      secret: key.key,
      generated: deps.bootstrapKey === undefined,
    } as const;
  });
}
