import { Link } from "./link";
import { useShell } from "./use-shell";

export function CartIndicator() {
  const { root, t, to } = useShell();
  const count = root?.cartCount ?? 0;
  return (
    <Link
      to={to("/cart")}
      aria-label={t("cart.count", { count })}
      className="relative flex min-h-11 min-w-11 items-center justify-center rounded-button text-ink hover:bg-brand-soft"
    >
      <svg
        aria-hidden="true"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6.2" />
        <circle cx="10" cy="20" r="1.3" />
        <circle cx="17" cy="20" r="1.3" />
      </svg>
      <span
        data-testid="cart-count"
        className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-xs font-bold text-on-brand"
      >
        {count}
      </span>
    </Link>
  );
}
