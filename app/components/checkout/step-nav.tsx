import { Link } from "~/components/link";
import { CHECKOUT_STEPS } from "@contract/checkout/steps";
import { useShell } from "../use-shell";

/** The four steps; the ones already done are links back (what was entered is kept). */
export function StepNav({ current, completed }: { current: number; completed: number }) {
  const { t, to } = useShell();
  return (
    <nav aria-label={t("checkout.steps")} className="mt-4">
      <ol className="grid grid-cols-4 gap-1 tablet:gap-2">
        {CHECKOUT_STEPS.map((step, index) => {
          const number = index + 1;
          const done = number <= completed;
          const label = (
            <>
              <span
                aria-hidden="true"
                className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${number === current ? "bg-brand text-on-brand" : done ? "bg-brand-soft text-brand" : "border border-line text-muted"}`}
              >
                {done && number !== current ? "✓" : number}
              </span>
              <span className="text-xs tablet:text-base">{t(`checkout.step${number}`)}</span>
              {done && number !== current ? <span className="sr-only"> ({t("checkout.nav.completed")})</span> : null}
            </>
          );
          const box =
            "flex min-h-11 flex-col items-center gap-1 rounded-card p-2 text-center tablet:flex-row tablet:gap-2 tablet:text-left";
          return (
            <li key={step}>
              {number === current ? (
                <span aria-current="step" className={`${box} font-bold text-ink`}>
                  {label}
                </span>
              ) : done || number === completed + 1 ? (
                <Link
                  to={to(`/checkout?step=${number}`)}
                  className={`${box} text-brand underline-offset-2 hover:underline`}
                >
                  {label}
                </Link>
              ) : (
                <span className={`${box} text-muted`}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
