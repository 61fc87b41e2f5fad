/**
 * Tells the store's other tabs that the shared state (cart count, consent, signed-in customer) changed; each then
 * reads its own from the server (docs/decisions/0028). Browsers without BroadcastChannel simply do not sync.
 */
type Shared = { cartCount: number; customerName: string | null; consent: { ads: boolean; analytics: boolean } | null };

/** The shared state as one comparable value. */
export function sharedState({ cartCount, customerName, consent }: Shared) {
  return JSON.stringify([cartCount, customerName, consent?.ads ?? null, consent?.analytics ?? null]);
}

// One channel per tab, for sending and hearing: a channel never hears its own messages, so a tab never hears itself.
let channel: BroadcastChannel | null = null;
const tabChannel = () =>
  (channel ??= typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("storefront-state"));

export function announceChange(state: string) {
  tabChannel()?.postMessage(state);
}

/** Calls the listener with the state another tab announced. */
export function onOtherTabChange(listener: (state: string) => void): () => void {
  const tab = tabChannel();
  if (!tab) return () => undefined;
  const onMessage = (event: MessageEvent) => typeof event.data === "string" && listener(event.data);
  tab.addEventListener("message", onMessage);
  return () => tab.removeEventListener("message", onMessage);
}
