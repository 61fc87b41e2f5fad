import type { Route } from "./+types/not-found";
import { noRouteMatches } from "~/lib/errors";

export function loader({ request }: Route.LoaderArgs) {
  throw noRouteMatches(request);
}

export default function NotFound() {
  return null;
}
