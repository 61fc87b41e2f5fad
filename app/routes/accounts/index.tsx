import type { Route } from "./+types/index";
import { requireCustomer } from "~/lib/guards/auth.server";
import { localRedirect } from "~/lib/guards/redirect.server";

export function loader(args: Route.LoaderArgs) {
  requireCustomer(args);
  return localRedirect(args.context, "/accounts/home");
}
