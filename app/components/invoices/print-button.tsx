import { useEffect, useState } from "react";
import { useShell } from "../use-shell";

/**
 * Opens the browser's print dialog; shown once the page runs JavaScript (without it, the browser's own print does the
 * same).
 */
export function PrintButton() {
  const { t } = useShell();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="button-primary" onClick={() => window.print()}>
      {t("invoices.page.print")}
    </button>
  );
}
