import type { RouterContextProvider } from "react-router";
import type { ReportFilters } from "@contract/api/marketing-report";
import { pageNotFound } from "~/lib/errors";
import { buildDashboard, type Dashboard } from "./dashboard";
import { marketingReportApi } from "./report.server";
import { readRollups } from "./rollups.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The dashboard's figures for the filters: the product API's report and the analytics rollups, read side by side.
 * The API checks the marketer's role as stored now; if it refuses, the page is the spec's 404, as for any account
 * without the role.
 */
export async function loadDashboard({ request, context }: Args, filters: ReportFilters): Promise<Dashboard> {
  const [report, rollups] = await Promise.all([
    marketingReportApi(context).report(filters),
    readRollups(context, filters),
  ]);
  if (!report) throw pageNotFound(request);
  return buildDashboard(filters, report, rollups);
}
