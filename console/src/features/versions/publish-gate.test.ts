import { describe, expect, it } from "vitest";
import type { EvalRun } from "../evals/api";
import { draftEvaluation, publishBlock } from "./publish-gate";

let sequence = 0;
function run(over: Partial<EvalRun>): EvalRun {
  sequence++;
  return {
    id: `evr_${sequence}`,
    bot_id: "bot_1",
    version: 7,
    settings_version: "aaaaaaaaaaaa",
    model: "openai/gpt-5",
    judge_model: null,
    status: "completed",
    passed: true,
    summary: { total: 2, passed: 2, failed: 0, errored: 0 },
    usage: { input_tokens: 1, output_tokens: 1 },
    created_at: `2026-01-01T00:00:${String(sequence).padStart(2, "0")}.000Z`,
    started_at: null,
    finished_at: null,
    error: null,
    ...over,
  };
}

const SV = "aaaaaaaaaaaa";
const MODEL = "openai/gpt-5";

describe("draftEvaluation", () => {
  it("is the newest run of exactly these settings with the draft's own model", () => {
    const old = run({ passed: false, status: "completed" });
    const otherSettings = run({ settings_version: "bbbbbbbbbbbb" });
    const otherModel = run({ model: "anthropic/claude" });
    expect(draftEvaluation([otherModel, otherSettings, old], SV, MODEL)).toEqual({
      kind: "failed",
      run: old,
    });
    const newer = run({ passed: true });
    expect(draftEvaluation([old, newer], SV, MODEL)).toEqual({ kind: "passed", run: newer });
    const running = run({ status: "running", passed: null });
    expect(draftEvaluation([newer, running], SV, MODEL).kind).toBe("running");
    const crashed = run({ status: "failed", passed: null });
    expect(draftEvaluation([crashed, running], SV, MODEL).kind).toBe("error");
    expect(draftEvaluation([otherModel], SV, MODEL)).toEqual({ kind: "none" });
  });
});

describe("publishBlock", () => {
  it("blocks nothing when the bot does not require evaluations", () => {
    expect(publishBlock(false, [], SV, MODEL)).toBeNull();
  });

  it("asks for a run when none of these settings completed, and says when one runs", () => {
    expect(publishBlock(true, [run({ settings_version: "cccccccccccc" })], SV, MODEL)).toBe("evals_required");
    expect(publishBlock(true, [run({ model: "other/model" })], SV, MODEL)).toBe("evals_required");
    expect(publishBlock(true, [run({ status: "failed", passed: null })], SV, MODEL)).toBe("evals_required");
    expect(publishBlock(true, [run({ status: "queued", passed: null })], SV, MODEL)).toBe("evals_running");
  });

  it("follows the newest completed run: a failure blocks, a later pass unblocks", () => {
    const failed = run({ passed: false });
    expect(publishBlock(true, [failed], SV, MODEL)).toBe("evals_failed");
    const passed = run({ passed: true });
    expect(publishBlock(true, [failed, passed], SV, MODEL)).toBeNull();
    // A newer run still on its way does not undo the pass.
    expect(
      publishBlock(true, [failed, passed, run({ status: "running", passed: null })], SV, MODEL),
    ).toBeNull();
  });
});
