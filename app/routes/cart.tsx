import type { Route } from "./+types/cart";
import { CartPage } from "~/components/cart/cart-page";
import { reorderNotice } from "~/lib/account-orders/reorder.server";
import { cartAction } from "~/lib/cart/action.server";
import { cartRead } from "~/lib/cart/current.server";
import { cartNotice } from "~/lib/cart/forms";
import { pageContentBlock } from "~/lib/catalogue/content-block.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";
import { pageUrl } from "~/lib/request/routing/page-url";

export const middleware = [cartRead.middleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [cart, block] = await Promise.all([cartRead.answer({ request, context }), pageContentBlock(context, "CART")]);
  return {
    title: translate(context, "routes.cart"),
    path: "/cart",
    noindex: true,
    cart,
    notice: cartNotice.parse(Object.fromEntries(pageUrl(request).searchParams)),
    reorder: await reorderNotice(context, pageUrl(request).searchParams),
    // What the cart holds already is no suggestion.
    block: block && {
      ...block,
      items: block.items.filter(
        (item) => item.kind !== "ARTICLE" || !cart?.lines.some((line) => line.articleId === item.article.id),
      ),
    },
  };
}

export const action = cartAction;

export const meta: Route.MetaFunction = pageMeta;

// A cart is one visitor's: never stored by a browser or the edge, with or without a session.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return <CartPage data={loaderData} actionData={actionData} />;
}
