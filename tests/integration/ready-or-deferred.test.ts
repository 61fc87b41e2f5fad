import { describe, expect, it } from "vitest";
import { readyOrDeferred } from "~/lib/speed/ready-or-deferred.server";

describe("a loader's deferred values", () => {
  it("are written in place when they settle at once, and stay promises when they wait for anything", async () => {
    const slow = new Promise((resolve) => setTimeout(() => resolve("later"), 30));
    const failed = Promise.reject(new Error("the API failed"));
    const kept = Promise.resolve("kept")
      .then((value) => value)
      .then((value) => `${value} answer`);
    const values = await readyOrDeferred({ kept, slow, failed });
    expect(values.kept).toBe("kept answer");
    expect(values.slow).toBe(slow);
    expect(await values.slow).toBe("later");
    expect(values.failed).toBe(failed);
    await expect(values.failed).rejects.toThrow("the API failed");
  });
});
