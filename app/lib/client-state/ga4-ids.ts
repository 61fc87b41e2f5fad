/** GA4's ids for this browser, as gtag reports them; null when GA4 does not answer within a few seconds. */
export async function readGa4Ids(measurementId: string) {
  const get = <T>(field: string) =>
    new Promise<T | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 5000);
      window.gtag?.("get", measurementId, field, (value: T) => {
        clearTimeout(timer);
        resolve(value ?? null);
      });
    });
  const [clientId, sessionId, sessionNumber] = await Promise.all([
    get<string>("client_id"),
    get<string | number>("session_id"),
    get<number | string>("session_number"),
  ]);
  if (!clientId || sessionId === null || sessionNumber === null || !Number.isInteger(Number(sessionNumber)))
    return null;
  return { ga4ClientId: String(clientId), ga4SessionId: String(sessionId), ga4SessionNumber: Number(sessionNumber) };
}

/** Sends the ids to the session (POST /api/session, the spec's analytics shape). */
export async function postGa4Ids(ids: { ga4ClientId: string; ga4SessionId: string; ga4SessionNumber: number }) {
  await fetch("/api/session", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ids),
  }).catch(() => undefined);
}
