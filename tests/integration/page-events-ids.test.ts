import { describe, expect, it } from "vitest";
import { z } from "zod";
import { eventIdFor } from "~/lib/analytics/event-id.server";

describe("eventIdFor", () => {
  it("gives the same UUID for the same fact and another for another fact", async () => {
    const id = await eventIdFor("purchase", "T1A2B3C4D5");
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(await eventIdFor("purchase", "T1A2B3C4D5")).toBe(id);
    expect(await eventIdFor("purchase", "T1A2B3C4D6")).not.toBe(id);
    expect(await eventIdFor("begin_checkout", "T1A2B3C4D5")).not.toBe(id);
  });
});
