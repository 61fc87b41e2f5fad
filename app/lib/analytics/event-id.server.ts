import type { Interaction } from "./messages";

/**
 * The same event id for the same fact (a cart's checkout begun, an order's purchase): a reload or a second tab sends
 * an event the consumer ignores by its id, so the fact is counted once. A UUID (version 8) of the fact's SHA-256.
 */
export async function eventIdFor(name: Interaction, key: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${name}:${key}`))).slice(
    0,
    16,
  );
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = [...hash].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
