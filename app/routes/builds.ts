import type { Route } from "./+types/builds";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { metaAnswer } from "~/lib/builds/meta-answer";
import { thisBuild } from "~/lib/builds/this-build.server";
import { brandContext, requestInfoContext } from "~/lib/request/context/keys";

/**
 * builds/latest.json, answered by the build-version worker, and builds/meta/{buildId}.json: this build's answered here,
 * any other by the build-version worker, for this host's brand (docs/decisions/0039).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { env, log } = context.get(requestInfoContext);
  const ask = (target: URL) =>
    env.BUILDS.fetch(new Request(target, { headers: { [REQUEST_ID_HEADER]: log.requestId } }));
  const internal = new URL(url.pathname, "https://build-version.internal");
  if (!url.pathname.startsWith("/builds/meta/")) return ask(internal);
  return metaAnswer(await thisBuild(env.ASSETS), url.pathname, context.get(brandContext), (brand) => {
    internal.searchParams.set("brand", brand);
    return ask(internal);
  });
}
