import { z } from "zod";
import type { Route } from "./+types/api.icons";
import { errorResponse, issuesOf } from "@contract/http/errors";
import { LUCIDE_ICONS } from "~/lib/icons/lucide.server";
import { translate } from "~/lib/i18n/translate.server";

const query = z.object({
  icons: z.string().regex(/^[a-z0-9-]{1,64}(,[a-z0-9-]{1,64}){0,31}$/),
  v: z.string().max(64).optional(),
});

/**
 * GET /api/icons/lucide.json?icons=a,b: the store's bundled icon data in Iconify's shape (unknown names listed in
 * `not_found`, as the public service does). Asked with this build's id, it never changes: cached for a year.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.collection !== "lucide.json") return errorResponse(404, "notFound", translate(context, "icons.invalid"));
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success)
    return errorResponse(400, "badField", translate(context, "icons.invalid"), {
      fieldErrors: issuesOf(parsed.error, "query").fieldErrors,
    });
  const names = [...new Set(parsed.data.icons.split(","))];
  const found = names.filter((name) => Object.hasOwn(LUCIDE_ICONS, name));
  const missing = names.filter((name) => !found.includes(name));
  return Response.json(
    {
      prefix: "lucide",
      icons: Object.fromEntries(found.map((name) => [name, { body: LUCIDE_ICONS[name] }])),
      width: 24,
      height: 24,
      ...(missing.length ? { not_found: missing } : {}),
    },
    {
      headers: {
        "Cache-Control":
          parsed.data.v === __BUILD_ID__ ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      },
    },
  );
}
