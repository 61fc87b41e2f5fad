import type { creatorPage } from "~/lib/creator/creator-page.server";

/** What the creator's page loads (its route's loader), shared by the page and the editor it imports after hydration. */
export type CreatorData = NonNullable<Awaited<ReturnType<typeof creatorPage>>>;

export type EditorProps = { data: CreatorData; onDesignSaved: (id: string) => void };
