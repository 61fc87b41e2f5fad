import { RouterContextProvider } from "react-router";
import { resolveBrand } from "./brand/resolve-brand";
import type { AppConfig } from "./config.server";
import { brandContext, requestInfoContext, sessionContext } from "./context";
import { RequestSession } from "./session/session.server";

/** Builds what every loader may need before any runs: brand, session and the request's facts. */
export async function createRequestContext(request: Request, env: Env, ctx: ExecutionContext, config: AppConfig) {
  const url = new URL(request.url);
  const session = await RequestSession.load(
    request,
    config.sessionProvider,
    { password: config.sessionPassword, ttlSeconds: config.ttlSeconds, skewSeconds: config.skewSeconds, kv: env.SESSIONS },
    { name: config.cookieName, secure: url.protocol === "https:" },
  );
  const context = new RouterContextProvider();
  context.set(requestInfoContext, {
    env,
    config,
    waitUntil: (promise) => ctx.waitUntil(promise),
    isDataRequest: url.pathname.endsWith(".data"),
  });
  context.set(brandContext, resolveBrand(request, config.defaultBrand));
  context.set(sessionContext, session);
  return context;
}
