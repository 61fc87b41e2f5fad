import { describe, expect, it } from "vitest";
import { brandBySlug } from "@contract/brands/brands";
import { prerenderedFile, prerenderOrigin, type BuildMeta, type Payload } from "@contract/builds/meta";
import { testEnv, visit } from "../setup/app";
import { h1 } from "./html";

const latestBuild = async () => ((await (await visit("/builds/latest.json")).json()) as { id: string }).id;
const metaOf = async (brand: "WPX-PL" | "WPX-ES" | "TZ-ES") =>
  (await (await visit(`/builds/meta/${await latestBuild()}.json`, { brand })).json()) as BuildMeta;
const payloadOf = async (path: string, brand: "WPX-PL" | "WPX-ES" | "TZ-ES" = "WPX-PL") => {
  const response = await visit(path, { brand });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    cache: response.headers.get("cache-control"),
    body: (await response.json()) as Payload<Record<string, unknown>> & { message?: string },
  };
};

describe("a build's meta", () => {
  it("lists the build's routes, and the brand's prerendered pages in each of its locales", async () => {
    const id = await latestBuild();
    const response = await visit(`/builds/meta/${id}.json`, { brand: "WPX-PL" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = (await response.json()) as BuildMeta;
    expect(meta.id).toBe(id);
    expect(meta.routes).toContainEqual({ path: "/help-center/topic/:id", prerender: true });
    expect(meta.routes).toContainEqual({ path: "/:lang/about-us", prerender: true });
    expect(meta.routes).toContainEqual({ path: "/cart", prerender: false });
    expect(meta.routes).toContainEqual({ path: "/create/:article_id", prerender: false });
    expect(meta.prerendered).toEqual(
      expect.arrayContaining([
        "/about-us",
        "/en/about-us",
        "/tags-list",
        "/en/help-center",
        "/help-center/category/1",
        "/en/help-center/topic/what-image-resolution-do-i-need_23",
      ]),
    );
    expect(meta.prerendered.some((path) => /^\/help-center\/topic\/[a-z0-9-]+_90$/.test(path))).toBe(true);
    expect(meta.prerendered.filter((path) => path.startsWith("/es/") || path === "/cart")).toEqual([]);
    // Each brand its own locales: TZ-ES's are Spanish without a prefix and English.
    const tz = await metaOf("TZ-ES");
    expect(tz.prerendered).toContain("/about-us");
    expect(tz.prerendered.every((path) => !path.startsWith("/pl/"))).toBe(true);
  });

  it("comes from the build-version worker for the brand named, and is no answer for another build", async () => {
    const id = await latestBuild();
    const internal = (path: string) => testEnv.BUILDS.fetch(new Request(`https://build-version.internal${path}`));
    const fromWorker = await internal(`/builds/meta/${id}.json?brand=WPX-PL`);
    expect(fromWorker.status).toBe(200);
    expect(await fromWorker.json()).toEqual(await metaOf("WPX-PL"));
    expect((await internal(`/builds/meta/${id}.json`)).status).toBe(400);
    expect((await internal(`/builds/meta/${id}.json?brand=NOPE`)).status).toBe(400);
    expect((await visit("/builds/meta/b0ld.json")).status).toBe(404);
  });
});

describe("a prerendered page's data", () => {
  it("is the page's loader data, in the locale of its address, from the build's static files", async () => {
    const polish = await payloadOf("/about-us/_payload.json");
    expect(polish.status).toBe(200);
    expect(polish.type).toContain("application/json");
    expect(polish.cache).toContain("public");
    expect(polish.body).toMatchObject({
      buildId: await latestBuild(),
      path: "/about-us",
      data: { path: "/about-us", page: { title: expect.any(String) } },
    });
    const english = await payloadOf("/en/about-us/_payload.json");
    expect(english.body.path).toBe("/en/about-us");
    expect(english.body.data.title).not.toBe(polish.body.data.title);
    // The page's own data: what the page shows when the server renders it.
    expect(h1(await (await visit("/en/about-us", { brand: "WPX-PL" })).text())).toBe(english.body.data.title);
  });

  it("names the page's own origin, though it was made at the build's", async () => {
    const topic = await payloadOf("/en/help-center/topic/what-image-resolution-do-i-need_23/_payload.json", "WPX-ES");
    expect(topic.status).toBe(200);
    // The build wrote it among the static files, at the origin it was made at.
    const file = await testEnv.ASSETS.fetch(
      new Request(
        `http://wpx-es.localhost${prerenderedFile("WPX-ES", "/en/help-center/topic/what-image-resolution-do-i-need_23")}`,
      ),
    );
    expect(file.status).toBe(200);
    expect(JSON.parse((await file.text()).replaceAll(prerenderOrigin("WPX-ES"), "http://wpx-es.localhost"))).toEqual(
      topic.body,
    );
    const text = JSON.stringify(topic.body.data);
    expect(text).toContain("http://wpx-es.localhost/help-center/category/");
    expect(text).not.toContain(":65535");
  });

  it("is no answer for a page the build did not prerender, nor in a locale the brand lacks", async () => {
    for (const path of [
      "/help-center/topic/nothing-here_99999/_payload.json",
      "/help-center/category/999/_payload.json",
      "/help-center/topic/23/_payload.json",
    ]) {
      const answer = await payloadOf(path);
      expect(answer.status, path).toBe(404);
      expect(answer.cache).toBe("no-store");
    }
    expect((await visit("/it/about-us/_payload.json", { brand: "WPX-PL" })).status).toBe(404);
    expect((await visit("/cart/_payload.json")).status).toBe(404);
    expect((await visit("/about-us/_payload.json", { method: "POST", body: "x" })).status).toBeGreaterThanOrEqual(400);
  });

  it("exists for every page the meta lists (a sample of each kind)", async () => {
    const meta = await metaOf("WPX-ES");
    const sample = [
      "/about-us",
      "/tags-list",
      "/help-center",
      ...meta.prerendered.filter((path) => path.includes("/category/")).slice(0, 2),
      ...meta.prerendered.filter((path) => path.includes("/topic/")).slice(-2),
    ];
    for (const path of sample) expect((await visit(`${path}/_payload.json`)).status, path).toBe(200);
    expect(brandBySlug("WPX-ES")!.extraLocales).toEqual(["en"]);
  });
});
