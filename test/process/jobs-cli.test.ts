import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../src/infra/clock.js";
import { newId } from "../../src/infra/ids.js";
import { JobQueue } from "../../src/job-queue/job-queue.js";
import { openStorage } from "../../src/storage/database.js";
import { exitCode, runNpm } from "../helpers/server-process.js";

describe("the CLI's jobs commands", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("lists jobs (all, by project, by status) and cancels a scheduled one by id", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "parley-jobs-cli-"));
    dirs.push(dataDir);
    const env = {
      DATA_DIR: dataDir,
      PARLEY_BOOTSTRAP_API_KEY: "prl_jobs_cli_test_key_0123456789",
      LOG_LEVEL: "warn",
    };
    const cli = async (...args: string[]) => {
      const run = runNpm(["run", "--silent", "parley", "--", ...args], env);
      const code = await exitCode(run, `parley ${args.join(" ")}`);
      return { code, stdout: run.stdout(), stderr: run.stderr() };
    };

    const projects = await cli("projects", "list");
    expect(projects.code).toBe(0);
    const [project] = JSON.parse(projects.stdout) as Array<{ id: string }>;

    // Jobs as the server would queue them: a scheduled operator message, and an index job of no project.
    const storage = openStorage({ sqlitePath: join(dataDir, "parley.db") });
    const queue = new JobQueue({ clock: systemClock, newId });
    const later = new Date(Date.now() + 3_600_000);
    const message = await queue.enqueue(storage.db, {
      type: "thread.operator_message",
      payload: { projectId: project!.id, threadId: "t-1", text: "Later." },
      projectId: project!.id,
      runAt: later,
    });
    const index = await queue.enqueue(storage.db, { type: "memory.index", payload: {}, runAt: later });
    await storage.close();

    const all = await cli("jobs", "list");
    expect(all.code, all.stderr).toBe(0);
    expect(
      JSON.parse(all.stdout)
        .data.map((job: { id: string }) => job.id)
        .sort(),
    ).toEqual([message.id, index.id].sort());
    const mine = JSON.parse(
      (await cli("jobs", "list", "--project", project!.id, "--status", "pending")).stdout,
    );
    expect(mine.data).toEqual([
      expect.objectContaining({ id: message.id, thread_id: "t-1", status: "pending", cancellable: true }),
    ]);

    const cancelled = await cli("jobs", "cancel", message.id);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(JSON.parse(cancelled.stdout)).toMatchObject({ id: message.id, status: "cancelled" });
    const again = await cli("jobs", "cancel", message.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("cancelled");
    const refused = await cli("jobs", "cancel", index.id);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("memory.index");

    const badStatus = await cli("jobs", "list", "--status", "waiting");
    expect(badStatus.code).toBe(2);
    expect(badStatus.stderr).toContain("--status");
    const noId = await cli("jobs", "cancel");
    expect(noId.code).toBe(2);
    expect(noId.stderr).toContain("<job_id>");
    const missing = await cli("jobs", "list", "--project", "prj_missing");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("prj_missing");
  }, 600_000); // nine CLI runs, each bounded by PROCESS_STEP_MS
});
