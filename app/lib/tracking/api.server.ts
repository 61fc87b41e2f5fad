import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { apiContext, brandContext } from "~/lib/request/context/keys";
import { orderSchema, userRequiredActionSchema, type Order } from "@contract/api/orders";
import { API_ERROR_CODES, apiErrorSchema } from "@contract/api/errors";
import { apiCalls } from "~/lib/product-api/calls.server";
import { unlessRefused } from "~/lib/product-api/product-api-error";

type Context = Readonly<RouterContextProvider>;

const lookupAnswer = z.union([z.object({ publicId: z.string() }), apiErrorSchema]);

/** Order tracking calls. None is cached: an order is one shopper's. */
export function trackingApi(context: Context) {
  const api = context.get(apiContext);
  const site = context.get(brandContext).slug;
  return apiCalls({
    /** The order's public id when this e-mail placed it on this site; null otherwise, whichever part was wrong. */
    lookup: async (publicId: string, email: string) => {
      const answer = await api.post("/tracking/lookup", { site, public_id: publicId, email }, lookupAnswer);
      return "publicId" in answer ? answer.publicId : null;
    },
    order: (publicId: string): Promise<Order | null> =>
      api.find(`/tracking/${encodeURIComponent(publicId)}`, { site }, orderSchema),
    /** Stores the refund details once; "alreadyAnswered" when an answer was there first. */
    answerRefund: (publicId: string, actionId: string, answer: { holder: string; iban: string }) =>
      unlessRefused(
        api.post(
          `/tracking/${encodeURIComponent(publicId)}/actions/${encodeURIComponent(actionId)}`,
          { site, ...answer },
          userRequiredActionSchema,
        ),
        API_ERROR_CODES.conflict,
        "alreadyAnswered" as const,
      ),
  });
}
