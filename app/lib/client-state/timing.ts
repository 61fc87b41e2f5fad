/** The spec's client timings (section 9), in milliseconds. */
/** The session (the root's data: cart count, signed-in customer, consent) is read again every 24 hours... */
export const SESSION_REFRESH_MS = 24 * 60 * 60 * 1000;
/** ...and when the window gets focus, at most once a minute (switching windows back and forth is not news). */
export const FOCUS_REFRESH_MIN_MS = 60 * 1000;
/** The bootstrap config is read at most once an hour. */
export const BOOTSTRAP_MAX_AGE_MS = 3_600_000;
/** An icon source that has not answered within this is passed over for the next. */
export const ICON_TIMEOUT_MS = 1500;
/** The page reload guard: a tab never reloads itself twice within this (a stale edge copy could loop it otherwise). */
export const RELOAD_GUARD_MS = 10_000;
/**
 * A page that sends a visitor off-site to sign in waits this long for the browser to leave before it says it did not.
 */
export const EXTERNAL_REDIRECT_WAIT_MS = 60_000;
