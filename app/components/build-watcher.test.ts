import { describe, expect, it } from "vitest";
import { RELOAD_GUARD_MS, canReload } from "./build-watcher";

describe("the page reload guard", () => {
  it("allows the first reload", () => expect(canReload(1_000_000, null)).toBe(true));
  it("refuses a second reload within 10 seconds", () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(canReload(1_009_999, 1_000_000)).toBe(false);
  });
  it("allows it again after 10 seconds", () => expect(canReload(1_010_000, 1_000_000)).toBe(true));
});
