import { describe, expect, it } from "vitest";
import { brandBySlug } from "@contract/brands/brands";
import type { BuildManifest, BuildMeta } from "@contract/builds/meta";
import { metaAnswer } from "./meta-answer";

const rolledOut: BuildManifest = {
  buildId: "b-new",
  date: "2026-11-27T10:00:00.000Z",
  routes: [
    { path: "/about-us", prerender: true },
    { path: "/cart", prerender: false },
  ],
  pages: { pl: ["/about-us"], en: ["/about-us"] },
};
const pl = brandBySlug("WPX-PL")!;

describe("a build's meta during a gradual rollout", () => {
  it("is answered by the storefront for its own build, while build-version still holds the previous one", async () => {
    const answer = await metaAnswer(rolledOut, "/builds/meta/b-new.json", pl, () =>
      Promise.reject(new Error("build-version asked")),
    );
    expect(answer.headers.get("cache-control")).toContain("immutable");
    expect((await answer.json()) as BuildMeta).toEqual({
      id: "b-new",
      timestamp: Date.parse(rolledOut.date),
      date: rolledOut.date,
      routes: rolledOut.routes,
      prerendered: ["/about-us", "/en/about-us"],
    });
  });

  it("asks build-version for any other build, naming the brand", async () => {
    const asked: string[] = [];
    const answer = await metaAnswer(rolledOut, "/builds/meta/b-previous.json", pl, (brand) => {
      asked.push(brand);
      return Promise.resolve(Response.json({ id: "b-previous" }));
    });
    expect(asked).toEqual(["WPX-PL"]);
    expect(await answer.json()).toEqual({ id: "b-previous" });
  });
});
