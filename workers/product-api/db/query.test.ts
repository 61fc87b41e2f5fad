import { describe, expect, it } from "vitest";
import { testEnv } from "@test-setup/app";
import { readsTogether, rows, sql } from "./query";

const env = testEnv as unknown as ProductApiEnv;

describe("reads started side by side (readsTogether)", () => {
  it("each get their own rows from the one batch", async () => {
    const [sites, articles, none] = await readsTogether(() =>
      Promise.all([
        rows<{ slug: string }>(env, sql`SELECT slug FROM sites WHERE slug = ${"WPX-ES"}`),
        rows<{ id: number }>(env, sql`SELECT id FROM articles WHERE id = ${203}`),
        rows<{ id: number }>(env, sql`SELECT id FROM articles WHERE id = ${-1}`),
      ]),
    );
    expect(sites).toEqual([{ slug: "WPX-ES" }]);
    expect(articles).toEqual([{ id: 203 }]);
    expect(none).toEqual([]);
  });

  it("all fail with a read that fails, and nothing waits for ever", async () => {
    const reads = readsTogether(() =>
      Promise.allSettled([rows(env, sql`SELECT slug FROM sites`), rows(env, sql`SELECT nothing FROM no_such_table`)]),
    );
    const settled = await reads;
    expect(settled.map((read) => read.status)).toEqual(["rejected", "rejected"]);
    // The next turn's reads start a new batch.
    expect(await readsTogether(() => rows<{ one: number }>(env, sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
  });

  it("leaves changes out of the batch: a write that fails does not fail the reads beside it", async () => {
    const [write, read] = await readsTogether(() =>
      Promise.allSettled([
        rows(
          env,
          sql`INSERT INTO sites (slug, name, country) SELECT slug, name, country FROM sites WHERE slug = ${"WPX-ES"}`,
        ),
        rows<{ slug: string }>(env, sql`SELECT slug FROM sites WHERE slug = ${"WPX-ES"}`),
      ]),
    );
    expect(write.status).toBe("rejected");
    expect(read).toEqual({ status: "fulfilled", value: [{ slug: "WPX-ES" }] });
  });
});
