import type { Brand } from "@contract/brands/brands";

/**
 * The demo accounts' people, company, tickets and designs, in each brand's own language (operator/demo-accounts.ts).
 */
type Person = { firstName: string; lastName: string };

export type DemoRole = "customer" | "master" | "staffOrders" | "staffTickets" | "marketing";
const ROLE_EMAIL: Record<DemoRole, string> = {
  customer: "customer",
  master: "master",
  staffOrders: "staff.orders",
  staffTickets: "staff.tickets",
  marketing: "marketing",
};
/** Who signs in as each demo person (README, "Accounts locally"). */
export const demoEmail = (role: DemoRole, brand: Pick<Brand, "slug">) =>
  `${ROLE_EMAIL[role]}.${brand.slug.toLowerCase()}@example.com`;
export type DemoTicket = { subject: string; question: string; answer: string };
type DemoTexts = {
  people: [Person, Person, Person, Person];
  company: string;
  tickets: [DemoTicket, DemoTicket, DemoTicket];
  designs: [string, string, string, string];
};

export const DEMO_TEXTS: Record<string, DemoTexts> = {
  pl: {
    people: [
      { firstName: "Ewa", lastName: "Kowalska" },
      { firstName: "Marek", lastName: "Nowak" },
      { firstName: "Anna", lastName: "Wiśniewska" },
      { firstName: "Piotr", lastName: "Zieliński" },
    ],
    company: "Studio Foto Wisła sp. z o.o.",
    tickets: [
      {
        subject: "Kiedy dotrze moja paczka?",
        question:
          "Dzień dobry, zamówienie zostało wysłane, ale nie widzę numeru przesyłki. Kiedy mogę się jej spodziewać?",
        answer:
          "Dzień dobry! Paczka jest już u przewoźnika, numer przesyłki znajdzie Pani na stronie śledzenia. Dostawa w ciągu 2 dni roboczych.",
      },
      {
        subject: "Zmiana adresu na fakturze",
        question: "Czy mogę zmienić adres na fakturze do ostatniego zamówienia?",
        answer: "",
      },
      {
        subject: "Zamówienie dla całego zespołu",
        question: "Chcemy zamówić 40 kubków z logo firmy. Czy jest rabat ilościowy?",
        answer:
          "Dzień dobry, przy 40 sztukach cena jednostkowa spada automatycznie w koszyku. Chętnie pomożemy przy projekcie.",
      },
    ],
    designs: ["Kubek dla babci", "Kalendarz rodzinny 2027", "Logo studia na kubku", "Plakat z wakacji"],
  },
  es: {
    people: [
      { firstName: "Ana", lastName: "García" },
      { firstName: "Javier", lastName: "López" },
      { firstName: "Lucía", lastName: "Martín" },
      { firstName: "Pablo", lastName: "Sánchez" },
    ],
    company: "Estudio Luz Madrid SL",
    tickets: [
      {
        subject: "¿Cuándo llega mi paquete?",
        question: "Hola, mi pedido ya está enviado pero no veo el número de seguimiento. ¿Cuándo llegará?",
        answer:
          "¡Hola! El paquete ya está con el transportista; verás el número de seguimiento en la página del pedido. Llegará en 2 días laborables.",
      },
      {
        subject: "Cambiar la dirección de la factura",
        question: "¿Puedo cambiar la dirección de la factura de mi último pedido?",
        answer: "",
      },
      {
        subject: "Pedido para todo el equipo",
        question: "Queremos pedir 40 tazas con el logo de la empresa. ¿Hay descuento por cantidad?",
        answer:
          "Hola: con 40 unidades el precio por unidad baja automáticamente en el carrito. Te ayudamos con el diseño si quieres.",
      },
    ],
    designs: ["Taza de la abuela", "Calendario familiar 2027", "Logo del estudio en taza", "Póster de las vacaciones"],
  },
  it: {
    people: [
      { firstName: "Giulia", lastName: "Rossi" },
      { firstName: "Marco", lastName: "Bianchi" },
      { firstName: "Sara", lastName: "Romano" },
      { firstName: "Luca", lastName: "Ferrari" },
    ],
    company: "Studio Luce Milano Srl",
    tickets: [
      {
        subject: "Quando arriva il mio pacco?",
        question: "Buongiorno, l'ordine risulta spedito ma non vedo il numero di tracciamento. Quando arriverà?",
        answer:
          "Buongiorno! Il pacco è già al corriere; trova il numero di tracciamento nella pagina dell'ordine. Arriverà entro 2 giorni lavorativi.",
      },
      {
        subject: "Cambiare l'indirizzo in fattura",
        question: "Posso cambiare l'indirizzo sulla fattura del mio ultimo ordine?",
        answer: "",
      },
      {
        subject: "Ordine per tutto il team",
        question: "Vorremmo ordinare 40 tazze con il logo aziendale. C'è uno sconto quantità?",
        answer:
          "Buongiorno, con 40 pezzi il prezzo unitario scende automaticamente nel carrello. Vi aiutiamo volentieri con il design.",
      },
    ],
    designs: [
      "Tazza per la nonna",
      "Calendario di famiglia 2027",
      "Logo dello studio sulla tazza",
      "Poster delle vacanze",
    ],
  },
  da: {
    people: [
      { firstName: "Freja", lastName: "Jensen" },
      { firstName: "Mads", lastName: "Nielsen" },
      { firstName: "Ida", lastName: "Hansen" },
      { firstName: "Emil", lastName: "Pedersen" },
    ],
    company: "Foto Studie Nord ApS",
    tickets: [
      {
        subject: "Hvornår kommer min pakke?",
        question: "Hej, min ordre er sendt, men jeg kan ikke se et sporingsnummer. Hvornår kommer den?",
        answer:
          "Hej! Pakken er hos fragtfirmaet; sporingsnummeret står på ordresiden. Den er fremme inden for 2 hverdage.",
      },
      {
        subject: "Ændring af fakturaadresse",
        question: "Kan jeg ændre adressen på fakturaen til min seneste ordre?",
        answer: "",
      },
      {
        subject: "Ordre til hele holdet",
        question: "Vi vil bestille 40 krus med firmaets logo. Er der mængderabat?",
        answer: "Hej, ved 40 stk. falder stykprisen automatisk i kurven. Vi hjælper gerne med designet.",
      },
    ],
    designs: ["Krus til mormor", "Familiekalender 2027", "Studiets logo på krus", "Plakat fra ferien"],
  },
  fr: {
    people: [
      { firstName: "Camille", lastName: "Martin" },
      { firstName: "Julien", lastName: "Bernard" },
      { firstName: "Léa", lastName: "Dubois" },
      { firstName: "Hugo", lastName: "Moreau" },
    ],
    company: "Studio Lumière Paris SARL",
    tickets: [
      {
        subject: "Quand arrive mon colis ?",
        question: "Bonjour, ma commande est expédiée mais je ne vois pas de numéro de suivi. Quand arrivera-t-elle ?",
        answer:
          "Bonjour ! Le colis est chez le transporteur ; le numéro de suivi figure sur la page de la commande. Livraison sous 2 jours ouvrés.",
      },
      {
        subject: "Changer l'adresse de la facture",
        question: "Puis-je changer l'adresse sur la facture de ma dernière commande ?",
        answer: "",
      },
      {
        subject: "Commande pour toute l'équipe",
        question: "Nous voulons commander 40 mugs avec le logo de l'entreprise. Y a-t-il une remise sur la quantité ?",
        answer:
          "Bonjour, à partir de 40 pièces le prix unitaire baisse automatiquement dans le panier. Nous vous aidons volontiers pour la création.",
      },
    ],
    designs: ["Mug pour mamie", "Calendrier de famille 2027", "Logo du studio sur mug", "Affiche des vacances"],
  },
  pt: {
    people: [
      { firstName: "Inês", lastName: "Silva" },
      { firstName: "João", lastName: "Santos" },
      { firstName: "Beatriz", lastName: "Ferreira" },
      { firstName: "Tiago", lastName: "Costa" },
    ],
    company: "Estúdio Luz Lisboa Lda",
    tickets: [
      {
        subject: "Quando chega a minha encomenda?",
        question: "Olá, a encomenda já foi enviada mas não vejo o número de seguimento. Quando chega?",
        answer:
          "Olá! A encomenda já está com a transportadora; o número de seguimento está na página da encomenda. Chega em 2 dias úteis.",
      },
      {
        subject: "Alterar a morada da fatura",
        question: "Posso alterar a morada na fatura da minha última encomenda?",
        answer: "",
      },
      {
        subject: "Encomenda para toda a equipa",
        question: "Queremos encomendar 40 canecas com o logótipo da empresa. Há desconto de quantidade?",
        answer:
          "Olá, com 40 unidades o preço unitário desce automaticamente no carrinho. Ajudamos com o design, se quiser.",
      },
    ],
    designs: ["Caneca para a avó", "Calendário de família 2027", "Logótipo do estúdio na caneca", "Póster das férias"],
  },
  cs: {
    people: [
      { firstName: "Tereza", lastName: "Nováková" },
      { firstName: "Jan", lastName: "Svoboda" },
      { firstName: "Lucie", lastName: "Dvořáková" },
      { firstName: "Tomáš", lastName: "Černý" },
    ],
    company: "Fotoateliér Vltava s.r.o.",
    tickets: [
      {
        subject: "Kdy dorazí můj balík?",
        question: "Dobrý den, objednávka je odeslaná, ale nevidím číslo zásilky. Kdy dorazí?",
        answer:
          "Dobrý den! Balík je už u dopravce; číslo zásilky najdete na stránce objednávky. Doručení do 2 pracovních dnů.",
      },
      {
        subject: "Změna adresy na faktuře",
        question: "Mohu změnit adresu na faktuře k poslední objednávce?",
        answer: "",
      },
      {
        subject: "Objednávka pro celý tým",
        question: "Chceme objednat 40 hrnků s logem firmy. Je k dispozici množstevní sleva?",
        answer: "Dobrý den, při 40 kusech se cena za kus v košíku sníží automaticky. Rádi pomůžeme s návrhem.",
      },
    ],
    designs: ["Hrnek pro babičku", "Rodinný kalendář 2027", "Logo ateliéru na hrnku", "Plakát z dovolené"],
  },
};
