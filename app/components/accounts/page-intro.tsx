import type { FormRefusal } from "~/lib/forms/form-refusal";
import { FormAlert } from "../form/fields";
import { useShell } from "../use-shell";

/**
 * An account page's heading and intro, the notice of a change just made (`?done=`, unless a refusal followed), or a
 * refusal to show here.
 */
export function AccountPageIntro({
  title,
  intro,
  notice,
  refusal,
  form = "page",
}: {
  title: string;
  intro: string;
  notice?: string | null;
  refusal?: FormRefusal;
  form?: string;
}) {
  const { t } = useShell();
  return (
    <div>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-muted">{t(intro)}</p>
      {notice && !refusal ? (
        <p role="status" className="mt-4 rounded-card bg-brand-soft p-4 font-semibold" data-testid="page-notice">
          {t(notice)}
        </p>
      ) : null}
      <FormAlert form={form} refusal={refusal} />
    </div>
  );
}
