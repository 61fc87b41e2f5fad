import { ownerKeyPrefix } from "@contract/api/uploads";
/**
 * Who owns an upload, as the storefront names it (never the browser): `account:{id}` for a signed-in customer,
 * `session:{ext_session_id}` for the visitor's session. A file is stored under its first owner's key and read under any
 * of the reader's: a customer reads what they uploaded signed in and, in the same session, before signing in.
 * An order keeps its own copy of its designs' files (`order:{public_id}`): it only ever reads, through storefront
 * routes that checked the reader may see the order.
 */
export const OWNERS_HEADER = "x-upload-owners";
const OWNER = /^(account|session):[A-Za-z0-9_-]{1,100}$/;
const READER = /^(account|session|order):[A-Za-z0-9_-]{1,100}$/;

export type Owner = {
  kind: "account" | "session" | "order";
  /** The R2 key prefix of its files: a hash, so keys do not reveal session ids. */
  prefix: string;
  /** The R2 key prefix of its uploads in parts under way (kept apart, so they count in no listing of its files). */
  partsPrefix: string;
};

/**
 * The owners named in the header that may store and change files (an account, a session), at most two; [] when none is
 * valid.
 */
export function ownersOf(header: string | undefined): Promise<Owner[]> {
  return named(header, OWNER);
}

/** Who may read a file: the owners, or an order (its copy). */
export function readersOf(header: string | undefined): Promise<Owner[]> {
  return named(header, READER);
}

/** The order's own owner, which keeps copies of the files it uses. */
export async function orderOwner(publicId: string): Promise<Owner> {
  const [owner] = await named(`order:${publicId}`, READER);
  if (!owner) throw new Error(`Not an order's public id: ${publicId}`);
  return owner;
}

async function named(header: string | undefined, pattern: RegExp): Promise<Owner[]> {
  const owners = (header ?? "")
    .split(",")
    .map((owner) => owner.trim())
    .filter((owner) => pattern.test(owner))
    .slice(0, 2);
  return Promise.all(
    owners.map(async (owner) => {
      const prefix = await ownerKeyPrefix(owner);
      return {
        kind: owner.slice(0, owner.indexOf(":")) as Owner["kind"],
        prefix,
        partsPrefix: prefix.replace(/^owners\//, "parts/"),
      };
    }),
  );
}
