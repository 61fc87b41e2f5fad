import type { RouterContextProvider } from "react-router";
import { requestInfoContext, sessionContext } from "~/lib/request/context";
import { requestLogFields, writeLog } from "./log.server";

/** Unexpected server errors go to the log at level ERROR, with the request's facts. */
export function logServerError(error: unknown, request: Request, context: Readonly<RouterContextProvider>) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : `Error: ${JSON.stringify(error)}`;
  const { env, waitUntil } = context.get(requestInfoContext);
  const session = context.get(sessionContext);
  waitUntil(
    writeLog(env.ANALYTICS_DB, {
      level: "ERROR",
      message,
      session: session.exists ? session.id : null,
      ...requestLogFields(request),
    }).catch((failure) => console.error("Could not write log entry", failure)),
  );
}
