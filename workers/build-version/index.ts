import { Hono } from "hono";
import { brandBySlug } from "@contract/brands/brands";
import { buildMeta, type BuildManifest } from "@contract/builds/meta";
import { allowedMethods, errorBody, methodNotAllowed } from "@contract/http/errors";
import type { Logger, LogVars } from "@contract/observability/log";
import { requestLogging } from "@contract/observability/request-logging";
import built from "./manifest.generated.json";

type BuildVersion = { Bindings: LogVars; Variables: { log: Logger } };

const manifest = built as BuildManifest;

/**
 * Tells clients which build is live (they poll builds/latest.json and offer a reload when it changes), and what a build
 * has (builds/meta/{buildId}.json?brand={slug}: its routes and the brand's prerendered pages, docs/decisions/0039).
 */
const app: Hono<BuildVersion> = new Hono<BuildVersion>()
  .use(requestLogging("build-version"))
  .get("/builds/latest.json", (c) => {
    c.header("cache-control", "no-cache, max-age=0");
    return c.json({ id: manifest.buildId, timestamp: Date.parse(manifest.date), date: manifest.date });
  })
  .get("/builds/meta/:file", (c) => {
    if (c.req.param("file") !== `${manifest.buildId}.json`) return c.json(errorBody("notFound", "Unknown build"), 404);
    const brand = brandBySlug(c.req.query("brand") ?? "");
    if (!brand) return c.json(errorBody("badField", "Unknown brand", { fieldErrors: { brand: "unknown" } }), 400);
    c.header("cache-control", "public, max-age=31536000, immutable");
    return c.json(buildMeta(manifest, brand));
  })
  .notFound((c) => {
    const allow = allowedMethods(app.routes, c.req.method, c.req.path);
    if (allow.length) return methodNotAllowed(c.req.method, allow);
    return c.json(errorBody("notFound", `No endpoint ${c.req.method} ${c.req.path}`), 404);
  })
  .onError((error, c) => {
    c.get("log").failure("build-version failed", error);
    return c.json(errorBody("internal", "Internal error"), 500);
  });

export default app;
