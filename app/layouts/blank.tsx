import { Outlet } from "react-router";
import type { Route } from "./+types/blank";
import { assertLocaleAllowed } from "~/lib/locale-gate.server";

export function loader(args: Route.LoaderArgs) {
  assertLocaleAllowed(args, args.params);
  return null;
}

/** No chrome at all: the page brings its own (the creator sets its constructor layout). */
export default function BlankLayout() {
  return <Outlet />;
}
