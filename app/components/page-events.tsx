import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { PageEvent } from "~/lib/analytics/page-event";

/** Reports each page view, only with the visitor's consent; the server drops crawlers and health checks. */
export function PageEvents({ consentGiven }: { consentGiven: boolean }) {
  const location = useLocation();
  const previousUrl = useRef<string | null>(null);

  useEffect(() => {
    if (!consentGiven) return;
    const event: PageEvent = {
      id: crypto.randomUUID(),
      category: "page",
      name: "view",
      page: {
        url: window.location.href,
        path: location.pathname,
        title: document.title,
        referrer: previousUrl.current ?? document.referrer,
      },
      platform: (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? "",
      mobile: window.matchMedia("(pointer: coarse)").matches,
    };
    previousUrl.current = window.location.href;
    void fetch("/api/event/page", {
      method: "POST",
      keepalive: true,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event),
    }).catch(() => undefined);
  }, [consentGiven, location.pathname, location.search]);

  return null;
}
