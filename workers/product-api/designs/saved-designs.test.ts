import { describe, expect, it } from "vitest";
import type { Account } from "@contract/api/accounts";
import type { SavedDesign, SavedDesignPage } from "@contract/api/saved-designs";
import { accountIn, masterIn, staffOf } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";
import { callApi as call, withQuery } from "@test-setup/product-api";
import { designExists, savedDesign } from "@test-setup/saved-designs";

// Designs saved by accounts: each account's own, what its group shares, and the group's designs admin for its owner.
const as = (account: Pick<Account, "id" | "site">, fields: Record<string, string> = {}) => ({
  site: account.site,
  account_id: account.id,
  ...fields,
});
const savedOf = async (account: Pick<Account, "id" | "site">, locale = "es") => {
  const answer = await call(withQuery("/designs/saved", as(account, { locale })));
  expect(answer.status).toBe(200);
  return answer.body.items as SavedDesign[];
};
const groupOf = async (account: Pick<Account, "id" | "site">, params: Record<string, string> = {}) =>
  call(withQuery("/designs/group", as(account, { locale: "es", ...params })));

/** A master with two staff members, each with a private, an application and a shared design; and another group. */
async function twoGroups() {
  const master = await masterIn();
  const staff = await staffOf(master, ["orders"]);
  const colleague = await staffOf(master, ["orders", "tickets", "invoices"]);
  const designs = {
    masterShared: await savedDesign(master, { scope: "GROUP_APPLICATIONS", name: "Logo de la empresa" }),
    masterPrivate: await savedDesign(master, { scope: "PRIVATE" }),
    staffPrivate: await savedDesign(staff, { scope: "PRIVATE" }),
    staffApplication: await savedDesign(staff, { scope: "APPLICATION" }),
    colleagueShared: await savedDesign(colleague, { scope: "GROUP_APPLICATIONS" }),
    colleaguePrivate: await savedDesign(colleague, { scope: "PRIVATE" }),
    colleagueApplication: await savedDesign(colleague, { scope: "APPLICATION" }),
  };
  const other = await masterIn();
  const otherStaff = await staffOf(other, ["orders"]);
  const theirs = {
    shared: await savedDesign(otherStaff, { scope: "GROUP_APPLICATIONS" }),
    ownerShared: await savedDesign(other, { scope: "GROUP_APPLICATIONS" }),
  };
  return { master, staff, colleague, designs, other, otherStaff, theirs };
}

describe("an account's saved designs", () => {
  it("are its own and its group's shared ones; it may delete only its own", async () => {
    const { staff, master, designs } = await twoGroups();
    const seen = await savedOf(staff);
    expect(seen.map((design) => design.id).sort()).toEqual(
      [designs.masterShared, designs.staffPrivate, designs.staffApplication, designs.colleagueShared].sort(),
    );
    const byId = new Map(seen.map((design) => [design.id, design]));
    expect(byId.get(designs.staffPrivate)).toMatchObject({
      deletable: true,
      scope: "PRIVATE",
      articleName: "Taza con foto",
      savedBy: { id: staff.id, name: "Eva Moreno" },
    });
    expect(byId.get(designs.masterShared)).toMatchObject({
      deletable: false,
      name: "Logo de la empresa",
      savedBy: { id: master.id },
    });
    expect(byId.get(designs.colleagueShared)!.deletable).toBe(false);
  });

  it("for the group's owner: its own and the shared ones, every one deletable", async () => {
    const { master, designs } = await twoGroups();
    const seen = await savedOf(master);
    expect(seen.map((design) => design.id).sort()).toEqual(
      [designs.masterShared, designs.masterPrivate, designs.colleagueShared].sort(),
    );
    expect(seen.every((design) => design.deletable)).toBe(true);
  });

  it("for a customer: its own only, named in the page's language when it can be", async () => {
    const customer = await accountIn();
    const stranger = await accountIn();
    const mine = await savedDesign(customer, { scope: "GROUP_APPLICATIONS", name: "Taza de la abuela", locale: "es" });
    await savedDesign(stranger, { scope: "GROUP_APPLICATIONS" });
    const inEnglish = await savedOf(customer, "en");
    expect(inEnglish).toEqual([
      expect.objectContaining({ id: mine, name: "Taza de la abuela", articleName: "Photo mug", deletable: true }),
    ]);
  });

  it("deleting: its own goes (with its names); a colleague's shared one is refused; another group's or the shop's is not found", async () => {
    const { staff, designs, theirs } = await twoGroups();
    const deleted = await call(`/designs/saved/${designs.staffPrivate}/delete`, as(staff));
    expect(deleted).toMatchObject({ status: 200, body: { id: designs.staffPrivate, changed: true } });
    expect(await designExists(designs.staffPrivate)).toBe(false);
    expect((await call(`/designs/saved/${designs.staffPrivate}/delete`, as(staff))).status).toBe(404);
    expect((await call(`/designs/saved/${designs.colleagueShared}/delete`, as(staff))).status).toBe(403);
    for (const id of [designs.colleaguePrivate, theirs.shared, "d-203-wedding-florals"]) {
      expect((await call(`/designs/saved/${id}/delete`, as(staff))).status, id).toBe(404);
    }
    for (const id of [designs.colleagueShared, designs.colleaguePrivate, theirs.shared])
      expect(await designExists(id)).toBe(true);
  });

  it("deleting as the group's owner: a staff member's shared design goes", async () => {
    const { master, designs } = await twoGroups();
    expect((await call(`/designs/saved/${designs.colleagueShared}/delete`, as(master))).status).toBe(200);
    expect(await designExists(designs.colleagueShared)).toBe(false);
  });

  it("answers a suspended account, an unknown one and hostile parameters with a 4xx", async () => {
    const { staff, designs } = await twoGroups();
    await testEnv.STORE_DB.prepare("UPDATE accounts SET status = 'SUSPENDED' WHERE id = ?").bind(staff.id).run();
    expect((await call(withQuery("/designs/saved", as(staff, { locale: "es" })))).status).toBe(403);
    expect((await call(`/designs/saved/${designs.staffPrivate}/delete`, as(staff))).status).toBe(403);
    expect(await designExists(designs.staffPrivate)).toBe(true);
    for (const path of [
      withQuery("/designs/saved", { site: "WPX-ES", locale: "es" }),
      withQuery("/designs/saved", { site: "WPX-ES", account_id: "acc_nobody", locale: "es" }),
      withQuery("/designs/saved", { site: "WPX-ES", account_id: "x".repeat(65), locale: "es" }),
      withQuery("/designs/saved", { site: "WPX-ES", account_id: staff.id, locale: "español!" }),
    ]) {
      const answer = await call(path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
    }
    for (const id of ["x".repeat(65), "a'b", "%2e%2e"]) {
      const answer = await call(`/designs/saved/${id}/delete`, as(staff));
      expect(answer.status, id).toBeGreaterThanOrEqual(400);
      expect(answer.status, id).toBeLessThan(500);
    }
  });
});

describe("the group's designs admin", () => {
  it("shows its owner every design of the group, filtered by scope, sorted and paged; none of another group's", async () => {
    const { master, designs, theirs } = await twoGroups();
    const all = await groupOf(master);
    expect(all.status).toBe(200);
    const page = all.body as unknown as SavedDesignPage;
    expect(page.items.map((design) => design.id).sort()).toEqual(Object.values(designs).sort());
    expect(page).toMatchObject({ total: 7, page: 1, pageCount: 1 });
    expect(page.items.map((design) => design.id)).not.toContain(theirs.shared);
    const shared = (await groupOf(master, { scope: "GROUP_APPLICATIONS" })).body as unknown as SavedDesignPage;
    expect(shared.items.map((design) => design.id).sort()).toEqual(
      [designs.masterShared, designs.colleagueShared].sort(),
    );
    const applications = (await groupOf(master, { scope: "APPLICATION" })).body as unknown as SavedDesignPage;
    expect(applications.total).toBe(2);
  });

  it("sorts by last change, creation or popularity", async () => {
    const master = await masterIn();
    const old = await savedDesign(master, { updatedAt: "2026-01-01T00:00:00.000Z", popularity: 9 });
    const recent = await savedDesign(master, { updatedAt: "2026-11-01T00:00:00.000Z", popularity: 1 });
    const ids = async (sort: string) =>
      ((await groupOf(master, { sort })).body as unknown as SavedDesignPage).items.map((design) => design.id);
    expect(await ids("DATE_LAST_MODIFICATION")).toEqual([recent, old]);
    expect(await ids("DATE_CREATION")).toEqual([recent, old]);
    expect(await ids("POPULARITY")).toEqual([old, recent]);
  });

  it("lets its owner change a design's scope and delete any design of the group", async () => {
    const { master, staff, designs } = await twoGroups();
    const changed = await call(
      `/designs/group/${designs.colleaguePrivate}/scope`,
      as(master, { scope: "GROUP_APPLICATIONS" }),
    );
    expect(changed).toMatchObject({ status: 200, body: { id: designs.colleaguePrivate, changed: true } });
    expect((await savedOf(staff)).map((design) => design.id)).toContain(designs.colleaguePrivate);
    expect(
      (await call(`/designs/group/${designs.colleaguePrivate}/scope`, as(master, { scope: "GROUP_APPLICATIONS" }))).body
        .changed,
    ).toBe(false);
    expect((await call(`/designs/group/${designs.staffPrivate}/delete`, as(master))).status).toBe(200);
    expect(await designExists(designs.staffPrivate)).toBe(false);
  });

  it("is its owner's alone: staff (every permission) and customers get 403, another group's master 404, and nothing changes", async () => {
    const { master, colleague, designs, other, theirs } = await twoGroups();
    for (const someone of [colleague, await accountIn()]) {
      expect((await groupOf(someone)).status).toBe(403);
      expect(
        (await call(`/designs/group/${designs.staffPrivate}/scope`, as(someone, { scope: "GROUP_APPLICATIONS" })))
          .status,
      ).toBe(403);
      expect((await call(`/designs/group/${designs.staffPrivate}/delete`, as(someone))).status).toBe(403);
    }
    for (const id of [theirs.shared, theirs.ownerShared, "d-203-wedding-florals", "sd-unknown"]) {
      expect((await call(`/designs/group/${id}/scope`, as(master, { scope: "PRIVATE" }))).status, id).toBe(404);
      expect((await call(`/designs/group/${id}/delete`, as(master))).status, id).toBe(404);
    }
    expect(((await groupOf(other)).body as unknown as SavedDesignPage).items.map((design) => design.id).sort()).toEqual(
      Object.values(theirs).sort(),
    );
    const scopes = await testEnv.STORE_DB.prepare("SELECT scope FROM designs WHERE id IN (?, ?)")
      .bind(designs.staffPrivate, theirs.shared)
      .all<{ scope: string }>();
    expect(scopes.results.map((row) => row.scope).sort()).toEqual(["GROUP_APPLICATIONS", "PRIVATE"]);
    expect(await designExists("d-203-wedding-florals")).toBe(true);
  });

  it.each([
    ["an unknown scope filter", { scope: "PUBLIC" }],
    ["an unknown sort", { sort: "NAME" }],
    ["page 0", { page: "0" }],
    ["a page beyond the limit", { page: "1e9" }],
  ])("refuses %s with 400", async (_case, params) => {
    expect((await groupOf(await masterIn(), params)).status).toBe(400);
  });

  it("refuses an unknown scope", async () => {
    const master = await masterIn();
    const id = await savedDesign(master);
    expect((await call(`/designs/group/${id}/scope`, as(master, { scope: "PUBLIC" }))).status).toBe(400);
  });
});

describe("the shop's catalogue", () => {
  it("never lists nor shows a design saved by an account, whatever its scope", async () => {
    const master = await masterIn();
    const ids = await Promise.all(
      (["GROUP_APPLICATIONS", "APPLICATION", "PRIVATE"] as const).map((scope) =>
        savedDesign(master, { scope, popularity: 100_000 }),
      ),
    );
    const listed = await call(withQuery("/designs", { site: "WPX-ES", locale: "es", sort: "POPULARITY", limit: "60" }));
    const shop = await testEnv.STORE_DB.prepare(
      "SELECT COUNT(*) AS n FROM designs WHERE site = 'WPX-ES' AND scope != 'PRIVATE' AND account_id IS NULL",
    ).first<{ n: number }>();
    expect(listed.body.total).toBe(shop!.n);
    const listedIds = (listed.body.items as { id: string }[]).map((design) => design.id);
    for (const id of ids) {
      expect(listedIds).not.toContain(id);
      expect((await call(withQuery(`/designs/${id}`, { site: "WPX-ES", locale: "es" }))).status).toBe(404);
    }
    const sitemap = JSON.stringify((await call(withQuery("/sitemap", { site: "WPX-ES" }))).body);
    for (const id of ids) expect(sitemap).not.toContain(id);
  });
});
