import type { Route } from "./+types/index";
import { localRedirect } from "~/lib/guards/redirect.server";

export function loader({ context }: Route.LoaderArgs) {
  return localRedirect(context, "/accounts/home");
}
