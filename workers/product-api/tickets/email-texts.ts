import type { Locale } from "@contract/locales/locales";

/**
 * The support e-mails' sentences in each shop language. `{id}` is the ticket number, `{name}` the sender, `{subject}`
 * the ticket's subject, `{link}` a page of the shop.
 */
export type TicketEmailTexts = {
  createdSubject: string;
  greeting: string;
  received: string;
  followOnline: string;
  answerByEmail: string;
  yourMessage: string;
  replySubject: string;
  replied: string;
  readOnline: string;
  ourAnswer: string;
  writeAgain: string;
  regards: string;
};

export const TICKET_EMAILS: Record<Locale, TicketEmailTexts> = {
  pl: {
    createdSubject: "Otrzymaliśmy Twoje zgłoszenie {id}",
    greeting: "Dzień dobry {name},",
    received:
      "dziękujemy za wiadomość. Twoje zgłoszenie ma numer {id}, a nasz dział obsługi klienta odpowie najszybciej, jak to możliwe.",
    followOnline: "Rozmowę możesz śledzić i odpowiadać na nią tutaj:\n{link}",
    answerByEmail: "Odpowiemy na ten adres e-mail. Jeśli napiszesz do nas ponownie, podaj numer {id}.",
    yourMessage: "Twoja wiadomość:",
    replySubject: "Odpowiedzieliśmy na Twoje zgłoszenie {id}",
    replied: "nasz dział obsługi klienta odpowiedział na Twoje zgłoszenie {id} ({subject}).",
    readOnline: "Przeczytaj odpowiedź i odpisz tutaj:\n{link}",
    ourAnswer: "Nasza odpowiedź:",
    writeAgain: "Jeśli potrzebujesz czegoś jeszcze, napisz do nas przez formularz kontaktowy:\n{link}",
    regards: "Pozdrawiamy",
  },
  es: {
    createdSubject: "Hemos recibido tu consulta {id}",
    greeting: "Hola, {name}:",
    received:
      "Gracias por escribirnos. Tu consulta tiene el número {id} y nuestro equipo de atención al cliente te responderá lo antes posible.",
    followOnline: "Puedes seguir la conversación y responder aquí:\n{link}",
    answerByEmail:
      "Te responderemos a esta dirección de correo electrónico. Si vuelves a escribirnos, indica el número {id}.",
    yourMessage: "Tu mensaje:",
    replySubject: "Hemos respondido a tu consulta {id}",
    replied: "Nuestro equipo de atención al cliente ha respondido a tu consulta {id} ({subject}).",
    readOnline: "Lee la respuesta y contesta aquí:\n{link}",
    ourAnswer: "Nuestra respuesta:",
    writeAgain: "Si necesitas algo más, escríbenos desde el formulario de contacto:\n{link}",
    regards: "Un saludo,",
  },
  it: {
    createdSubject: "Abbiamo ricevuto la tua richiesta {id}",
    greeting: "Ciao {name},",
    received:
      "grazie per averci scritto. La tua richiesta ha il numero {id} e il nostro servizio clienti ti risponderà il prima possibile.",
    followOnline: "Puoi seguire la conversazione e rispondere qui:\n{link}",
    answerByEmail: "Ti risponderemo a questo indirizzo e-mail. Se ci scrivi di nuovo, indica il numero {id}.",
    yourMessage: "Il tuo messaggio:",
    replySubject: "Abbiamo risposto alla tua richiesta {id}",
    replied: "il nostro servizio clienti ha risposto alla tua richiesta {id} ({subject}).",
    readOnline: "Leggi la risposta e rispondi qui:\n{link}",
    ourAnswer: "La nostra risposta:",
    writeAgain: "Se ti serve altro, scrivici tramite il modulo di contatto:\n{link}",
    regards: "Cordiali saluti,",
  },
  da: {
    createdSubject: "Vi har modtaget din henvendelse {id}",
    greeting: "Hej {name}",
    received:
      "Tak for din besked. Din henvendelse har nummer {id}, og vores kundeservice svarer dig så hurtigt som muligt.",
    followOnline: "Du kan følge samtalen og svare her:\n{link}",
    answerByEmail: "Vi svarer dig på denne e-mailadresse. Oplys nummer {id}, hvis du skriver til os igen.",
    yourMessage: "Din besked:",
    replySubject: "Vi har svaret på din henvendelse {id}",
    replied: "Vores kundeservice har svaret på din henvendelse {id} ({subject}).",
    readOnline: "Læs svaret, og svar her:\n{link}",
    ourAnswer: "Vores svar:",
    writeAgain: "Har du brug for mere hjælp, så skriv til os via kontaktformularen:\n{link}",
    regards: "Venlig hilsen",
  },
  fr: {
    createdSubject: "Nous avons bien reçu votre demande {id}",
    greeting: "Bonjour {name},",
    received:
      "Merci de nous avoir écrit. Votre demande porte le numéro {id} et notre service client vous répondra dans les meilleurs délais.",
    followOnline: "Vous pouvez suivre la conversation et répondre ici :\n{link}",
    answerByEmail:
      "Nous vous répondrons à cette adresse e-mail. Si vous nous écrivez à nouveau, indiquez le numéro {id}.",
    yourMessage: "Votre message :",
    replySubject: "Nous avons répondu à votre demande {id}",
    replied: "Notre service client a répondu à votre demande {id} ({subject}).",
    readOnline: "Lisez la réponse et répondez ici :\n{link}",
    ourAnswer: "Notre réponse :",
    writeAgain: "Si vous avez besoin d'autre chose, écrivez-nous via le formulaire de contact :\n{link}",
    regards: "Cordialement,",
  },
  pt: {
    createdSubject: "Recebemos o seu pedido de apoio {id}",
    greeting: "Olá, {name},",
    received:
      "Obrigado por nos escrever. O seu pedido de apoio tem o número {id} e a nossa equipa de apoio ao cliente vai responder-lhe o mais depressa possível.",
    followOnline: "Pode acompanhar a conversa e responder aqui:\n{link}",
    answerByEmail: "Vamos responder-lhe para este endereço de e-mail. Se nos voltar a escrever, indique o número {id}.",
    yourMessage: "A sua mensagem:",
    replySubject: "Respondemos ao seu pedido de apoio {id}",
    replied: "A nossa equipa de apoio ao cliente respondeu ao seu pedido de apoio {id} ({subject}).",
    readOnline: "Leia a resposta e responda aqui:\n{link}",
    ourAnswer: "A nossa resposta:",
    writeAgain: "Se precisar de mais alguma coisa, escreva-nos através do formulário de contacto:\n{link}",
    regards: "Com os melhores cumprimentos,",
  },
  cs: {
    createdSubject: "Váš dotaz {id} jsme přijali",
    greeting: "Dobrý den, {name},",
    received: "děkujeme za vaši zprávu. Váš dotaz má číslo {id} a náš zákaznický servis vám odpoví co nejdříve.",
    followOnline: "Konverzaci můžete sledovat a odpovídat na ni zde:\n{link}",
    answerByEmail: "Odpovíme vám na tuto e-mailovou adresu. Pokud nám budete psát znovu, uveďte číslo {id}.",
    yourMessage: "Vaše zpráva:",
    replySubject: "Odpověděli jsme na váš dotaz {id}",
    replied: "náš zákaznický servis odpověděl na váš dotaz {id} ({subject}).",
    readOnline: "Odpověď si přečtěte a odpovězte zde:\n{link}",
    ourAnswer: "Naše odpověď:",
    writeAgain: "Pokud potřebujete ještě něco, napište nám přes kontaktní formulář:\n{link}",
    regards: "S pozdravem",
  },
  en: {
    createdSubject: "We have received your request {id}",
    greeting: "Hello {name},",
    received:
      "Thank you for writing to us. Your request has the number {id} and our support team will answer as soon as possible.",
    followOnline: "You can follow the conversation and reply here:\n{link}",
    answerByEmail: "We will answer at this e-mail address. If you write to us again, please quote the number {id}.",
    yourMessage: "Your message:",
    replySubject: "We have answered your request {id}",
    replied: "Our support team has answered your request {id} ({subject}).",
    readOnline: "Read the answer and reply here:\n{link}",
    ourAnswer: "Our answer:",
    writeAgain: "If you need anything else, write to us through the contact form:\n{link}",
    regards: "Kind regards,",
  },
};
