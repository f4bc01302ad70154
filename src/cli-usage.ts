/** What `npm run parley -- --help` prints (src/cli.ts); kept apart so that printing it loads nothing else. */
export const USAGE = `Usage: npm run parley -- <command> [options]

Administration without the HTTP server, on the database the server uses (same environment).
Every command prints JSON on stdout.

  organizations list
  projects list [--organization <org_id>]
  projects create --name <name> [--organization <org_id>]
  keys create --project <prj_id> --name <name> [--admin]
  keys list --project <prj_id>
  keys revoke --project <prj_id> --key <key_id>
  billing balance --project <prj_id>
  billing grant --project <prj_id> --credits <n> [--bonus] [--reason <text>]
  billing refund --project <prj_id> --credits <n> [--invoice <inv_id>] [--reason <text>]
  billing mark-paid --invoice <inv_id>
  operators list --project <prj_id>
  operators create --project <prj_id> --email <email> --name <name> [--role admin|operator] [--password-stdin]
  operators reset-password --operator <opr_id> [--password-stdin]
  operators remove --project <prj_id> --operator <opr_id>
  jobs list [--project <prj_id>] [--status <status>] [--type <type>] [--thread <thread_id>] [--limit <n>] [--cursor <c>]
  jobs cancel <job_id>
  evals run --bot <bot_id> [--version draft|published|<n>] [--model <id>] [--judge-model <id>]
  models list
  models pull <model_id>
  models remove <model_id>

--organization defaults to the only organization when there is exactly one.
--admin makes an organization admin key (manages every project of the organization).
billing grant adds paid credits (a topup transaction), or bonus credits with --bonus;
billing refund takes credits back for money returned (a refund transaction, never below zero);
billing mark-paid confirms an invoice of the manual payment provider (docs/billing.md).
operators are the people who sign in to the console (docs/console.md); without --password-stdin
a password is generated and printed once; reset-password ends the person's sessions.
jobs list shows jobs newest first (every project's without --project; --limit 1-100, default 20;
--status pending|running|done|failed|cancelled); jobs cancel cancels a pending scheduled reply or
message (docs/api.md, "Jobs"), of any project.
evals run runs the bot's evaluation cases in this process (docs/quality.md, "Evaluations"): the
run on stdout, a summary on stderr; exit 0 when every case passed, 1 when any failed or errored,
2 on a usage error or a run that cannot be made (unknown bot, version or model; no cases).
models manage the embedded runtime's model files (docs/local-models.md): list shows them and
which are installed; pull downloads one (verified by its SHA-256; an interrupted pull resumes);
remove deletes one. They need no database.`;
