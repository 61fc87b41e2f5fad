import type { Route } from "./+types/api.auth";
import { authGet, authPost } from "~/lib/auth/endpoints.server";

/** The sign-in protocol's endpoints (app/lib/auth/endpoints.server.ts). */
export function loader(args: Route.LoaderArgs) {
  return authGet(args, args.params["*"] ?? "");
}

export function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST")
    return Response.json(
      { error: "MethodNotAllowed", message: "Use POST" },
      { status: 405, headers: { Allow: "GET, POST" } },
    );
  return authPost(args, args.params["*"] ?? "");
}
