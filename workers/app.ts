import { env } from "cloudflare:workers";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { handleAnalyticsQueue } from "~/lib/analytics/consumer.server";
import { deleteExpiredEvents } from "~/lib/analytics/retention.server";
import { canonicalHostRedirect } from "~/lib/brand/canonical-host";
import { requestTagSources } from "~/lib/consent/page-tags.server";
import { storefrontLogs } from "~/lib/log/request-log.server";
import { marketingAtTheEdge } from "~/lib/marketing/edge.server";
import { parseConfig } from "~/lib/request/context/config.server";
import { drainBody } from "@contract/http/drain-body";
import { earlyReadsByPattern } from "~/lib/speed/early-reads.server";
import { withPageCache } from "~/lib/speed/page-cache.server";
import { createRequestContext } from "~/lib/request/context/request-context.server";
import { cspNonce, withSecurityHeaders } from "~/lib/request/security/security-headers.server";

// Parsed once at start-up: a bad configuration (an unknown session provider) stops the worker here.
const config = parseConfig(env as unknown as Record<string, unknown>);

// The build itself, not a function returning it: given a function, React Router derives its route tables and static
// handler again on every request (meant for development reloads), about 2.5 ms of CPU per page.
const handleRequest = createRequestHandler(build, import.meta.env.MODE);

// Where the sign-in form may lead besides this site: the other provider's sign-in page (its issuer's origin).
const signInOrigins = config.oidc && config.authProviders.includes("oidc") ? [config.oidc.issuer.origin] : [];

// One JSON line per request (docs/decisions/0033); the version-metadata binding is absent where nothing deployed it.
const logs = storefrontLogs(build.routes, config.logVars, env.CF_VERSION_METADATA?.id);

// The reads each page's route declares to start early (docs/decisions/0043), found once in the build.
const earlyReads = earlyReadsByPattern(build.routes);

export default {
  async fetch(request, env, ctx) {
    const log = logs.request(request);
    const canonical = canonicalHostRedirect(request);
    if (canonical) {
      log.answered(request, canonical.status);
      return canonical;
    }
    const nonce = cspNonce();
    try {
      // A campaign link's page is rendered and cached without its marketing parameters; its cookies come after the
      // cache.
      const marketing = marketingAtTheEdge(request, env, ctx, config, log);
      const page = marketing.page;
      const response = await withPageCache(page, ctx, config.cookieName, nonce, log, async () =>
        handleRequest(page, await createRequestContext(page, env, ctx, config, nonce, log, earlyReads)),
      );
      await drainBody(request);
      log.answered(request, response.status);
      return withSecurityHeaders(
        marketing.finish(response),
        request,
        nonce,
        requestTagSources(request, config.defaultBrand),
        signInOrigins,
      );
    } catch (error) {
      log.failure("Uncaught error", error);
      log.answered(request, 500);
      throw error;
    }
  },
  async queue(batch, env) {
    await handleAnalyticsQueue(batch, env, logs.invocation());
  },
  async scheduled(_controller, env) {
    const log = logs.invocation();
    const run = await deleteExpiredEvents(env.ANALYTICS_DB, config.eventRetentionDays).catch((error: unknown) => {
      log.failure("Expired analytics rows not deleted", error);
      throw error;
    });
    log.line("INFO", "Expired analytics rows deleted", {
      cutoff: run.cutoff,
      consentRecordsCutoff: run.consentRecordsCutoff,
      ...run.deleted,
    });
  },
} satisfies ExportedHandler<Env, unknown>;
