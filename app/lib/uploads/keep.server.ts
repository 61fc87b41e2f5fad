import type { RouterContextProvider } from "react-router";
import type { Order } from "@contract/api/orders";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { requestInfoContext } from "~/lib/request/context/keys";
import { uploadOwners } from "./owners.server";

/**
 * The files an order's creator designs use: each line's preview (for its pages), an older line's print file drawn by
 * the browser, and the photos its designs print (`photos`: the originals the print-files worker reads).
 */
export function orderFiles(order: Pick<Order, "lines">, photos: readonly string[] = []): string[] {
  return [
    ...new Set(
      [...order.lines.flatMap((line) => [line.designPrint, line.designPreview]), ...photos].filter(
        (id): id is string => !!id,
      ),
    ),
  ];
}

/**
 * Just placed: the order keeps its designs' files (the uploads worker gives the order its own copy, which never expires
 * with the session and which the order's pages read). Runs after the answer; a failure is logged (the files are still
 * the visitor's, and an operator can keep them again).
 */
export async function keepOrderFiles(
  context: Readonly<RouterContextProvider>,
  order: Pick<Order, "publicId" | "lines">,
  photos: readonly string[] = [],
) {
  const { env, log } = context.get(requestInfoContext);
  const owners = uploadOwners(context);
  await Promise.all(
    orderFiles(order, photos).map(async (id) => {
      try {
        const answer = await env.UPLOADS.fetch(
          `https://uploads.internal/images/uploads/${encodeURIComponent(id)}/keep`,
          {
            method: "POST",
            headers: {
              "x-upload-owners": owners,
              "content-type": "application/x-www-form-urlencoded",
              [REQUEST_ID_HEADER]: log.requestId,
            },
            body: new URLSearchParams({ order: order.publicId }),
          },
        );
        if (!answer.ok) log.line("ERROR", `Keeping upload ${id} for order ${order.publicId} answered ${answer.status}`);
        await answer.body?.cancel();
      } catch (error) {
        log.failure(`Keeping upload ${id} for order ${order.publicId} failed`, error);
      }
    }),
  );
}
