import type { z } from "zod";
import type { RouterContextProvider } from "react-router";
import {
  creatorDesignAdoptSchema,
  printRefusalSchema,
  creatorDesignListSchema,
  creatorDesignSavedSchema,
  creatorDesignSchema,
  printFileSchema,
  type CreatorDesign,
  type CreatorDesignSummary,
  type PrintFile,
} from "@contract/api/creator-designs";
import { API_ERROR_CODES } from "@contract/api/errors";
import type { DesignDocument } from "@contract/creator/document";
import { apiCalls } from "~/lib/product-api/calls.server";
import { isApiError, unlessRefused } from "~/lib/product-api/product-api-error";
import {
  apiContext,
  brandContext,
  localeContext,
  requestInfoContext,
  sessionContext,
} from "~/lib/request/context/keys";

/** The visitor's creator designs (contract/api/creator-designs.ts), through the product API; never cached. */

/** How a change came out: done; not this visitor's (or no such design); another save came first; refused by quality. */
export type SaveOutcome = { ok: true; id: string; version: number } | { ok: false; reason: "notFound" | "conflict" };
export type PrintOutcome =
  | { ok: true; print: PrintFile }
  | {
      ok: false;
      reason: "notFound" | "blocked";
      quality?: z.infer<typeof printRefusalSchema>["quality"];
      problems?: z.infer<typeof printRefusalSchema>["problems"];
    };

async function outcomeOf(call: Promise<{ id: string; version: number }>): Promise<SaveOutcome> {
  try {
    return { ok: true, ...(await call) };
  } catch (thrown) {
    if (isApiError(thrown, API_ERROR_CODES.notFound)) return { ok: false, reason: "notFound" };
    if (isApiError(thrown, API_ERROR_CODES.conflict)) return { ok: false, reason: "conflict" };
    throw thrown;
  }
}

async function printOutcomeOf(call: Promise<PrintFile>): Promise<PrintOutcome> {
  try {
    return { ok: true, print: await call };
  } catch (thrown) {
    if (isApiError(thrown, API_ERROR_CODES.notFound)) return { ok: false, reason: "notFound" };
    if (isApiError(thrown, API_ERROR_CODES.printQualityBlocked)) {
      const refusal = printRefusalSchema.safeParse(thrown.body).data;
      return { ok: false, reason: "blocked", quality: refusal?.quality, problems: refusal?.problems };
    }
    throw thrown;
  }
}

/**
 * The visitor is the product-API session (the proxy adds its ext_session_id) and, when signed in, the customer: its
 * designs are the account's and this session's.
 */
export function creatorDesignsApi(context: Readonly<RouterContextProvider>) {
  const api = context.get(apiContext);
  const customerId = context.get(sessionContext).data.customer?.id;
  const owner = { site: context.get(brandContext).slug, customer_id: customerId };
  const path = (id: string, action = "") => `/creator/designs/${encodeURIComponent(id)}${action}`;
  return apiCalls({
    /** One of the visitor's designs (its current version, or `version`'s document), or null (none, or not theirs). */
    get: (id: string, version?: number): Promise<CreatorDesign | null> =>
      unlessRefused(
        api.get(path(id), { ...owner, locale: context.get(localeContext), version }, creatorDesignSchema),
        API_ERROR_CODES.notFound,
        null,
      ),
    /** The visitor's designs, newest change first. */
    list: async (): Promise<CreatorDesignSummary[]> =>
      (await api.get("/creator/designs", owner, creatorDesignListSchema)).items,
    create: (name: string, document: DesignDocument) =>
      outcomeOf(
        api.post("/creator/designs", { ...owner, name, document: JSON.stringify(document) }, creatorDesignSavedSchema),
      ),
    save: (id: string, document: DesignDocument, baseVersion: number, name?: string) =>
      outcomeOf(
        api.post(
          path(id),
          { ...owner, document: JSON.stringify(document), base_version: baseVersion, name },
          creatorDesignSavedSchema,
        ),
      ),
    rename: (id: string, name: string) =>
      outcomeOf(api.post(path(id, "/rename"), { ...owner, name }, creatorDesignSavedSchema)),
    /** A copy named the original's name and `nameSuffix` (the translated " (copy)"). */
    duplicate: (id: string, nameSuffix?: string) =>
      outcomeOf(api.post(path(id, "/duplicate"), { ...owner, name_suffix: nameSuffix }, creatorDesignSavedSchema)),
    remove: (id: string) => outcomeOf(api.post(path(id, "/delete"), owner, creatorDesignSavedSchema)),
    /**
     * Records a version's checks (and its preview) as it goes to the cart; the API runs the preflight and refuses a
     * design that fails it. The print file is made once the line is ordered (docs/decisions/0048).
     */
    recordPrint: (id: string, print: { version: number; previewUpload: string }) =>
      printOutcomeOf(
        api.post(
          path(id, "/print"),
          { ...owner, version: print.version, preview_upload: print.previewUpload },
          printFileSchema,
        ),
      ),
    /** At sign-in: this session's designs become the customer's. */
    adopt: async (toCustomerId: string): Promise<number> =>
      (
        await api.post(
          "/creator/designs/adopt",
          { site: owner.site, customer_id: toCustomerId },
          creatorDesignAdoptSchema,
        )
      ).moved,
  });
}

/**
 * At sign-in, the designs this session made as a guest become the customer's (the accounts pages list them, other
 * devices open them). A failure is logged, not shown: the signed-in visitor still reads this session's designs.
 */
export async function adoptGuestDesigns(context: Readonly<RouterContextProvider>, customerId: string) {
  try {
    await creatorDesignsApi(context).adopt(customerId);
  } catch (error) {
    context.get(requestInfoContext).log.failure("Moving a guest's creator designs to the account failed", error);
  }
}
