import { describe, expect, it } from "vitest";
import esIcons from "@locales/es/icons.json";
import { CONSENT_VERSION } from "@contract/marketing/consent";
import { visit } from "../setup/app";

// What the browser reads at start: the bootstrap (the build, the consent version, the brand's tags) and the icons.

describe("GET /api/bootstrap.json", () => {
  it("tells the build, the consent version, the brand's tags and switches, cached for one hour", async () => {
    const response = await visit("/api/bootstrap.json", { brand: "WPX-PL" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600, s-maxage=3600");
    const config = (await response.json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      consentVersion: CONSENT_VERSION,
      tags: { ga4: true, pushNotifications: true, reviewBadge: true },
      features: { designCreator: true },
    });
    expect(config.buildId).toMatch(/\S+/);
    const other = (await (await visit("/api/bootstrap.json", { brand: "WPX-DK" })).json()) as {
      tags: Record<string, boolean>;
    };
    expect(other.tags).toEqual({ ga4: false, pushNotifications: false, reviewBadge: false });
  });
});

describe("GET /api/icons", () => {
  it("serves the bundled icons in Iconify's shape, naming the unknown ones, cached for a year when asked with the build", async () => {
    const { buildId } = (await (await visit("/api/bootstrap.json")).json()) as { buildId: string };
    const response = await visit(`/api/icons/lucide.json?icons=credit-card,truck,no-such-icon&v=${buildId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const set = (await response.json()) as {
      prefix: string;
      icons: Record<string, { body: string }>;
      not_found: string[];
    };
    expect(set.prefix).toBe("lucide");
    expect(Object.keys(set.icons)).toEqual(["credit-card", "truck"]);
    expect(set.icons.truck!.body).toMatch(/^<g [^>]*stroke="currentColor"/);
    expect(set.not_found).toEqual(["no-such-icon"]);
    expect((await visit("/api/icons/lucide.json?icons=truck&v=old")).headers.get("cache-control")).toBe(
      "public, max-age=3600",
    );
  });

  it.each([
    "/api/icons/lucide.json?icons=../../etc",
    "/api/icons/lucide.json",
    `/api/icons/lucide.json?icons=${Array(40).fill("a").join(",")}`,
  ])("answers %s with 400 and a translated message", async (path) => {
    const response = await visit(path);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "badField", message: esIcons.icons.invalid } });
  });

  it("knows no other icon set", async () => {
    expect((await visit("/api/icons/mdi.json?icons=home")).status).toBe(404);
  });
});
