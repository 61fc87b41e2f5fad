/** The newsletter's e-mails, in each shop language. `{link}` is replaced by the action's URL. */
export const NEWSLETTER_CONFIRM: Record<string, { subject: string; body: string }> = {
  pl: {
    subject: "Potwierdź zapis do newslettera",
    body: "Dziękujemy za zapis! Kliknij w link, aby potwierdzić adres e-mail:\n{link}\n\nJeśli to nie Ty, zignoruj tę wiadomość.",
  },
  es: {
    subject: "Confirma tu suscripción a la newsletter",
    body: "¡Gracias por suscribirte! Abre este enlace para confirmar tu correo:\n{link}\n\nSi no has sido tú, ignora este mensaje.",
  },
  it: {
    subject: "Conferma l'iscrizione alla newsletter",
    body: "Grazie per l'iscrizione! Apri questo link per confermare la tua e-mail:\n{link}\n\nSe non sei stato tu, ignora questo messaggio.",
  },
  da: {
    subject: "Bekræft din tilmelding til nyhedsbrevet",
    body: "Tak for din tilmelding! Åbn linket for at bekræfte din e-mail:\n{link}\n\nHvis det ikke var dig, kan du se bort fra denne besked.",
  },
  fr: {
    subject: "Confirmez votre inscription à la newsletter",
    body: "Merci de votre inscription ! Ouvrez ce lien pour confirmer votre adresse e-mail :\n{link}\n\nSi ce n'était pas vous, ignorez ce message.",
  },
  pt: {
    subject: "Confirme a subscrição da newsletter",
    body: "Obrigado pela subscrição! Abra esta ligação para confirmar o seu e-mail:\n{link}\n\nSe não foi você, ignore esta mensagem.",
  },
  cs: {
    subject: "Potvrďte odběr newsletteru",
    body: "Děkujeme za přihlášení! Otevřete tento odkaz a potvrďte svůj e-mail:\n{link}\n\nPokud jste to nebyli vy, zprávu ignorujte.",
  },
  en: {
    subject: "Confirm your newsletter subscription",
    body: "Thanks for subscribing! Open this link to confirm your e-mail address:\n{link}\n\nIf this wasn't you, ignore this message.",
  },
};

export const NEWSLETTER_UNSUBSCRIBE_FOOTER: Record<string, string> = {
  pl: "Wypisz się: {link}",
  es: "Darse de baja: {link}",
  it: "Annulla l'iscrizione: {link}",
  da: "Afmeld: {link}",
  fr: "Se désabonner : {link}",
  pt: "Cancelar subscrição: {link}",
  cs: "Odhlásit odběr: {link}",
  en: "Unsubscribe: {link}",
};
