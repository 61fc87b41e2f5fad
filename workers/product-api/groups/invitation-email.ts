import type { Brand } from "@contract/brands/brands";
import { localizePath } from "@contract/locales/paths";
import { INVITATION_TTL_MS } from "../accounts/password-tokens";

/** The staff invitation, in each shop language. Placeholders: {name} {company} {shop} {link} {days}. */
const INVITATION: Record<string, { subject: string; body: string }> = {
  pl: {
    subject: "{company} zaprasza Cię do {shop}",
    body: "Dzień dobry {name},\n\n{company} założył(a) dla Ciebie konto w {shop}. Aby je aktywować, ustaw hasło pod tym linkiem:\n{link}\n\nLink jest ważny przez {days} dni i działa tylko raz. Jeśli nie spodziewasz się tego zaproszenia, zignoruj tę wiadomość.",
  },
  es: {
    subject: "{company} te invita a {shop}",
    body: "Hola, {name}:\n\n{company} te ha creado una cuenta en {shop}. Para activarla, elige tu contraseña en este enlace:\n{link}\n\nEl enlace vale {days} días y solo se puede usar una vez. Si no esperabas esta invitación, ignora este mensaje.",
  },
  it: {
    subject: "{company} ti invita su {shop}",
    body: "Ciao {name},\n\n{company} ha creato per te un account su {shop}. Per attivarlo, scegli la tua password da questo link:\n{link}\n\nIl link è valido per {days} giorni e si può usare una sola volta. Se non ti aspettavi questo invito, ignora questo messaggio.",
  },
  da: {
    subject: "{company} inviterer dig til {shop}",
    body: "Hej {name}\n\n{company} har oprettet en konto til dig hos {shop}. Vælg din adgangskode via dette link for at aktivere den:\n{link}\n\nLinket gælder i {days} dage og kan kun bruges én gang. Hvis du ikke ventede denne invitation, kan du se bort fra beskeden.",
  },
  fr: {
    subject: "{company} vous invite sur {shop}",
    body: "Bonjour {name},\n\n{company} vous a créé un compte sur {shop}. Pour l'activer, choisissez votre mot de passe avec ce lien :\n{link}\n\nLe lien est valable {days} jours et ne sert qu'une fois. Si vous n'attendiez pas cette invitation, ignorez ce message.",
  },
  pt: {
    subject: "{company} convida-o para a {shop}",
    body: "Olá {name},\n\n{company} criou-lhe uma conta na {shop}. Para a ativar, escolha a sua palavra-passe nesta ligação:\n{link}\n\nA ligação é válida durante {days} dias e só pode ser usada uma vez. Se não esperava este convite, ignore esta mensagem.",
  },
  cs: {
    subject: "{company} vás zve do {shop}",
    body: "Dobrý den {name},\n\n{company} pro vás založil(a) účet v {shop}. Aktivujete ho nastavením hesla na tomto odkazu:\n{link}\n\nOdkaz platí {days} dní a lze ho použít jen jednou. Pokud jste pozvánku nečekali, zprávu ignorujte.",
  },
  en: {
    subject: "{company} invites you to {shop}",
    body: "Hello {name},\n\n{company} has created an account for you at {shop}. To activate it, choose your password with this link:\n{link}\n\nThe link works for {days} days and only once. If you were not expecting this invitation, ignore this message.",
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * The invitation of a staff member, in the brand's language, with the link to choose a password
 * (`{site_url}/login/password-reset?token=…`, which turns the invited account active).
 */
export function invitationEmail(
  brand: Brand,
  siteUrl: string,
  token: string,
  staff: { firstName: string },
  company: string,
) {
  const texts = INVITATION[brand.defaultLocale] ?? INVITATION.en!;
  const link = `${siteUrl.replace(/\/$/, "")}${localizePath("/login/password-reset", brand.defaultLocale, brand)}?token=${token}`;
  const values = {
    name: staff.firstName,
    company,
    shop: brand.name,
    link,
    days: String(Math.round(INVITATION_TTL_MS / 86_400_000)),
  };
  return { subject: fill(texts.subject, values), body: fill(texts.body, values) };
}
