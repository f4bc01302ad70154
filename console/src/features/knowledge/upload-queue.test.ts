import { describe, expect, it } from "vitest";
import { overallProgress, type UploadItem, uploadPercent, uploadsReducer } from "./upload-queue";

const added = (): UploadItem[] =>
  uploadsReducer([], {
    type: "added",
    items: [
      { id: "a", name: "a.md", size: 1000 },
      { id: "b", name: "b.pdf", size: 3000 },
    ],
  });

describe("upload bookkeeping", () => {
  it("starts every picked file uploading at 0%", () => {
    const state = added();
    expect(state.map((item) => [item.id, item.phase, uploadPercent(item)])).toEqual([
      ["a", "uploading", 0],
      ["b", "uploading", 0],
    ]);
  });

  it("tracks bytes sent, never backwards and never past the size", () => {
    let state = uploadsReducer(added(), { type: "progress", id: "a", loaded: 500, total: 1000 });
    expect(uploadPercent(state[0]!)).toBe(50);
    state = uploadsReducer(state, { type: "progress", id: "a", loaded: 300, total: 1000 });
    expect(uploadPercent(state[0]!)).toBe(50);
    state = uploadsReducer(state, { type: "progress", id: "a", loaded: 5000, total: 1000 });
    expect(uploadPercent(state[0]!)).toBe(100);
  });

  it("measures progress against the multipart body, and still shows the file's size", () => {
    const state = uploadsReducer(added(), { type: "progress", id: "a", loaded: 600, total: 1200 });
    expect(state[0]).toMatchObject({ size: 1000, total: 1200, loaded: 600 });
    expect(uploadPercent(state[0]!)).toBe(50);
  });

  it("goes uploading → attaching → done, at 100% once the bytes are there", () => {
    let state = uploadsReducer(added(), { type: "attaching", id: "a" });
    expect(state[0]).toMatchObject({ phase: "attaching", loaded: 1000, total: 1000 });
    state = uploadsReducer(state, { type: "done", id: "a" });
    expect(state[0]!.phase).toBe("done");
    expect(uploadPercent(state[0]!)).toBe(100);
    // Late progress events of a finished upload change nothing.
    state = uploadsReducer(state, { type: "progress", id: "a", loaded: 10, total: 1000 });
    expect(state[0]).toMatchObject({ phase: "done", loaded: 1000 });
  });

  it("keeps the error of a failed upload, and a finished item stays finished", () => {
    let state = uploadsReducer(added(), { type: "failed", id: "b", error: "Too large" });
    expect(state[1]).toMatchObject({ phase: "failed", error: "Too large" });
    state = uploadsReducer(state, { type: "done", id: "b" });
    state = uploadsReducer(state, { type: "cancelled", id: "b" });
    expect(state[1]!.phase).toBe("failed");
  });

  it("dismisses only finished items", () => {
    let state = uploadsReducer(added(), { type: "cancelled", id: "a" });
    state = uploadsReducer(state, { type: "dismissed", id: "a" });
    state = uploadsReducer(state, { type: "dismissed", id: "b" });
    expect(state.map((item) => item.id)).toEqual(["b"]);
  });

  it("sums progress over running uploads by size", () => {
    let state = added();
    expect(overallProgress(state)).toEqual({ percent: 0, active: 2 });
    state = uploadsReducer(state, { type: "attaching", id: "a" });
    state = uploadsReducer(state, { type: "progress", id: "b", loaded: 1000, total: 3000 });
    expect(overallProgress(state)).toEqual({ percent: 50, active: 2 });
    state = uploadsReducer(state, { type: "done", id: "a" });
    expect(overallProgress(state)).toEqual({ percent: 33, active: 1 });
    state = uploadsReducer(state, { type: "failed", id: "b", error: "x" });
    expect(overallProgress(state)).toBeNull();
  });
});
