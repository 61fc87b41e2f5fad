import { describe, expect, it } from "vitest";
import { type IsolateMemory, isolateMemories, isolateMemory, type MemoryBounds } from "./isolate-memories";

describe("the isolate's memories", () => {
  it("are listed in the registry with their bounds and what they hold", () => {
    const bounds: MemoryBounds = { name: "a test's answers", maxEntries: 2, ttl: "the test's life" };
    const memory: IsolateMemory<string, number> = isolateMemory(bounds);
    memory.keep("a", 1);
    const listed = isolateMemories().find((entry) => entry.bounds === bounds);
    expect(listed).toEqual({ bounds, entries: 1 });
  });

  it("keep no more than their bound: the oldest entry goes first", () => {
    const memory = isolateMemory<string, number>({ name: "a bounded test memory", maxEntries: 2, ttl: 0 });
    memory.keep("a", 1);
    memory.keep("b", 2);
    expect(memory.keep("c", 3)).toBe(3);
    expect([...memory.keys()]).toEqual(["b", "c"]);
  });

  it("every memory made by the storefront and the contract has a bound", () => {
    for (const { bounds } of isolateMemories()) expect(bounds.maxEntries ?? bounds.maxBytes).toBeGreaterThan(0);
  });
});
