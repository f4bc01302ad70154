import type { Clock } from "../../infra/clock.js";
import type { IdGenerator } from "../../infra/ids.js";
import type { Storage } from "../../storage/database.js";
import { createRepos } from "../../storage/repos/index.js";
import { generatePassword, hashPassword } from "../operators/index.js";
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
      /** The first console admin (docs/console.md); `password` is set only when it was generated. */
      admin: { email: string; password: string | undefined };
    };

/**
 * First start on an empty database: a default organization, a default project, an
 * organization admin key, which is exactly `bootstrapKey` when given, else generated (the
 * caller prints a generated key once), and the first console admin account (its password
 * generated and printed once unless given). Later starts change nothing.
 */
export async function bootstrap(
  storage: Storage,
  deps: {
    clock: Clock;
    newId: IdGenerator;
    bootstrapKey: string | undefined;
    /** `passwordHash` (tests) skips hashing a given password. */
    admin?: { email: string; password: string | undefined; passwordHash?: string };
  },
): Promise<BootstrapResult> {
  const admin = deps.admin ?? { email: "admin@parley.local", password: undefined };
  const adminPassword = admin.password ?? generatePassword();
  // Hashing takes a while: before the transaction (wasted on later starts, which are rare).
  const adminHash = admin.passwordHash ?? (await hashPassword(adminPassword));
  return createRepos(storage.db).transaction(async (repos) => {
    await repos.lockBootstrap();
    if (await repos.projects.any()) return { created: false } as const;
    const service = new ProjectsService({ repos, clock: deps.clock, newId: deps.newId });
    const organization = await service.createOrganization("Default organization");
    const project = await service.createProject(organization.id, "Default project");
    const key = await service.issueKey(project.id, "bootstrap", "admin", deps.bootstrapKey);
    const now = deps.clock.now().toISOString();
    const operatorId = deps.newId("opr");
    await repos.operators.insert({
      id: operatorId,
      organization_id: organization.id,
      email: admin.email,
      name: "Admin",
      password_hash: adminHash,
      created_at: now,
      updated_at: now,
    });
    await repos.operators.insertMember({
      project_id: project.id,
      operator_id: operatorId,
      role: "admin",
      last_sign_in_at: null,
      created_at: now,
    });
    return {
      created: true,
      organizationId: organization.id,
      projectId: project.id,
      keyId: key.id,
      secret: key.key,
      generated: deps.bootstrapKey === undefined,
      admin: { email: admin.email, password: admin.password === undefined ? adminPassword : undefined },
    } as const;
  });
}
