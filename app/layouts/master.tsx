import { Outlet } from "react-router";
import type { Route } from "./+types/master";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { assertLocaleAllowed } from "~/lib/locale-gate.server";

export function loader(args: Route.LoaderArgs) {
  assertLocaleAllowed(args, args.params);
  return null;
}

export default function MasterLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="grow">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
