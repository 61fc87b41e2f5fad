import { Link } from "./link";
import { TzLogo } from "./art/tz-logo";
import { WpxLogo } from "./art/wpx-logo";
import { useShell } from "./use-shell";

export function BrandMark() {
  const { root, to } = useShell();
  const theme = root?.brand.theme ?? "wpx";
  return (
    <Link to={to("/")} className="flex items-center gap-2 text-ink no-underline">
      {theme === "tz" ? <TzLogo className="h-10 w-10 shrink-0" /> : <WpxLogo className="h-10 w-10 shrink-0" />}
      <span
        className={
          theme === "tz" ? "font-display text-2xl italic leading-none" : "text-lg font-bold tracking-tight leading-none"
        }
      >
        {root?.brand.name ?? "WPX"}
      </span>
    </Link>
  );
}
