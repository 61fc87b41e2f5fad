import { Hono } from "hono";
import manifest from "./manifest.generated.json";

/** Tells clients which build is live: they poll builds/latest.json and offer a reload when it changes. */
const app = new Hono()
  .get("/builds/latest.json", (c) => {
    c.header("cache-control", "no-cache, max-age=0");
    return c.json({ id: manifest.buildId, timestamp: Date.parse(manifest.date), date: manifest.date });
  })
  .get("/builds/meta/:file", (c) => {
    if (c.req.param("file") !== `${manifest.buildId}.json`) return c.json({ message: "Unknown build" }, 404);
    c.header("cache-control", "public, max-age=31536000, immutable");
    return c.json({ id: manifest.buildId, timestamp: Date.parse(manifest.date), date: manifest.date, prerendered: [] });
  });

export default app;
