/** The accounts' e-mails, in each shop language. `{name}` is the first name, `{link}` the page to open. */
type Texts = { subject: string; body: string };

export const PASSWORD_RESET: Record<string, Texts> = {
  pl: {
    subject: "Ustaw nowe hasło",
    body: "Cześć {name},\n\nktoś (mamy nadzieję, że Ty) poprosił o nowe hasło do Twojego konta. Otwórz ten link w ciągu godziny, aby je ustawić:\n{link}\n\nLink działa tylko raz. Jeśli to nie Ty, zignoruj tę wiadomość: Twoje hasło się nie zmieni.",
  },
  es: {
    subject: "Elige una contraseña nueva",
    body: "Hola {name}:\n\nAlguien (esperamos que tú) ha pedido una contraseña nueva para tu cuenta. Abre este enlace en la próxima hora para elegirla:\n{link}\n\nEl enlace solo sirve una vez. Si no has sido tú, ignora este mensaje: tu contraseña no cambiará.",
  },
  it: {
    subject: "Scegli una nuova password",
    body: "Ciao {name},\n\nqualcuno (speriamo tu) ha chiesto una nuova password per il tuo account. Apri questo link entro un'ora per sceglierla:\n{link}\n\nIl link funziona una sola volta. Se non sei stato tu, ignora questo messaggio: la tua password non cambierà.",
  },
  da: {
    subject: "Vælg en ny adgangskode",
    body: "Hej {name}\n\nNogen (forhåbentlig dig) har bedt om en ny adgangskode til din konto. Åbn linket inden for en time for at vælge den:\n{link}\n\nLinket virker kun én gang. Hvis det ikke var dig, kan du se bort fra beskeden: din adgangskode ændres ikke.",
  },
  fr: {
    subject: "Choisissez un nouveau mot de passe",
    body: "Bonjour {name},\n\nQuelqu'un (vous, nous l'espérons) a demandé un nouveau mot de passe pour votre compte. Ouvrez ce lien dans l'heure pour le choisir :\n{link}\n\nLe lien ne sert qu'une fois. Si ce n'était pas vous, ignorez ce message : votre mot de passe ne changera pas.",
  },
  pt: {
    subject: "Escolha uma nova palavra-passe",
    body: "Olá {name},\n\nAlguém (esperamos que tenha sido você) pediu uma nova palavra-passe para a sua conta. Abra esta ligação na próxima hora para a escolher:\n{link}\n\nA ligação só funciona uma vez. Se não foi você, ignore esta mensagem: a sua palavra-passe não muda.",
  },
  cs: {
    subject: "Zvolte si nové heslo",
    body: "Dobrý den, {name},\n\nněkdo (doufáme, že vy) požádal o nové heslo k vašemu účtu. Otevřete tento odkaz do jedné hodiny a heslo si zvolte:\n{link}\n\nOdkaz funguje jen jednou. Pokud jste to nebyli vy, zprávu ignorujte: vaše heslo se nezmění.",
  },
  en: {
    subject: "Choose a new password",
    body: "Hi {name},\n\nSomeone (we hope you) asked for a new password for your account. Open this link within the hour to choose it:\n{link}\n\nThe link works once. If this wasn't you, ignore this message: your password stays as it is.",
  },
};

export const PASSWORD_CHANGED: Record<string, Texts> = {
  pl: {
    subject: "Twoje hasło zostało zmienione",
    body: "Cześć {name},\n\nhasło do Twojego konta zostało właśnie zmienione, a inne urządzenia zostały wylogowane. Jeśli to nie Ty, ustaw nowe hasło tutaj:\n{link}",
  },
  es: {
    subject: "Tu contraseña ha cambiado",
    body: "Hola {name}:\n\nLa contraseña de tu cuenta acaba de cambiar y se ha cerrado la sesión en tus otros dispositivos. Si no has sido tú, elige una nueva aquí:\n{link}",
  },
  it: {
    subject: "La tua password è stata cambiata",
    body: "Ciao {name},\n\nla password del tuo account è appena stata cambiata e gli altri dispositivi sono stati disconnessi. Se non sei stato tu, scegline una nuova qui:\n{link}",
  },
  da: {
    subject: "Din adgangskode er ændret",
    body: "Hej {name}\n\nAdgangskoden til din konto er netop ændret, og dine andre enheder er logget ud. Hvis det ikke var dig, så vælg en ny her:\n{link}",
  },
  fr: {
    subject: "Votre mot de passe a été modifié",
    body: "Bonjour {name},\n\nLe mot de passe de votre compte vient d'être modifié et vos autres appareils ont été déconnectés. Si ce n'était pas vous, choisissez-en un nouveau ici :\n{link}",
  },
  pt: {
    subject: "A sua palavra-passe foi alterada",
    body: "Olá {name},\n\nA palavra-passe da sua conta acabou de ser alterada e os outros dispositivos terminaram a sessão. Se não foi você, escolha uma nova aqui:\n{link}",
  },
  cs: {
    subject: "Vaše heslo bylo změněno",
    body: "Dobrý den, {name},\n\nheslo k vašemu účtu bylo právě změněno a ostatní zařízení byla odhlášena. Pokud jste to nebyli vy, zvolte si nové zde:\n{link}",
  },
  en: {
    subject: "Your password was changed",
    body: "Hi {name},\n\nThe password of your account was just changed and your other devices were signed out. If this wasn't you, choose a new one here:\n{link}",
  },
};
