import { isRouteErrorResponse, type LoaderFunctionArgs } from "react-router";
import type { Route } from "./+types/payload";
import {
  PAYLOAD_FILE,
  prerenderedFile,
  prerenderedPaths,
  prerenderOrigin,
  type BuildManifest,
  type Payload,
  type PrerenderedPattern,
} from "@contract/builds/meta";
import { thisBuild } from "~/lib/builds/this-build.server";
import { CATALOGUE_CACHE_CONTROL } from "~/lib/catalogue/cache-headers";
import { BRANDS, type Brand } from "@contract/brands/brands";
import { isolateMemory } from "@contract/memory/isolate-memories";
import { splitLocale } from "@contract/locales/paths";
import { brandContext, requestInfoContext } from "~/lib/request/context/keys";
import { loader as aboutUs } from "./about-us";
import { loader as helpCategory } from "./help-category";
import { loader as helpCenter } from "./help-center";
import { loader as helpTopic } from "./help-topic";
import { loader as tagsList } from "./tags-list";

/** Each prerendered page's own loader: a payload is exactly the data the page's loader gives. */
const PAGE_LOADERS: Record<PrerenderedPattern, (args: LoaderFunctionArgs) => Promise<unknown>> = {
  "/about-us": aboutUs as never,
  "/tags-list": tagsList as never,
  "/help-center": helpCenter as never,
  "/help-center/category/:id": helpCategory as never,
  "/help-center/topic/:id": helpTopic as never,
};

const MATCHERS = (Object.keys(PAGE_LOADERS) as PrerenderedPattern[]).map((pattern) => ({
  pattern,
  matches: new RegExp(`^${pattern.replace(/:[a-z]+/g, "[^/]+")}$`),
}));

/**
 * The pattern a page's path (without its locale prefix) is of: `/help-center/topic/x_12` → `/help-center/topic/:id`.
 */
const patternOf = (path: string) => MATCHERS.find(({ matches }) => matches.test(path))?.pattern;

/** Each brand's prerendered pages, worked out once per isolate. */
const prerenderedOf = isolateMemory<string, Set<string>>({
  name: "each brand's prerendered pages",
  maxEntries: BRANDS.length,
  ttl: "the isolate's life (one build)",
});
function isPrerendered(build: BuildManifest, brand: Brand, path: string) {
  let paths = prerenderedOf.get(brand.slug);
  if (!paths) paths = prerenderedOf.keep(brand.slug, new Set(prerenderedPaths(build, brand)));
  return paths.has(path);
}

const json = (body: string | object, status: number, cacheControl: string) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": cacheControl },
  });

/**
 * `{page}/_payload.json` (SPEC §7, docs/decisions/0039): a prerendered page's data, for a page of this build in the
 * browser. Only the brand's prerendered pages (this build's meta, among its static files) have one. It is the file the
 * build wrote among the static assets, with the request's origin put in place of the one it was made at; where the
 * build wrote none (a build that could not prerender, the tests' worker without its assets), the page's loader makes it
 * now.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const url = new URL(request.url);
  const pagePath = url.pathname.slice(0, -`/${PAYLOAD_FILE}`.length) || "/";
  const brand = context.get(brandContext);
  const { env } = context.get(requestInfoContext);
  const build = await thisBuild(env.ASSETS);
  if (!build || !isPrerendered(build, brand, pagePath))
    return json({ message: `No prerendered page at ${pagePath}` }, 404, "no-store");
  const file = await env.ASSETS?.fetch(new URL(prerenderedFile(brand.slug, pagePath), url.origin)).catch(() => null);
  if (file?.ok)
    return json((await file.text()).replaceAll(prerenderOrigin(brand.slug), url.origin), 200, CATALOGUE_CACHE_CONTROL);
  const pattern = patternOf(splitLocale(pagePath).path);
  if (!pattern) return json({ message: `No prerendered page at ${pagePath}` }, 404, "no-store");
  try {
    const data = await PAGE_LOADERS[pattern]({
      ...args,
      request: new Request(new URL(pagePath, url.origin), { headers: request.headers }),
    });
    return json({ buildId: build.buildId, path: pagePath, data } satisfies Payload, 200, CATALOGUE_CACHE_CONTROL);
  } catch (thrown) {
    // The page's own 404 (a topic gone since the build): the same answer, as data.
    if (isRouteErrorResponse(thrown) || (thrown instanceof Object && "init" in thrown))
      return json({ message: `No page at ${pagePath}` }, 404, "no-store");
    throw thrown;
  }
}
