import { Form } from "react-router";
import { Link } from "~/components/link";
import type { SavedDesign } from "@contract/api/saved-designs";
import type { FormRefusal } from "~/lib/forms/form-refusal";
import { savedDesignPath } from "~/lib/saved-designs/design-path";
import { SubmitButton, TextField } from "../form/fields";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { dateTimeFormat } from "@contract/rules/intl-formats";
import { useShell } from "../use-shell";

/**
 * A saved design: its picture, name (a link to its page), product, who saved it and when it last changed; what may be
 * done with it below.
 */
export function DesignTile({
  design,
  showAuthor,
  children,
}: {
  design: SavedDesign;
  showAuthor: boolean;
  children?: React.ReactNode;
}) {
  const { t, locale, to } = useShell();
  const changed = dateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(design.updatedAt),
  );
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface"
      data-testid="saved-design"
    >
      <img
        src={design.image}
        alt=""
        width={400}
        height={400}
        loading="lazy"
        decoding="async"
        className="aspect-square w-full bg-page object-cover"
      />
      <div className="flex grow flex-col gap-1 p-3">
        <h2 className="font-bold">
          <Link
            to={to(savedDesignPath(design))}
            className="text-ink underline-offset-4 hover:text-brand-strong hover:underline"
            data-testid="design-page-link"
          >
            {design.name}
          </Link>
        </h2>
        <p className="text-sm text-muted">{t("savedDesigns.product", { article: design.articleName })}</p>
        <p className="text-sm text-muted">{t("savedDesigns.lastChange", { date: changed })}</p>
        {showAuthor ? (
          <p className="text-sm text-muted">{t("savedDesigns.savedBy", { name: design.savedBy.name })}</p>
        ) : null}
        <p className="text-sm">
          <span className="text-muted">{t("savedDesigns.scope")}:</span> {t(`savedDesigns.scopes.${design.scope}`)}
        </p>
        <div className="mt-auto space-y-2 pt-2">{children}</div>
      </div>
    </article>
  );
}

/** Deleting needs a second click in an opened panel (no script needed): a design is gone for good. */
export function DeleteDesign({ design, busy }: { design: SavedDesign; busy: boolean }) {
  const { t } = useShell();
  return (
    <details className="group">
      <summary
        className="button-secondary cursor-pointer list-none"
        aria-label={t("savedDesigns.deleteLabel", { name: design.name })}
      >
        {t("savedDesigns.delete")}
      </summary>
      <Form method="post" className="mt-2 rounded-card border-2 border-red-700 p-3">
        <p className="font-semibold">{t("savedDesigns.confirmDelete", { name: design.name })}</p>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="designId" value={design.id} />
        <button
          type="submit"
          disabled={busy}
          className="button mt-2 bg-red-800 text-white hover:bg-red-900"
          data-testid="confirm-delete"
        >
          {t("savedDesigns.confirmDeleteButton")}
        </button>
      </Form>
    </details>
  );
}

/**
 * A design the account made in the creator: open it there again, rename it (an inline form, shown open with its error
 * after a refused name), or copy it. Each is a plain form post; no script needed.
 */
export function CreatorDesignActions({
  design,
  busy,
  refusal,
}: {
  design: SavedDesign;
  busy: boolean;
  refusal: FormRefusal | undefined;
}) {
  const { t, to } = useShell();
  const refused = refusal?.values.designId === design.id && refusal.values.intent === "rename" ? refusal : undefined;
  const form = `rename-${design.id}`;
  return (
    <>
      <Link
        to={to(`/create/${design.articleId}?design=${encodeURIComponent(design.id)}`)}
        className="button-primary block text-center"
        data-testid="open-in-creator"
      >
        {t("savedDesigns.open")}
      </Link>
      <details className="group" open={!!refused}>
        <summary
          className="button-secondary cursor-pointer list-none"
          aria-label={t("savedDesigns.renameLabel", { name: design.name })}
        >
          {t("savedDesigns.rename")}
        </summary>
        <Form method="post" className="mt-2 space-y-2" data-testid="rename-design">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="designId" value={design.id} />
          <TextField
            form={form}
            name="name"
            label={t("savedDesigns.newName")}
            defaultValue={refused?.values.name ?? design.name}
            error={refused?.fieldErrors.name}
            required
          />
          <SubmitButton busy={busy} className="w-full">
            {t("savedDesigns.saveName")}
          </SubmitButton>
        </Form>
      </details>
      <Form method="post">
        <input type="hidden" name="intent" value="duplicate" />
        <input type="hidden" name="designId" value={design.id} />
        <button
          type="submit"
          disabled={busy}
          className="button-secondary w-full"
          aria-label={t("savedDesigns.duplicateLabel", { name: design.name })}
          data-testid="duplicate-design"
        >
          {t("savedDesigns.duplicate")}
        </button>
      </Form>
    </>
  );
}
