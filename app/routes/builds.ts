import type { Route } from "./+types/builds";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { requestInfoContext } from "~/lib/request/context";

/** builds/latest.json and builds/meta/{buildId}.json, answered by the build-version worker. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { env, log } = context.get(requestInfoContext);
  return env.BUILDS.fetch(new Request(new URL(url.pathname, "https://build-version.internal"), { headers: { [REQUEST_ID_HEADER]: log.requestId } }));
}
