import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./components/nonce";
import { NotFoundBlockContext } from "./components/not-found-block";
import { pageContentBlock } from "./lib/catalogue/content-block.server";
import { wholePageWithStrings, withPageStrings } from "./lib/i18n/page-strings.server";
import { TranslationsProvider } from "./lib/i18n/translations";
import { logServerError } from "./lib/log/server-errors.server";
import { i18nContext, requestInfoContext } from "~/lib/request/context/keys";
import { loaderDataInPlace } from "~/lib/speed/loader-data-in-place.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  let statusCode = responseStatusCode;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const { nonce, log } = loadContext.get(requestInfoContext);
  const i18n = loadContext.get(i18nContext);
  // No loader runs for an error screen: the 404's content block is read here, beside the loader data.
  const [notFoundBlock] = await Promise.all([
    responseStatusCode === 404 ? pageContentBlock(loadContext, "404") : null,
    loaderDataInPlace(routerContext),
  ]);
  const body = await renderToReadableStream(
    <TranslationsProvider i18n={i18n}>
      <NonceContext value={nonce}>
        <NotFoundBlockContext value={notFoundBlock}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NotFoundBlockContext>
      </NonceContext>
    </TranslationsProvider>,
    {
      nonce,
      // A boundary that is ready when the page is written goes in place, however much came before it: React would
      // otherwise move it to the end behind a script, and without JavaScript the consent banner would never show.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        statusCode = 500;
        log.failure("Rendering failed", error);
      },
    },
  );
  // Crawlers get the whole document at once; people get it streamed when part of it waits for data (a deferred
  // loader value), and whole when the render is complete already: one body, not one chunk per 2 KB of HTML.
  if (isbot(request.headers.get("user-agent") ?? "") || (await settledAlready(body.allReady))) {
    const page = await wholePageWithStrings(body, () => i18n.pageStrings?.() ?? {});
    return new Response(page, { headers: responseHeaders, status: statusCode });
  }
  return new Response(
    withPageStrings(body, () => i18n.pageStrings?.() ?? {}),
    { headers: responseHeaders, status: statusCode },
  );
}

/** Whether a promise has settled by now (its reactions run before this one's continuation). */
async function settledAlready(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await null;
  return settled;
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  logServerError(error, request, context);
};
