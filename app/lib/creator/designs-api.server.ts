import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import {
  creatorDesignAdoptSchema,
  printCheckSchema,
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
  | { ok: false; reason: "notFound" | "wrongFile" | "blocked"; quality?: z.infer<typeof printCheckSchema> };

/** A blocked print's answer carries the checks the API made. */
const blockedSchema = z.object({ quality: printCheckSchema });

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
    // A file not of the version's print size (the browser drew it wrong, or it is another file).
    if (isApiError(thrown, API_ERROR_CODES.invalidRequest)) return { ok: false, reason: "wrongFile" };
    if (isApiError(thrown, API_ERROR_CODES.printQualityBlocked)) {
      return { ok: false, reason: "blocked", quality: blockedSchema.safeParse(thrown.body).data?.quality };
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
    /** One of the visitor's designs, or null (none, or not theirs). */
    get: (id: string): Promise<CreatorDesign | null> =>
      unlessRefused(
        api.get(path(id), { ...owner, locale: context.get(localeContext) }, creatorDesignSchema),
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
    /** Records the print file (and preview) of a version; the API recomputes the checks and refuses a blocking one. */
    recordPrint: (
      id: string,
      print: { version: number; printUpload: string; previewUpload: string; width: number; height: number },
    ) =>
      printOutcomeOf(
        api.post(
          path(id, "/print"),
          {
            ...owner,
            version: print.version,
            print_upload: print.printUpload,
            preview_upload: print.previewUpload,
            width: print.width,
            height: print.height,
          },
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
