import { describe, expect, it } from "vitest";
import type { SavedDesign } from "@contract/api/saved-designs";
import { accountIn } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";
import { creatorDesign, visitor } from "@test-setup/creator-designs";
import { callApi as call, withQuery } from "@test-setup/product-api";
import { savedDesign } from "@test-setup/saved-designs";

// The designs table's three kinds (docs/decisions/0044): a column, backfilled from the ids by migration 0020, and what
// every query reads, never the id's shape.

const kindOf = async (id: string) =>
  (await testEnv.STORE_DB.prepare("SELECT kind FROM designs WHERE id = ?").bind(id).first<{ kind: string }>())?.kind;
const shopDesign = (id: string) => call(withQuery(`/designs/${id}`, { site: "WPX-ES", locale: "es" }));

describe("design kinds", () => {
  it("are backfilled from the ids: the seeded catalogue's designs are CATALOGUE, and no row's kind disagrees with its id", async () => {
    const counts = await testEnv.STORE_DB.prepare(
      `SELECT
        SUM(kind = 'CATALOGUE') AS catalogue,
        SUM(id LIKE 'd-%' AND account_id IS NULL AND kind != 'CATALOGUE') AS catalogueMislabelled,
        SUM(id LIKE 'cd\\_%' ESCAPE '\\' AND kind != 'CREATOR') AS creatorMislabelled
      FROM designs`,
    ).first<{ catalogue: number; catalogueMislabelled: number; creatorMislabelled: number }>();
    expect(counts?.catalogue).toBeGreaterThan(0);
    expect(counts).toMatchObject({ catalogueMislabelled: 0, creatorMislabelled: 0 });
  });

  it("are named by whoever writes a design: the creator's are CREATOR, an account's saved ones SAVED", async () => {
    const made = await creatorDesign(visitor());
    expect(await kindOf(made)).toBe("CREATOR");
    const account = await accountIn();
    const saved = await savedDesign(account);
    expect(await kindOf(saved)).toBe("SAVED");
    const answer = await call(
      withQuery(`/designs/saved/${saved}`, { site: account.site, account_id: account.id, locale: "es" }),
    );
    expect((answer.body as SavedDesign).kind).toBe("SAVED");
  });

  it("decide what the shop lists, whatever the id looks like", async () => {
    const listed = await testEnv.STORE_DB.prepare(
      "SELECT id FROM designs WHERE site = 'WPX-ES' AND kind = 'CATALOGUE' AND scope != 'PRIVATE' LIMIT 1",
    ).first<{ id: string }>();
    const id = listed?.id ?? "";
    expect((await shopDesign(id)).status).toBe(200);
    // The same row said to be an account's saved design is no longer the shop's, though its id is a catalogue id.
    await testEnv.STORE_DB.prepare("UPDATE designs SET kind = 'SAVED' WHERE id = ?").bind(id).run();
    try {
      expect((await shopDesign(id)).status).toBe(404);
    } finally {
      await testEnv.STORE_DB.prepare("UPDATE designs SET kind = 'CATALOGUE' WHERE id = ?").bind(id).run();
    }
  });
});
