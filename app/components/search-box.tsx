import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { useShell } from "./use-shell";

type Suggestion = { kind: string; name: string; image: string | null; href: string };

const DEBOUNCE_MS = 200;

/**
 * The header search: a plain GET form to /search (works without JavaScript), with suggestions as the shopper types:
 * debounced, stale requests cancelled, and a listbox navigable with the arrow keys, Enter and Escape.
 */
export function SearchBox() {
  const { t, to } = useShell();
  const navigate = useNavigate();
  const id = useId();
  const [query, setQuery] = useState("");
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  // The highlighted suggestion, by its link: a fresher answer that still holds it keeps it highlighted.
  const [activeHref, setActiveHref] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Drops any pending or in-flight suggestions: they must not open over the page the shopper went to. */
  const cancelSuggestions = () => {
    clearTimeout(timer.current);
    request.current?.abort();
    setSuggestions([]);
    setOpen(false);
  };

  useEffect(() => {
    const text = query.trim();
    if (text.length < 2) {
      request.current?.abort();
      setSuggestions((current) => (current.length ? [] : current));
      return;
    }
    timer.current = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      fetch(`${to("/api/search/suggest")}?query=${encodeURIComponent(text)}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : { items: [] }))
        .then((data) => {
          setSuggestions((data as { items: Suggestion[] }).items);
          setOpen(true);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [query, to]);

  const listId = `${id}-suggestions`;
  const expanded = open && suggestions.length > 0;
  const active = suggestions.findIndex((suggestion) => suggestion.href === activeHref);
  const highlight = (index: number) => setActiveHref(suggestions[index]?.href ?? null);
  return (
    <Form
      method="get"
      action={to("/search")}
      role="search"
      className="relative w-full"
      onSubmit={cancelSuggestions}
      aria-label={t("search.label")}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        {t("search.label")}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        name="query"
        required
        autoComplete="off"
        value={query}
        placeholder={t("search.placeholder")}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => setQuery(event.target.value)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (!expanded) return;
          if (event.key === "ArrowDown") {
            event.preventDefault();
            highlight((active + 1) % suggestions.length);
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            highlight(active <= 0 ? suggestions.length - 1 : active - 1);
          } else if (event.key === "Escape") {
            setOpen(false);
          } else if (event.key === "Enter" && active >= 0) {
            event.preventDefault();
            const target = suggestions[active]!.href;
            cancelSuggestions();
            void navigate(target);
          }
        }}
        className="min-h-11 w-full rounded-button border-2 border-line bg-surface px-3 pr-11"
      />
      <button
        type="submit"
        className="absolute right-1 top-1 flex h-9 w-9 items-center justify-center rounded-button text-muted hover:text-brand"
        aria-label={t("search.submit")}
      >
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-4-4" />
        </svg>
      </button>
      <ul
        id={listId}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA combobox pattern: the focus stays in the input, which points at the option (aria-activedescendant)
        role="listbox"
        aria-label={t("search.suggestions")}
        hidden={!expanded}
        className="absolute left-0 right-0 z-40 mt-1 max-h-96 overflow-auto rounded-card border border-line bg-surface p-1 shadow-xl"
      >
        {suggestions.map((suggestion, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: the WAI-ARIA combobox pattern: the focus stays in the input, which points at the option (aria-activedescendant)
          <li
            key={suggestion.href}
            id={`${listId}-${index}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA combobox pattern: the focus stays in the input, which points at the option (aria-activedescendant)
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              cancelSuggestions();
              void navigate(suggestion.href);
            }}
            className="flex cursor-pointer items-center gap-3 rounded-button px-2 py-2 aria-selected:bg-brand-soft"
          >
            {suggestion.image ? (
              <img src={suggestion.image} alt="" width={32} height={32} className="h-8 w-8" />
            ) : (
              <span className="h-8 w-8" />
            )}
            <span className="grow">{suggestion.name}</span>
            <span className="text-xs text-muted">{t(`search.kinds.${suggestion.kind}`)}</span>
          </li>
        ))}
      </ul>
    </Form>
  );
}
