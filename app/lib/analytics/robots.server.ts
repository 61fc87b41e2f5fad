import { isbot } from "isbot";

/**
 * The agents of uptime checkers, load-balancer probes and synthetic monitors. isbot knows them today; the list keeps
 * them refused should its patterns change, since a check every minute would outnumber a small brand's visitors.
 */
export const HEALTH_CHECK_AGENTS = [
  "UptimeRobot",
  "Pingdom",
  "StatusCake",
  "Better Uptime",
  "BetterStack",
  "Site24x7",
  "Checkly",
  "kube-probe",
  "ELB-HealthChecker",
  "GoogleHC",
  "GoogleStackdriverMonitoring",
  "Datadog",
  "NewRelicSynthetics",
  "NewRelicPinger",
  "Freshping",
  "Uptimebot",
  "HetrixTools",
  "Amazon-Route53-Health-Check",
  "Cloudflare-Healthchecks",
  "Azure Traffic Manager",
  "AlwaysOn",
  "Consul Health Check",
  "check_http",
  "Blackbox Exporter",
  "Zabbix",
  "SematextSynthetics",
  "OhDear",
  "updown.io",
  "Monitis",
] as const;

const HEALTH_CHECK = new RegExp(
  HEALTH_CHECK_AGENTS.map((agent) => agent.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
  "i",
);

/** Crawlers and health checks are not visitors: their events are not recorded. No agent at all is no browser. */
export function isRobot(userAgent: string | null): boolean {
  return !userAgent?.trim() || isbot(userAgent) || HEALTH_CHECK.test(userAgent);
}
