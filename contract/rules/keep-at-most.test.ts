import { describe, expect, it } from "vitest";
import { keepAtMost } from "./keep-at-most";

describe("keepAtMost", () => {
  it("keeps at most max entries, dropping the oldest first, and replaces a kept key without dropping another", () => {
    const map = new Map<string, number>();
    for (const [index, key] of ["a", "b", "c"].entries()) expect(keepAtMost(map, 3, key, index)).toBe(index);
    keepAtMost(map, 3, "b", 9);
    expect([...map]).toEqual([
      ["a", 0],
      ["b", 9],
      ["c", 2],
    ]);
    keepAtMost(map, 3, "d", 3);
    expect([...map.keys()]).toEqual(["b", "c", "d"]);
  });
});
