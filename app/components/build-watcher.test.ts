import { describe, expect, it } from "vitest";
import { RELOAD_GUARD_MS } from "~/lib/client-state/timing";
import { canReload } from "~/lib/client-state/reload";
import { isNewerBuild } from "./build-watcher";

describe("the page reload guard", () => {
  it("allows the first reload", () => expect(canReload(1_000_000, null)).toBe(true));
  it("refuses a second reload within 10 seconds", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(canReload(1_009_999, 1_000_000)).toBe(false);
  });
  it("allows it again after 10 seconds", () => expect(canReload(1_010_000, 1_000_000)).toBe(true));
});

describe("a newer build", () => {
  const own = { id: "b-own", date: "2026-11-20T10:00:00.000Z" };
  it("is one released after this page's", () =>
    expect(isNewerBuild({ id: "b-next", timestamp: Date.parse("2026-11-21T10:00:00.000Z") }, own)).toBe(true));
  it("is not this page's own build", () =>
    expect(isNewerBuild({ id: "b-own", timestamp: Date.parse(own.date) }, own)).toBe(false));
  // A page of the build being rolled out reads the previous one until the rollout ends, or after a rollback.
  it("is not an older one still announced", () =>
    expect(isNewerBuild({ id: "b-previous", timestamp: Date.parse("2026-11-19T10:00:00.000Z") }, own)).toBe(false));
  it("is not an answer without a date", () => expect(isNewerBuild({ id: "b-next" }, own)).toBe(false));
});
