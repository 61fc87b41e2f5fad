/**
 * The order confirmation, in each shop language. Placeholders: {name} {id} {amount} {beneficiary} {iban} {bic} {entity}
 * {rate} {vat} {carrier} {from} {to} {point} {link}; `design` has {design} {preview} (a creator design's name and its
 * preview's address). `paid` opens a paid order's e-mail, `pending` an offline one's.
 */
export type OrderEmailTexts = {
  subjectPaid: string;
  subjectPending: string;
  greeting: string;
  paid: string;
  pending: string;
  transfer: string;
  bankReceipt: string;
  subtotal: string;
  discount: string;
  shipping: string;
  total: string;
  vat: string;
  address: string;
  pickupPoint: string;
  factory: string;
  window: string;
  tracking: string;
  thanks: string;
  design: string;
};

export const ORDER_CONFIRMATION: Record<string, OrderEmailTexts> = {
  pl: {
    subjectPaid: "Zamówienie {id} potwierdzone",
    subjectPending: "Zamówienie {id} przyjęte – jak zapłacić",
    greeting: "Dzień dobry {name},",
    paid: "dziękujemy za zamówienie {id}. Otrzymaliśmy płatność i zaczynamy je przygotowywać.",
    pending: "dziękujemy za zamówienie {id}. Rozpoczniemy produkcję, gdy otrzymamy płatność.",
    transfer: "Zapłać przelewem {amount} na konto {beneficiary}, IBAN {iban} (BIC {bic}). Tytuł przelewu: {id}.",
    bankReceipt: "Zapłać {amount} w bankomacie lub aplikacji banku: podmiot {entity}, referencja {id}.",
    subtotal: "Suma częściowa",
    discount: "Rabat",
    shipping: "Dostawa",
    total: "Razem",
    vat: "w tym VAT {rate}%: {vat}",
    address: "Dostawa na adres:",
    pickupPoint: "Odbiór w punkcie: {point}",
    factory: "Odbiór osobisty w naszym zakładzie",
    window: "Przewoźnik: {carrier}. Przewidywana dostawa: {from} – {to}.",
    tracking: "Śledź zamówienie: {link}",
    thanks: "Dziękujemy za zakupy!",
    design: "Twój projekt „{design}”: {preview}",
  },
  es: {
    subjectPaid: "Pedido {id} confirmado",
    subjectPending: "Pedido {id} recibido: cómo pagar",
    greeting: "Hola, {name}:",
    paid: "Gracias por tu pedido {id}. Hemos recibido el pago y ya lo estamos preparando.",
    pending: "Gracias por tu pedido {id}. Empezaremos a producirlo en cuanto recibamos el pago.",
    transfer: "Haz una transferencia de {amount} a {beneficiary}, IBAN {iban} (BIC {bic}), con la referencia {id}.",
    bankReceipt: "Paga {amount} en un cajero o en la app de tu banco: entidad {entity}, referencia {id}.",
    subtotal: "Subtotal",
    discount: "Descuento",
    shipping: "Envío",
    total: "Total",
    vat: "IVA del {rate} % incluido: {vat}",
    address: "Entrega en:",
    pickupPoint: "Recogida en: {point}",
    factory: "Recogida en nuestro taller",
    window: "Transportista: {carrier}. Entrega prevista entre el {from} y el {to}.",
    tracking: "Sigue tu pedido: {link}",
    thanks: "¡Gracias por tu compra!",
    design: "Tu diseño «{design}»: {preview}",
  },
  it: {
    subjectPaid: "Ordine {id} confermato",
    subjectPending: "Ordine {id} ricevuto: come pagare",
    greeting: "Ciao {name},",
    paid: "grazie per il tuo ordine {id}. Abbiamo ricevuto il pagamento e lo stiamo già preparando.",
    pending: "grazie per il tuo ordine {id}. Inizieremo la produzione non appena riceveremo il pagamento.",
    transfer: "Effettua un bonifico di {amount} a {beneficiary}, IBAN {iban} (BIC {bic}), con causale {id}.",
    bankReceipt: "Paga {amount} allo sportello o nell'app della tua banca: ente {entity}, riferimento {id}.",
    subtotal: "Subtotale",
    discount: "Sconto",
    shipping: "Spedizione",
    total: "Totale",
    vat: "IVA {rate}% inclusa: {vat}",
    address: "Consegna a:",
    pickupPoint: "Ritiro presso: {point}",
    factory: "Ritiro presso il nostro laboratorio",
    window: "Corriere: {carrier}. Consegna prevista tra il {from} e il {to}.",
    tracking: "Segui il tuo ordine: {link}",
    thanks: "Grazie per il tuo acquisto!",
    design: "Il tuo design «{design}»: {preview}",
  },
  da: {
    subjectPaid: "Ordre {id} bekræftet",
    subjectPending: "Ordre {id} modtaget – sådan betaler du",
    greeting: "Hej {name}",
    paid: "Tak for din ordre {id}. Vi har modtaget betalingen og går i gang med at lave den.",
    pending: "Tak for din ordre {id}. Vi starter produktionen, så snart vi har modtaget betalingen.",
    transfer: "Overfør {amount} til {beneficiary}, IBAN {iban} (BIC {bic}), og skriv {id} som reference.",
    bankReceipt: "Betal {amount} i en automat eller i din bankapp: entitet {entity}, reference {id}.",
    subtotal: "Subtotal",
    discount: "Rabat",
    shipping: "Levering",
    total: "I alt",
    vat: "Inkl. {rate} % moms: {vat}",
    address: "Levering til:",
    pickupPoint: "Afhentning: {point}",
    factory: "Afhentning på vores værksted",
    window: "Fragtfirma: {carrier}. Forventet levering mellem {from} og {to}.",
    tracking: "Følg din ordre: {link}",
    thanks: "Tak fordi du handler hos os!",
    design: "Dit design “{design}”: {preview}",
  },
  fr: {
    subjectPaid: "Commande {id} confirmée",
    subjectPending: "Commande {id} reçue : comment payer",
    greeting: "Bonjour {name},",
    paid: "merci pour votre commande {id}. Nous avons bien reçu le paiement et nous la préparons déjà.",
    pending: "merci pour votre commande {id}. Nous lancerons la production dès réception du paiement.",
    transfer: "Effectuez un virement de {amount} à {beneficiary}, IBAN {iban} (BIC {bic}), avec la référence {id}.",
    bankReceipt:
      "Payez {amount} au distributeur ou dans l'application de votre banque : entité {entity}, référence {id}.",
    subtotal: "Sous-total",
    discount: "Remise",
    shipping: "Livraison",
    total: "Total",
    vat: "dont TVA {rate} % : {vat}",
    address: "Livraison à :",
    pickupPoint: "Retrait au point : {point}",
    factory: "Retrait dans notre atelier",
    window: "Transporteur : {carrier}. Livraison prévue entre le {from} et le {to}.",
    tracking: "Suivez votre commande : {link}",
    thanks: "Merci pour votre achat !",
    design: "Votre création « {design} » : {preview}",
  },
  pt: {
    subjectPaid: "Encomenda {id} confirmada",
    subjectPending: "Encomenda {id} recebida: como pagar",
    greeting: "Olá {name},",
    paid: "obrigado pela sua encomenda {id}. Recebemos o pagamento e já a estamos a preparar.",
    pending: "obrigado pela sua encomenda {id}. Começamos a produção assim que recebermos o pagamento.",
    transfer: "Faça uma transferência de {amount} para {beneficiary}, IBAN {iban} (BIC {bic}), com a referência {id}.",
    bankReceipt: "Pague {amount} num multibanco ou na app do seu banco: entidade {entity}, referência {id}.",
    subtotal: "Subtotal",
    discount: "Desconto",
    shipping: "Envio",
    total: "Total",
    vat: "IVA de {rate}% incluído: {vat}",
    address: "Entrega em:",
    pickupPoint: "Levantamento em: {point}",
    factory: "Levantamento na nossa oficina",
    window: "Transportadora: {carrier}. Entrega prevista entre {from} e {to}.",
    tracking: "Acompanhe a sua encomenda: {link}",
    thanks: "Obrigado pela sua compra!",
    design: "O seu design «{design}»: {preview}",
  },
  cs: {
    subjectPaid: "Objednávka {id} potvrzena",
    subjectPending: "Objednávka {id} přijata – jak zaplatit",
    greeting: "Dobrý den, {name},",
    paid: "děkujeme za objednávku {id}. Platbu jsme přijali a už ji připravujeme.",
    pending: "děkujeme za objednávku {id}. Do výroby ji pošleme, jakmile obdržíme platbu.",
    transfer:
      "Pošlete {amount} převodem na účet {beneficiary}, IBAN {iban} (BIC {bic}), jako variabilní symbol uveďte {id}.",
    bankReceipt: "Zaplaťte {amount} v bankomatu nebo v aplikaci banky: subjekt {entity}, reference {id}.",
    subtotal: "Mezisoučet",
    discount: "Sleva",
    shipping: "Doprava",
    total: "Celkem",
    vat: "včetně DPH {rate} %: {vat}",
    address: "Doručení na adresu:",
    pickupPoint: "Vyzvednutí: {point}",
    factory: "Osobní odběr v naší dílně",
    window: "Dopravce: {carrier}. Předpokládané doručení {from} – {to}.",
    tracking: "Sledujte objednávku: {link}",
    thanks: "Děkujeme za nákup!",
    design: "Váš návrh „{design}“: {preview}",
  },
  en: {
    subjectPaid: "Order {id} confirmed",
    subjectPending: "Order {id} received: how to pay",
    greeting: "Hello {name},",
    paid: "thank you for your order {id}. We have received your payment and are getting it ready.",
    pending: "thank you for your order {id}. We will start making it as soon as your payment arrives.",
    transfer: "Please transfer {amount} to {beneficiary}, IBAN {iban} (BIC {bic}), with the reference {id}.",
    bankReceipt: "Pay {amount} at a cash machine or in your banking app: entity {entity}, reference {id}.",
    subtotal: "Subtotal",
    discount: "Discount",
    shipping: "Delivery",
    total: "Total",
    vat: "including {rate}% VAT: {vat}",
    address: "Delivery to:",
    pickupPoint: "Collection from: {point}",
    factory: "Collection from our workshop",
    window: "Carrier: {carrier}. Expected delivery between {from} and {to}.",
    tracking: "Track your order: {link}",
    thanks: "Thank you for shopping with us!",
    design: "Your design “{design}”: {preview}",
  },
};
