import type { UploadKind } from "@contract/api/uploads";

/** What R2 keeps beside each file (customMetadata: strings only). */
export type Stored = {
  kind: UploadKind;
  ownerKind: "account" | "session";
  width: string;
  height: string;
  name: string;
  createdAt: string;
  designId: string;
  articleId: string;
  /** The order that uses the file, which keeps it past its session's expiry; "" while none does. */
  keptFor: string;
};
