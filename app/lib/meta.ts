import type { MetaDescriptor } from "react-router";
import type { RootData } from "~/root";

type MetaArgs = { loaderData?: unknown; matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> };

/** `{page title} | {brand}` from a loader's translated `title`. */
export function pageMeta({ loaderData, matches }: MetaArgs): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  const title = (loaderData as { title?: string } | undefined)?.title;
  const brand = root?.brand.name ?? "";
  return [{ title: title ? `${title} | ${brand}` : brand }];
}
