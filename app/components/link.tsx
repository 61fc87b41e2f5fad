import { isolateMemory } from "@contract/memory/isolate-memories";
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  useLocation,
  type LinkProps,
  type NavLinkProps,
} from "react-router";

/**
 * The store's links: React Router's `Link` and `NavLink`, except on the server for a link to an absolute path of this
 * site (every link the pages make: `to()` gives one). There the same `<a>` React Router would render is written
 * without its hooks: React Router's link resolves its path against the route matches (serialising them for each link),
 * and sets up click, prefetch and ref handlers that the HTML never shows. The browser hydrates the same markup with
 * React Router's own link. Anything else (a relative or external target, an object, prefetching, a mask) is React
 * Router's on both sides. docs/decisions/0029.
 */
export function Link(props: LinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  if (import.meta.env.SSR && writesItself(props)) return <PlainLink {...props} />;
  return <RouterLink {...props} />;
}

export function NavLink(props: NavLinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  if (import.meta.env.SSR && writesItself(props)) return <PlainNavLink {...props} />;
  return <RouterNavLink {...props} />;
}

/**
 * A target React Router resolves to itself: an absolute path with no `.` or `..` segment, nothing to resolve, prefetch
 * or mask.
 */
function writesItself({
  to,
  relative,
  prefetch,
  discover,
  mask,
}: Pick<LinkProps, "to" | "relative" | "prefetch" | "discover" | "mask">): boolean {
  return (
    typeof to === "string" &&
    to.startsWith("/") &&
    !to.startsWith("//") &&
    !/\/\.{1,2}(?:[/?#]|$)/.test(to.split(/[?#]/, 1)[0]!) &&
    !/[?#]$/.test(to) &&
    relative === undefined &&
    (prefetch === undefined || prefetch === "none") &&
    (discover === undefined || discover === "render") &&
    mask === undefined
  );
}

/** React Router's `<a>` for such a target: its other props, the path as `href`, `target`, and `data-discover`. */
function PlainLink({
  to,
  target,
  onClick: _onClick,
  discover: _discover,
  prefetch: _prefetch,
  relative: _relative,
  reloadDocument: _reloadDocument,
  replace: _replace,
  mask: _mask,
  state: _state,
  preventScrollReset: _preventScrollReset,
  viewTransition: _viewTransition,
  defaultShouldRevalidate: _defaultShouldRevalidate,
  ref: _ref,
  ...rest
}: LinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  return <a {...rest} href={to as string} target={target} data-discover="true" />;
}

/** A target's path as React Router reads it, worked out once per target (the pages' links are a fixed few). */
const pathnames = isolateMemory<string, string>({
  name: "links' target paths",
  maxEntries: 500,
  ttl: "the isolate's life",
});
function targetPathname(to: string): string {
  return pathnames.get(to) ?? pathnames.keep(to, new URL(to.replace(/ $/, "%20"), "http://localhost").pathname);
}

/**
 * React Router's `NavLink` for such a target: active when the location is the path or below it (`end`: the path only).
 */
function PlainNavLink({
  "aria-current": ariaCurrentProp = "page",
  caseSensitive = false,
  className: classNameProp = "",
  end = false,
  style: styleProp,
  to,
  children,
  ...rest
}: NavLinkProps & { ref?: React.Ref<HTMLAnchorElement> }) {
  let locationPathname = useLocation().pathname;
  let toPathname = targetPathname(to as string);
  if (!caseSensitive) {
    locationPathname = locationPathname.toLowerCase();
    toPathname = toPathname.toLowerCase();
  }
  const endSlashPosition = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === "/");
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  const className =
    typeof classNameProp === "function"
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? "active" : null].filter(Boolean).join(" ");
  const style = typeof styleProp === "function" ? styleProp(renderProps) : styleProp;
  return (
    <PlainLink
      {...rest}
      aria-current={isActive ? ariaCurrentProp : undefined}
      className={className}
      style={style}
      to={to}
    >
      {typeof children === "function" ? children(renderProps) : children}
    </PlainLink>
  );
}
