import type { RouterContextProvider } from "react-router";
import { requestInfoContext, sessionContext } from "~/lib/request/context/keys";
import { requestLogFields, writeLog } from "./log.server";

/** Unexpected server errors go to the log at level ERROR, with the request's facts; the stack goes in its line only. */
export function logServerError(error: unknown, request: Request, context: Readonly<RouterContextProvider>) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : `Error: ${JSON.stringify(error)}`;
  const { env, waitUntil, log } = context.get(requestInfoContext);
  const session = context.get(sessionContext);
  waitUntil(
    writeLog(
      log,
      env.ANALYTICS_DB,
      {
        level: "ERROR",
        message,
        session: session.exists ? session.id : null,
        ...requestLogFields(request),
      },
      error,
    ).catch((failure: unknown) => log.failure("Could not write log entry", failure)),
  );
}
