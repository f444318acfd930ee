/**
 * The tokens of the one-click unsubscribe links every mail carries (RFC 8058), signed with a key
 * derived from APP_SECRET (lib/signed-token.ts), so they need no storage:
 * - a notification mail's token names its channel and the channel's unsubscribe generation
 *   (`channel:<id>:<generation>`): turning the channel on again starts a new generation, so the
 *   link of an older mail cannot turn it off again. Tokens made before generations existed
 *   (`channel:<id>`) count as generation 0.
 * - a confirmation mail's token names the address itself (`address:<base64url of the address>`):
 *   the address has not confirmed, may belong to someone who never asked for anything, and its
 *   channel may be gone by the time the link is used. It stops every mail to the address
 *   (mail_suppressions), whoever asks for one.
 */
import type { TokenSigner } from "../../lib/signed-token.ts";

const CHANNEL_PURPOSE = "notifications-unsubscribe";
const ADDRESS_PURPOSE = "mail-address-stop";

export type UnsubscribeTarget =
  | { kind: "channel"; channelId: number; generation: number }
  | { kind: "address"; email: string };

export const channelUnsubscribeToken = (signer: TokenSigner, channel: { id: number; unsubscribeGeneration: number }) =>
  signer.sign(CHANNEL_PURPOSE, `channel:${channel.id}:${channel.unsubscribeGeneration}`);

export const addressUnsubscribeToken = (signer: TokenSigner, email: string) =>
  signer.sign(ADDRESS_PURPOSE, `address:${Buffer.from(email.toLowerCase(), "utf8").toString("base64url")}`);

/** What an unsubscribe token is for, or null when it is not one of ours (altered, cut, forged). */
export function readUnsubscribeToken(signer: TokenSigner, token: string | undefined): UnsubscribeTarget | null {
  if (!token) return null;
  const channel = signer.verify(CHANNEL_PURPOSE, token);
  const c = channel ? /^channel:([1-9]\d{0,9})(?::(0|[1-9]\d{0,9}))?$/.exec(channel) : null;
  if (c) return { kind: "channel", channelId: Number(c[1]), generation: Number(c[2] ?? 0) };
  const address = signer.verify(ADDRESS_PURPOSE, token);
  const a = address ? /^address:([A-Za-z0-9_-]{1,400})$/.exec(address) : null;
  if (!a) return null;
  const email = Buffer.from(a[1]!, "base64url").toString("utf8");
  return email.includes("@") ? { kind: "address", email } : null;
}
