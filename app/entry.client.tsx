import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { initClientI18n } from "./lib/i18n/client";
import { LiveTranslationsProvider } from "./lib/i18n/translations";
import { keepLanding, rememberViewport } from "./lib/marketing/landing.client";

// Before the router reads the address: the page was rendered for the URL without marketing parameters.
keepLanding();
rememberViewport();

void initClientI18n(document.documentElement.dataset.locale ?? document.documentElement.lang).then(
  ({ first, whole }) => {
    startTransition(() => {
      hydrateRoot(
        document,
        <LiveTranslationsProvider first={first} whole={whole}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </LiveTranslationsProvider>,
      );
    });
  },
);
