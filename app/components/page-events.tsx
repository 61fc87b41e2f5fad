import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { reportPageView } from "~/lib/analytics/report-event";

/** Reports each page view, only with the visitor's analytics consent; the server drops crawlers and health checks. */
export function PageEvents({ analyticsAllowed }: { analyticsAllowed: boolean }) {
  const location = useLocation();
  const previousUrl = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path or query is a new page view
  useEffect(() => {
    reportPageView(analyticsAllowed, previousUrl.current ?? document.referrer);
    previousUrl.current = window.location.href;
  }, [analyticsAllowed, location.pathname, location.search]);

  return null;
}
