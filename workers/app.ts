import { env } from "cloudflare:workers";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { handleAnalyticsQueue } from "~/lib/analytics/consumer.server";
import { deleteExpiredEvents } from "~/lib/analytics/retention.server";
import { requestTagSources } from "~/lib/consent/page-tags.server";
import { marketingAtTheEdge } from "~/lib/marketing/edge.server";
import { parseConfig } from "~/lib/request/config.server";
import { drainBody } from "~/lib/request/drain-body.server";
import { withPageCache } from "~/lib/request/page-cache.server";
import { createRequestContext } from "~/lib/request/request-context.server";
import { cspNonce, withSecurityHeaders } from "~/lib/request/security-headers.server";

// Parsed once at start-up: a bad configuration (an unknown session provider) stops the worker here.
const config = parseConfig(env as unknown as Record<string, unknown>);

// The build itself, not a function returning it: given a function, React Router derives its route tables and static
// handler again on every request (meant for development reloads), about 2.5 ms of CPU per page.
const handleRequest = createRequestHandler(build, import.meta.env.MODE);

export default {
  async fetch(request, env, ctx) {
    const nonce = cspNonce();
    // A campaign link's page is rendered and cached without its marketing parameters; its cookies come after the cache.
    const marketing = marketingAtTheEdge(request, env, ctx, config);
    const page = marketing.page;
    const response = await withPageCache(page, ctx, config.cookieName, nonce, async () =>
      handleRequest(page, await createRequestContext(page, env, ctx, config, nonce)),
    );
    await drainBody(request);
    return withSecurityHeaders(marketing.finish(response), request, nonce, requestTagSources(request, config.defaultBrand));
  },
  async queue(batch, env) {
    await handleAnalyticsQueue(batch, env);
  },
  async scheduled(_controller, env) {
    await deleteExpiredEvents(env.ANALYTICS_DB, config.eventRetentionDays);
  },
} satisfies ExportedHandler<Env, unknown>;
