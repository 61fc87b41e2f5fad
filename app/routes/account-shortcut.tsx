import type { Route } from "./+types/account-shortcut";
import { accountShortcut } from "~/lib/guards/visitor-redirects.server";

export function loader(args: Route.LoaderArgs) {
  return accountShortcut(args);
}
