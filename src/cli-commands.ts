import { parseArgs } from "node:util";
import { bootstrapBanner, composeBillingAdmin, prepareRuntime } from "./composition-root.js";
import { loadConfig } from "./config.js";
import type { AuthContext } from "./infra/auth-context.js";
import { systemClock } from "./infra/clock.js";
import { resourceNameSchema } from "./infra/common-schemas.js";
import { newId } from "./infra/ids.js";
import { EVERY_JOB, type JobScope, JobsService, listJobsQuerySchema } from "./modules/jobs/index.js";
import {
  generatePassword,
  hashPassword,
  OperatorsService,
  PASSWORD_MIN_LENGTH,
} from "./modules/operators/index.js";
import { ProjectsService } from "./modules/projects/index.js";
import { createRepos, type Repos } from "./storage/repos/index.js";

/** A command line this CLI does not take: the usage is printed with the message. */
export class UsageError extends Error {}

export class NotFoundError extends Error {}

const required = (value: string | undefined, flag: string): string => {
  if (!value) throw new UsageError(`${flag} is required`);
  return value;
};

/** The same name rules as the HTTP API. */
const validName = (value: string | undefined): string => {
  const parsed = resourceNameSchema.safeParse(required(value, "--name"));
  if (!parsed.success) throw new UsageError(`--name ${parsed.error.issues[0]?.message ?? "is invalid"}`);
  return parsed.data;
};

/** --credits: a positive number of credits, to 1/1000. */
const positiveCredits = (value: string | undefined): number => {
  const credits = Number(required(value, "--credits"));
  if (!Number.isFinite(credits) || credits <= 0 || credits > 1_000_000_000) {
    throw new UsageError("--credits must be a positive number of credits");
  }
  return credits;
};

async function resolveOrganization(repos: Repos, given: string | undefined): Promise<string> {
  if (given) {
    if (!(await repos.organizations.findById(given))) throw new NotFoundError(`no organization '${given}'`);
    return given;
  }
  const all = await repos.organizations.list();
  if (all.length !== 1)
    throw new UsageError("--organization is required when there is not exactly one organization");
  return all[0]!.id;
}

async function requireProject(repos: Repos, projectId: string): Promise<void> {
  if (!(await repos.projects.findById(projectId))) throw new NotFoundError(`no project '${projectId}'`);
}

/** The CLI acts as the project's admin (it runs with the server's own database access). */
async function projectAdmin(repos: Repos, projectId: string): Promise<AuthContext> {
  const project = await repos.projects.findById(projectId);
  if (!project) throw new NotFoundError(`no project '${projectId}'`);
  return { keyId: "cli", projectId, organizationId: project.organization_id, role: "admin" };
}

/** The first line of standard input: a password never appears in the shell history or `ps`. */
async function passwordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const password = Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new UsageError(`the password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  return password;
}

/** Runs one command of the administration CLI (src/cli.ts) and returns what it prints. */
export async function runCommand(argv: string[]): Promise<unknown> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      organization: { type: "string" },
      project: { type: "string" },
      key: { type: "string" },
      admin: { type: "boolean", default: false },
      credits: { type: "string" },
      bonus: { type: "boolean", default: false },
      reason: { type: "string" },
      invoice: { type: "string" },
      email: { type: "string" },
      role: { type: "string" },
      operator: { type: "string" },
      status: { type: "string" },
      type: { type: "string" },
      thread: { type: "string" },
      limit: { type: "string" },
      cursor: { type: "string" },
      "password-stdin": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  // `jobs cancel <job_id>` takes its id as an argument; no other command takes one.
  const jobId = positionals[0] === "jobs" && positionals[1] === "cancel" ? positionals[2] : undefined;
  const command = (
    positionals.length === 3 && jobId !== undefined ? positionals.slice(0, 2) : positionals
  ).join(" ");
  if (values.help || command === "") throw new UsageError("");

  const config = loadConfig();
  const runtime = await prepareRuntime(config);
  const banner = bootstrapBanner(runtime.bootstrap, config.publicUrl);
  if (banner) process.stderr.write(`${banner}\n`);
  const repos = createRepos(runtime.storage.db);
  const service = new ProjectsService({ repos, clock: systemClock, newId });
  // Sessions ended here close their streams when the server next checks them (on any request).
  const operators = new OperatorsService({ repos, clock: systemClock, newId, onRevoked: () => {} });
  const jobs = new JobsService({ repos, clock: systemClock });
  const billing = () =>
    composeBillingAdmin(config, runtime.storage, {
      warn: (object, message) => process.stderr.write(`parley: ${message} ${JSON.stringify(object)}\n`),
    });
  try {
    switch (command) {
      case "organizations list":
        return await repos.organizations.list();
      case "projects list": {
        if (values.organization) {
          return await repos.projects.listByOrganization(
            await resolveOrganization(repos, values.organization),
          );
        }
        const organizations = await repos.organizations.list();
        return (await Promise.all(organizations.map((o) => repos.projects.listByOrganization(o.id)))).flat();
      }
      case "projects create": {
        const organizationId = await resolveOrganization(repos, values.organization);
        return await service.createProject(organizationId, validName(values.name));
      }
      case "keys create": {
        const projectId = required(values.project, "--project");
        await requireProject(repos, projectId);
        const key = await service.issueKey(
          projectId,
          validName(values.name),
          values.admin ? "admin" : "project",
        );
        return { ...key, role: values.admin ? "admin" : "project" };
      }
      case "keys list": {
        const projectId = required(values.project, "--project");
        await requireProject(repos, projectId);
        return (await repos.apiKeys.listLiveByProject(projectId)).map(
          ({ id, name, role, last_used_at, created_at }) => ({
            id,
            name,
            role,
            last_used_at,
            created_at,
          }),
        );
      }
      case "keys revoke": {
        const projectId = required(values.project, "--project");
        const keyId = required(values.key, "--key");
        const key = await repos.apiKeys.findLiveById(keyId);
        if (!key || key.project_id !== projectId)
          throw new UsageError(`no live key '${keyId}' in project '${projectId}'`);
        await repos.apiKeys.revoke(keyId, systemClock.now().toISOString());
        return { id: keyId, deleted: true };
      }
      case "billing balance": {
        const projectId = required(values.project, "--project");
        await requireProject(repos, projectId);
        return await billing().account(projectId);
      }
      case "billing grant": {
        const projectId = required(values.project, "--project");
        await requireProject(repos, projectId);
        return await billing().grant(projectId, positiveCredits(values.credits), {
          bonus: values.bonus,
          reason:
            values.reason ??
            (values.bonus ? "Bonus granted by an administrator" : "Credits granted by an administrator"),
        });
      }
      case "billing refund": {
        const projectId = required(values.project, "--project");
        await requireProject(repos, projectId);
        return await billing().refund(projectId, positiveCredits(values.credits), {
          reason: values.reason ?? "Refund",
          invoiceId: values.invoice,
        });
      }
      case "billing mark-paid":
        return await billing().markPaid(required(values.invoice, "--invoice"));
      case "operators list":
        return await operators.list(await projectAdmin(repos, required(values.project, "--project")));
      case "operators create": {
        const auth = await projectAdmin(repos, required(values.project, "--project"));
        const role = values.role ?? "operator";
        if (role !== "admin" && role !== "operator") throw new UsageError("--role must be admin or operator");
        const password = values["password-stdin"] ? await passwordFromStdin() : generatePassword();
        const created = await operators.create(auth, {
          email: required(values.email, "--email"),
          name: validName(values.name),
          password,
          role,
        });
        return values["password-stdin"] ? created : { ...created, password };
      }
      case "operators reset-password": {
        const operatorId = required(values.operator, "--operator");
        if (!(await repos.operators.findById(operatorId)))
          throw new NotFoundError(`no operator '${operatorId}'`);
        const password = values["password-stdin"] ? await passwordFromStdin() : generatePassword();
        const now = systemClock.now().toISOString();
        await repos.operators.update(operatorId, {
          password_hash: await hashPassword(password),
          updated_at: now,
        });
        const ended = await repos.operators.revokeSessionsOf(operatorId, now);
        return {
          id: operatorId,
          sessions_ended: ended.length,
          ...(values["password-stdin"] ? {} : { password }),
        };
      }
      case "operators remove": {
        const auth = await projectAdmin(repos, required(values.project, "--project"));
        return await operators.remove(auth, required(values.operator, "--operator"));
      }
      case "jobs list": {
        if (values.project) await requireProject(repos, values.project);
        const scope: JobScope = values.project
          ? { projectId: values.project, threadsOnly: false }
          : EVERY_JOB;
        const query = listJobsQuerySchema.safeParse({
          status: values.status,
          type: values.type,
          thread_id: values.thread,
          limit: values.limit,
          cursor: values.cursor,
        });
        if (!query.success) {
          const issue = query.error.issues[0];
          throw new UsageError(
            `--${String(issue?.path[0] ?? "").replace("thread_id", "thread")} ${issue?.message ?? "is invalid"}`,
          );
        }
        return await jobs.list(scope, query.data);
      }
      case "jobs cancel":
        return await jobs.cancel(EVERY_JOB, required(jobId, "<job_id>"));
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } finally {
    await runtime.storage.close();
  }
}
