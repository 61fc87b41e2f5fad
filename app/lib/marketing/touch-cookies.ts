import { CHANNELS, type Channel } from "@contract/marketing/channels";
import { cleanPath, cleanUtm, decodePairs, encodePairs } from "@contract/marketing/campaign";

/**
 * The `landing` cookie: the page and time of the last landing, and the channel it was (it may rest on ad click ids).
 */
export type LandingTouch = { path: string; at: Date; channel: Channel };
/** The `first_touch` cookie: the first landing's page, time, channel and campaign words. */
export type FirstTouch = LandingTouch & { source: string | null; medium: string | null; campaign: string | null };

const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

export function encodeLanding(touch: LandingTouch): string {
  return encodePairs({ path: touch.path, at: seconds(touch.at), channel: touch.channel });
}

export function encodeFirstTouch(touch: FirstTouch): string {
  return encodePairs({
    path: touch.path,
    at: seconds(touch.at),
    channel: touch.channel,
    source: touch.source ?? undefined,
    medium: touch.medium ?? undefined,
    campaign: touch.campaign ?? undefined,
  });
}

/** A landing cookie read back and cleaned again; null when absent or not one of ours. */
export function decodeLanding(cookie: string | null): LandingTouch | null {
  const pairs = decodePairs(cookie);
  const path = pairs.get("path");
  const at = Number(pairs.get("at"));
  const channel = pairs.get("channel") as Channel | null;
  if (!path?.startsWith("/") || !Number.isSafeInteger(at) || at <= 0 || !channel || !CHANNELS.includes(channel))
    return null;
  return { path: cleanPath(path), at: new Date(at * 1000), channel };
}

export function decodeFirstTouch(cookie: string | null): FirstTouch | null {
  const landing = decodeLanding(cookie);
  if (!landing) return null;
  const pairs = decodePairs(cookie);
  return {
    ...landing,
    source: cleanUtm(pairs.get("source")) ?? null,
    medium: cleanUtm(pairs.get("medium")) ?? null,
    campaign: cleanUtm(pairs.get("campaign")) ?? null,
  };
}
