/**
 * The doors behind unsubscribe links, which work without a session (their signed token
 * authorises them, unsubscribe-tokens.ts). A notification mail's link turns its channel off,
 * unless the channel was turned on again since that mail. A confirmation mail's link stops every
 * mail to the address, whoever asks (mail_suppressions), and turns its channels off; its owner
 * can allow mail again from the same link.
 */
import type { Db } from "../../../../db/client.ts";
import { isSuppressed, liftSuppression, suppress } from "../../../../db/repositories/mail-suppression-repository.ts";
import { disableChannelsOfAddress, findChannel, unsubscribeChannel } from "../../../../db/repositories/notification-channel-repository.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { TokenSigner } from "../../lib/signed-token.ts";
import { addressHash } from "./send-limits.ts";
import { readUnsubscribeToken, type UnsubscribeTarget } from "./unsubscribe-tokens.ts";

export type UnsubscribeLink =
  | { kind: "channel"; email: string | null; off: boolean }
  | { kind: "address"; email: string; suppressed: boolean };

const invalidLink = () => badRequest("This unsubscribe link is not valid: open the whole link from the mail");
const goneChannel = () => notFound("This address is no longer in any account's notifications");
const olderMail = () => conflict("This unsubscribe link is from an older mail: the address was turned on again since. Use the link in a newer mail, or the notification settings");

function targetOf(signer: TokenSigner, token: string | undefined): UnsubscribeTarget {
  const target = readUnsubscribeToken(signer, token);
  if (!target) throw invalidLink();
  return target;
}

/** What the link would do, changing nothing (the page its GET shows). */
export async function inspectUnsubscribeLink(db: Db, signer: TokenSigner, token: string | undefined): Promise<UnsubscribeLink> {
  const target = targetOf(signer, token);
  if (target.kind === "address") return { kind: "address", email: target.email, suppressed: await isSuppressed(db, addressHash(target.email)) };
  const channel = await findChannel(db, target.channelId, null);
  if (!channel) throw goneChannel();
  if (channel.unsubscribeGeneration !== target.generation) throw olderMail();
  return { kind: "channel", email: channel.email, off: channel.disabledAt !== null };
}

/** One-click unsubscribe (RFC 8058's POST): the address named by the link receives no more mail. */
export async function unsubscribe(db: Db, signer: TokenSigner, token: string | undefined): Promise<{ email: string | null; kind: UnsubscribeTarget["kind"] }> {
  const target = targetOf(signer, token);
  if (target.kind === "address") {
    await suppress(db, addressHash(target.email));
    await disableChannelsOfAddress(db, target.email, new Date());
    return { email: target.email, kind: "address" };
  }
  const channel = await unsubscribeChannel(db, target.channelId, target.generation, new Date());
  if (channel) return { email: channel.email, kind: "channel" };
  throw (await findChannel(db, target.channelId, null)) ? olderMail() : goneChannel();
}

/** Allows mail to the address again (only a confirmation mail's link, which its owner received, can). */
export async function allowMailAgain(db: Db, signer: TokenSigner, token: string | undefined): Promise<{ email: string }> {
  const target = targetOf(signer, token);
  if (target.kind !== "address") throw badRequest("This link cannot allow mail again: turn the address on in the notification settings");
  await liftSuppression(db, addressHash(target.email));
  return { email: target.email };
}
