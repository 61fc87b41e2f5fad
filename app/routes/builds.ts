import type { Route } from "./+types/builds";
import { requestInfoContext } from "~/lib/request/context";

/** builds/latest.json and builds/meta/{buildId}.json, answered by the build-version worker. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return context.get(requestInfoContext).env.BUILDS.fetch(new Request(new URL(url.pathname, "https://build-version.internal")));
}
