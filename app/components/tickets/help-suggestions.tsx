import { useEffect, useRef, useState, type FormEvent } from "react";
import { useShell } from "../use-shell";

type Suggestion = { name: string; href: string };

const DEBOUNCE_MS = 400;
const MIN_TEXT = 4;

/**
 * Help-centre topics that match what someone writes to support, fetched (debounced, stale requests cancelled) as they
 * type into the named fields: put `onInput` on the form. Without JavaScript the form works as ever, without them.
 */
export function useHelpSuggestions(fields: readonly string[]) {
  const { to } = useShell();
  const [text, setText] = useState("");
  const [items, setItems] = useState<Suggestion[]>([]);
  const request = useRef<AbortController | null>(null);
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    setText(
      fields
        .map((name) => String(data.get(name) ?? ""))
        .join(" ")
        .trim(),
    );
  };
  useEffect(() => {
    if (text.length < MIN_TEXT) return;
    const timer = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      fetch(`${to("/api/search/suggest")}?kind=help&query=${encodeURIComponent(text.slice(0, 2000))}`, {
        signal: controller.signal,
      })
        .then((response) => (response.ok ? response.json() : { items: [] }))
        .then((data) => setItems((data as { items: Suggestion[] }).items))
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, to]);
  return { onInput, items };
}

/** The suggested topics, announced politely as they change; each opens in a new tab so the message stays as written. */
export function HelpSuggestions({ items }: { items: Suggestion[] }) {
  const { t } = useShell();
  return (
    <aside
      aria-live="polite"
      aria-labelledby={items.length ? "help-suggestions-title" : undefined}
      data-testid="help-suggestions"
    >
      {items.length ? (
        <div className="rounded-card border border-line bg-brand-soft p-4">
          <h2 id="help-suggestions-title" className="font-bold">
            {t("tickets.help.title")}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {items.map((item) => (
              <li key={item.href}>
                <a href={item.href} target="_blank" rel="noopener" className="font-semibold text-brand-strong">
                  {item.name}
                  <span className="sr-only"> {t("tickets.help.newTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </aside>
  );
}
