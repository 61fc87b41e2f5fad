/**
 * Tells the store's other tabs that the shared state (cart count, consent, signed-in customer) changed; each then
 * reads its own from the server (docs/decisions/0028). Browsers without BroadcastChannel simply do not sync.
 */
const CHANNEL = "storefront-state";

export function announceChange() {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage("changed");
  channel.close();
}

export function onOtherTabChange(listener: () => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => listener();
  return () => channel.close();
}
