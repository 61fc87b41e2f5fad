import { env } from "cloudflare:workers";
import { createRequestHandler } from "react-router";
import { parseConfig } from "~/lib/request/config.server";
import { consumePageEvents, type PageEventMessage } from "../app/lib/analytics/page-events.server";
import { withPageCache } from "~/lib/request/page-cache.server";
import { createRequestContext } from "~/lib/request/request-context.server";

// Parsed once at start-up: a bad configuration (an unknown session provider) stops the worker here.
const config = parseConfig(env as unknown as Record<string, unknown>);

const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  async fetch(request, env, ctx) {
    return withPageCache(request, ctx, config.cookieName, async () =>
      handleRequest(request, await createRequestContext(request, env, ctx, config)),
    );
  },
  async queue(batch, env) {
    await consumePageEvents(batch, env);
  },
} satisfies ExportedHandler<Env, PageEventMessage>;
