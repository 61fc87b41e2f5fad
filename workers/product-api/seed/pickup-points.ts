// Writes migrations/store/0007_pickup_points_seed.sql: carriers' pickup points (parcel shops and lockers) in the
// brands' seven countries, and the partner shops of the brands that offer PICKPOINT_CUSTOMER. Deterministic: the
// same file on every run. Called by generate.ts (`npm run seed:generate`); runs on its own too, from the repository's root.
import { writeFileSync } from "node:fs";

type City = { name: string; lat: number; lng: number; postcodes: string[]; streets: string[] };
type Country = {
  code: string;
  /** Carriers of the country's brands that deliver to their own pickup points (CARRIER_RATES has PICKPOINT for them). */
  carriers: string[];
  /** Carriers of brands with PICKPOINT_CUSTOMER: they deliver to the partner shops. */
  partnerCarriers: string[];
  cities: City[];
  address: (street: string, number: number) => string;
  shops: string[];
  partnerShops: string[];
  hours: string[];
  lockerHours: string;
};

const COUNTRIES: Country[] = [
  {
    code: "PL",
    carriers: ["DHL_PARCEL", "GLS", "UPS"],
    partnerCarriers: [],
    address: (street, number) => `${street} ${number}`,
    shops: [
      "Żabka",
      "Kiosk Ruch",
      "Delikatesy Centrum",
      "Lewiatan",
      "Stokrotka Express",
      "Księgarnia Matras",
      "Carrefour Express",
      "Apteka Dbam o Zdrowie",
    ],
    partnerShops: [],
    hours: [
      "pon.–pt. 6:00–23:00, sob.–niedz. 8:00–22:00",
      "pon.–pt. 9:00–19:00, sob. 9:00–14:00",
      "pon.–sob. 7:00–21:00",
    ],
    lockerHours: "całą dobę, 7 dni w tygodniu",
    cities: [
      {
        name: "Warszawa",
        lat: 52.2297,
        lng: 21.0122,
        postcodes: ["00-024", "00-131", "00-497", "00-682", "00-950", "01-192", "02-495", "02-677", "03-734", "04-175"],
        streets: [
          "ul. Marszałkowska",
          "ul. Puławska",
          "al. Jerozolimskie",
          "ul. Grójecka",
          "ul. Targowa",
          "ul. Górczewska",
        ],
      },
      {
        name: "Kraków",
        lat: 50.0647,
        lng: 19.945,
        postcodes: ["30-011", "30-072", "30-347", "30-539", "31-008", "31-153", "31-421", "31-867"],
        streets: ["ul. Karmelicka", "ul. Długa", "ul. Kalwaryjska", "ul. Dietla", "al. Pokoju", "ul. Wielicka"],
      },
      {
        name: "Wrocław",
        lat: 51.1079,
        lng: 17.0385,
        postcodes: ["50-011", "50-138", "50-419", "51-129", "53-332", "54-204"],
        streets: ["ul. Świdnicka", "ul. Legnicka", "ul. Grabiszyńska", "ul. Traugutta", "ul. Kazimierza Wielkiego"],
      },
      {
        name: "Poznań",
        lat: 52.4064,
        lng: 16.9252,
        postcodes: ["60-101", "60-689", "61-131", "61-701"],
        streets: ["ul. Półwiejska", "ul. Głogowska", "ul. Dąbrowskiego", "ul. Święty Marcin"],
      },
      {
        name: "Gdańsk",
        lat: 54.352,
        lng: 18.6466,
        postcodes: ["80-027", "80-244", "80-831", "80-958"],
        streets: ["ul. Grunwaldzka", "ul. Długa", "ul. Kartuska", "ul. Chmielna"],
      },
      {
        name: "Łódź",
        lat: 51.7592,
        lng: 19.456,
        postcodes: ["90-002", "90-418", "91-065", "93-162"],
        streets: ["ul. Piotrkowska", "ul. Kilińskiego", "ul. Zgierska", "al. Politechniki"],
      },
    ],
  },
  {
    code: "ES",
    carriers: ["CORREOS", "GLS"],
    partnerCarriers: ["CORREOS", "GLS"],
    address: (street, number) => `${street}, ${number}`,
    shops: [
      "Papelería Martín",
      "Estanco nº 14",
      "Ferretería López",
      "Locutorio Centro",
      "Droguería Sánchez",
      "Quiosco La Plaza",
      "Librería Gómez",
      "Bazar Oriente",
    ],
    partnerShops: [
      "Papelería El Lápiz",
      "Copistería Rápida",
      "Floristería Rosa",
      "Tienda de Fotos Luz",
      "Librería El Faro",
      "Mercería Carmen",
      "Estudio Foto Arte",
      "Regalos Sol",
    ],
    hours: ["L-V 9:30–14:00 y 17:00–20:30, S 10:00–14:00", "L-S 9:00–21:00", "L-V 10:00–20:00, S 10:00–14:00"],
    lockerHours: "24 horas, todos los días",
    cities: [
      {
        name: "Madrid",
        lat: 40.4168,
        lng: -3.7038,
        postcodes: ["28001", "28004", "28005", "28010", "28013", "28015", "28020", "28028", "28039", "28045"],
        streets: [
          "Calle de Alcalá",
          "Gran Vía",
          "Calle de Bravo Murillo",
          "Calle de Toledo",
          "Paseo de las Delicias",
          "Calle de Fuencarral",
        ],
      },
      {
        name: "Barcelona",
        lat: 41.3874,
        lng: 2.1686,
        postcodes: ["08001", "08005", "08008", "08012", "08015", "08025", "08029", "08036"],
        streets: [
          "Carrer de Sants",
          "Carrer Gran de Gràcia",
          "Avinguda Diagonal",
          "Carrer de Mallorca",
          "Carrer de la Marina",
          "Carrer d'Aragó",
        ],
      },
      {
        name: "Valencia",
        lat: 39.4699,
        lng: -0.3763,
        postcodes: ["46001", "46004", "46010", "46018", "46022"],
        streets: ["Calle de Colón", "Avenida del Puerto", "Calle de Cuba", "Avenida de Blasco Ibáñez"],
      },
      {
        name: "Sevilla",
        lat: 37.3891,
        lng: -5.9845,
        postcodes: ["41001", "41003", "41005", "41011", "41018"],
        streets: ["Calle Sierpes", "Avenida de la Constitución", "Calle San Jacinto", "Avenida Eduardo Dato"],
      },
      {
        name: "Bilbao",
        lat: 43.263,
        lng: -2.935,
        postcodes: ["48001", "48007", "48011", "48013"],
        streets: [
          "Gran Vía de Don Diego López de Haro",
          "Calle Autonomía",
          "Calle Licenciado Poza",
          "Calle Iparraguirre",
        ],
      },
      {
        name: "Zaragoza",
        lat: 41.6488,
        lng: -0.8891,
        postcodes: ["50001", "50004", "50008", "50012"],
        streets: ["Paseo de la Independencia", "Calle de Delicias", "Avenida de Madrid", "Calle del Coso"],
      },
    ],
  },
  {
    code: "IT",
    carriers: ["GLS", "DHL_PARCEL", "UPS"],
    partnerCarriers: [],
    address: (street, number) => `${street} ${number}`,
    shops: [
      "Tabaccheria Rossi",
      "Edicola Centrale",
      "Cartoleria Bianchi",
      "Ferramenta Russo",
      "Bar Sport",
      "Copisteria Express",
      "Tabacchi n. 27",
      "Profumeria Greco",
    ],
    partnerShops: [],
    hours: ["lun–ven 8:30–19:30, sab 9:00–13:00", "lun–sab 7:00–20:00", "lun–ven 9:00–13:00 e 15:30–19:30"],
    lockerHours: "tutti i giorni, 24 ore su 24",
    cities: [
      {
        name: "Roma",
        lat: 41.9028,
        lng: 12.4964,
        postcodes: ["00118", "00136", "00153", "00162", "00171", "00184", "00185", "00193"],
        streets: [
          "Via del Corso",
          "Via Nazionale",
          "Via Tuscolana",
          "Viale Trastevere",
          "Via Appia Nuova",
          "Via Cola di Rienzo",
        ],
      },
      {
        name: "Milano",
        lat: 45.4642,
        lng: 9.19,
        postcodes: ["20121", "20124", "20129", "20135", "20144", "20155", "20162"],
        streets: [
          "Corso Buenos Aires",
          "Via Torino",
          "Corso di Porta Romana",
          "Viale Monza",
          "Via Washington",
          "Corso Vercelli",
        ],
      },
      {
        name: "Napoli",
        lat: 40.8518,
        lng: 14.2681,
        postcodes: ["80121", "80133", "80138", "80142"],
        streets: ["Via Toledo", "Corso Umberto I", "Via Chiaia", "Via Foria"],
      },
      {
        name: "Torino",
        lat: 45.0703,
        lng: 7.6869,
        postcodes: ["10121", "10128", "10138", "10152"],
        streets: ["Via Roma", "Corso Francia", "Via Nizza", "Corso Vittorio Emanuele II"],
      },
      {
        name: "Bologna",
        lat: 44.4949,
        lng: 11.3426,
        postcodes: ["40121", "40126", "40133", "40139"],
        streets: ["Via dell'Indipendenza", "Via San Vitale", "Via Saragozza", "Via Massarenti"],
      },
      {
        name: "Firenze",
        lat: 43.7696,
        lng: 11.2558,
        postcodes: ["50122", "50129", "50134", "50144"],
        streets: ["Via de' Calzaiuoli", "Via Cavour", "Viale dei Mille", "Via Pisana"],
      },
    ],
  },
  {
    code: "DK",
    carriers: ["GLS", "DHL_PARCEL"],
    partnerCarriers: [],
    address: (street, number) => `${street} ${number}`,
    shops: ["Netto", "REMA 1000", "SuperBrugsen", "7-Eleven", "Circle K", "Kvickly", "Føtex", "Spar"],
    partnerShops: [],
    hours: ["man.–fre. 8–21, lør.–søn. 8–20", "alle dage 7–22", "man.–fre. 9–19, lør. 9–16"],
    lockerHours: "alle dage, døgnet rundt",
    cities: [
      {
        name: "København",
        lat: 55.6761,
        lng: 12.5683,
        postcodes: ["1050", "1152", "1360", "1620", "1799", "2100", "2200", "2300", "2400", "2450"],
        streets: [
          "Nørrebrogade",
          "Vesterbrogade",
          "Amagerbrogade",
          "Østerbrogade",
          "Frederikssundsvej",
          "Gammel Kongevej",
        ],
      },
      {
        name: "Aarhus",
        lat: 56.1629,
        lng: 10.2039,
        postcodes: ["8000", "8200", "8210", "8220", "8260"],
        streets: ["Søndergade", "Frederiks Allé", "Randersvej", "Viby Torv", "Silkeborgvej"],
      },
      {
        name: "Odense",
        lat: 55.4038,
        lng: 10.4024,
        postcodes: ["5000", "5200", "5210", "5230"],
        streets: ["Vestergade", "Kongensgade", "Middelfartvej", "Hjallesevej"],
      },
      {
        name: "Aalborg",
        lat: 57.0488,
        lng: 9.9217,
        postcodes: ["9000", "9200", "9210", "9220"],
        streets: ["Bispensgade", "Hobrovej", "Boulevarden", "Kastetvej"],
      },
      {
        name: "Esbjerg",
        lat: 55.4765,
        lng: 8.4594,
        postcodes: ["6700", "6705", "6710", "6715"],
        streets: ["Kongensgade", "Storegade", "Gl. Vardevej", "Spangsbjerg Kirkevej"],
      },
    ],
  },
  {
    code: "FR",
    carriers: ["MONDIAL_RELAY", "GLS", "UPS"],
    partnerCarriers: [],
    address: (street, number) => `${number} ${street}`,
    shops: [
      "Tabac Presse du Centre",
      "Librairie Martin",
      "Pressing Éclair",
      "Carrefour City",
      "Fleuriste Les Lilas",
      "Supérette Bernard",
      "Cordonnerie Dubois",
      "Bureau Vallée",
    ],
    partnerShops: [],
    hours: ["lun.–sam. 9h00–19h30", "mar.–sam. 9h30–12h30 et 14h00–19h00", "lun.–dim. 7h00–22h00"],
    lockerHours: "7j/7, 24h/24",
    cities: [
      {
        name: "Paris",
        lat: 48.8566,
        lng: 2.3522,
        postcodes: ["75001", "75003", "75005", "75009", "75011", "75012", "75014", "75015", "75017", "75020"],
        streets: [
          "rue de Rivoli",
          "rue du Faubourg Saint-Antoine",
          "boulevard Voltaire",
          "rue de Vaugirard",
          "avenue de Clichy",
          "rue de Belleville",
        ],
      },
      {
        name: "Lyon",
        lat: 45.764,
        lng: 4.8357,
        postcodes: ["69001", "69002", "69003", "69006", "69007", "69008"],
        streets: ["rue de la République", "cours Gambetta", "avenue Jean Jaurès", "rue Garibaldi", "cours Vitton"],
      },
      {
        name: "Marseille",
        lat: 43.2965,
        lng: 5.3698,
        postcodes: ["13001", "13004", "13006", "13008", "13013"],
        streets: ["La Canebière", "rue de Rome", "boulevard Baille", "avenue du Prado", "rue Paradis"],
      },
      {
        name: "Toulouse",
        lat: 43.6047,
        lng: 1.4442,
        postcodes: ["31000", "31200", "31300", "31400", "31500"],
        streets: ["rue d'Alsace-Lorraine", "allées Jean Jaurès", "avenue de Muret", "route de Narbonne"],
      },
      {
        name: "Lille",
        lat: 50.6292,
        lng: 3.0573,
        postcodes: ["59000", "59160", "59260", "59800"],
        streets: ["rue Nationale", "rue Solférino", "boulevard de la Liberté", "rue de Paris"],
      },
      {
        name: "Bordeaux",
        lat: 44.8378,
        lng: -0.5792,
        postcodes: ["33000", "33100", "33200", "33800"],
        streets: ["cours de l'Intendance", "rue Sainte-Catherine", "cours de la Somme", "avenue Thiers"],
      },
    ],
  },
  {
    code: "PT",
    carriers: ["CORREOS", "GLS"],
    partnerCarriers: [],
    address: (street, number) => `${street}, ${number}`,
    shops: [
      "Papelaria Central",
      "Tabacaria Silva",
      "Quiosque do Largo",
      "Drogaria Ferreira",
      "Mercearia Costa",
      "Livraria Estrela",
      "Minimercado Pereira",
      "Loja do Bairro",
    ],
    partnerShops: [],
    hours: ["seg.–sex. 9h00–19h00, sáb. 9h00–13h00", "seg.–sáb. 8h00–20h00", "todos os dias 9h00–22h00"],
    lockerHours: "todos os dias, 24 horas",
    cities: [
      {
        name: "Lisboa",
        lat: 38.7223,
        lng: -9.1393,
        postcodes: [
          "1000-096",
          "1050-094",
          "1100-148",
          "1150-265",
          "1200-109",
          "1250-096",
          "1300-472",
          "1500-069",
          "1600-201",
          "1700-030",
          "1900-181",
        ],
        streets: [
          "Avenida da Liberdade",
          "Rua Augusta",
          "Avenida Almirante Reis",
          "Rua de Benfica",
          "Avenida de Roma",
          "Rua da Junqueira",
        ],
      },
      {
        name: "Porto",
        lat: 41.1579,
        lng: -8.6291,
        postcodes: ["4000-322", "4050-262", "4100-137", "4150-170", "4200-072", "4250-150", "4350-158"],
        streets: [
          "Rua de Santa Catarina",
          "Avenida da Boavista",
          "Rua de Cedofeita",
          "Rua Costa Cabral",
          "Rua do Bonjardim",
        ],
      },
      {
        name: "Braga",
        lat: 41.5454,
        lng: -8.4265,
        postcodes: ["4700-031", "4705-085", "4710-228", "4715-213"],
        streets: ["Avenida da Liberdade", "Rua do Souto", "Avenida Central", "Rua Nova de Santa Cruz"],
      },
      {
        name: "Coimbra",
        lat: 40.2033,
        lng: -8.4103,
        postcodes: ["3000-150", "3030-320", "3040-256", "3045-011"],
        streets: ["Rua Ferreira Borges", "Avenida Fernão de Magalhães", "Rua da Sofia", "Avenida Sá da Bandeira"],
      },
      {
        name: "Faro",
        lat: 37.0194,
        lng: -7.9304,
        postcodes: ["8000-138", "8000-407", "8005-139", "8005-512"],
        streets: ["Rua de Santo António", "Avenida 5 de Outubro", "Rua Conselheiro Bívar", "Largo do Carmo"],
      },
    ],
  },
  {
    code: "CZ",
    carriers: ["DHL_PARCEL", "GLS", "UPS"],
    partnerCarriers: [],
    address: (street, number) => `${street} ${number}`,
    shops: [
      "Trafika U Nádraží",
      "Papírnictví Novák",
      "Albert",
      "Potraviny Dvořák",
      "Billa",
      "Drogerie Teta",
      "Květinářství Růže",
      "Tabák Tisk",
    ],
    partnerShops: [],
    hours: ["po–pá 8:00–18:00, so 8:00–12:00", "po–ne 7:00–22:00", "po–pá 9:00–17:30"],
    lockerHours: "nonstop, 7 dní v týdnu",
    cities: [
      {
        name: "Praha",
        lat: 50.0755,
        lng: 14.4378,
        postcodes: ["110 00", "120 00", "130 00", "140 00", "150 00", "160 00", "170 00", "180 00", "190 00"],
        streets: ["Vinohradská", "Národní", "Bělehradská", "Seifertova", "Dejvická", "Sokolovská"],
      },
      {
        name: "Brno",
        lat: 49.1951,
        lng: 16.6068,
        postcodes: ["602 00", "612 00", "615 00", "616 00", "625 00", "638 00"],
        streets: ["Masarykova", "Kounicova", "Cejl", "Veveří", "Lidická"],
      },
      {
        name: "Ostrava",
        lat: 49.8209,
        lng: 18.2625,
        postcodes: ["702 00", "703 00", "708 00", "710 00"],
        streets: ["Nádražní", "28. října", "Hlavní třída", "Opavská"],
      },
      {
        name: "Plzeň",
        lat: 49.7384,
        lng: 13.3736,
        postcodes: ["301 00", "312 00", "318 00", "326 00"],
        streets: ["Americká", "Klatovská", "Slovanská", "Karlovarská"],
      },
      {
        name: "Olomouc",
        lat: 49.5938,
        lng: 17.2509,
        postcodes: ["772 00", "779 00", "783 71"],
        streets: ["třída Svobody", "Palackého", "Horní náměstí", "Jeremenkova"],
      },
    ],
  },
];

/** Each carrier's own name for its pickup points and its lockers. */
const NETWORK: Record<string, { point: string; locker: string }> = {
  DHL_PARCEL: { point: "DHL ServicePoint", locker: "DHL Locker" },
  GLS: { point: "GLS ParcelShop", locker: "GLS ParcelLocker" },
  UPS: { point: "UPS Access Point", locker: "UPS Access Point Locker" },
  CORREOS: { point: "Correos", locker: "Citypaq" },
  MONDIAL_RELAY: { point: "Point Relais", locker: "Locker Mondial Relay" },
};

const POINTS_PER_CARRIER = 28;
const PARTNERS_PER_CARRIER = 16;

/** A deterministic number in [0, 1) per key (FNV-1a), so the file is the same on every run. */
const rand = (key: string) => {
  let h = 2166136261;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return ((h >>> 0) % 100000) / 100000;
};
const pick = <T>(list: T[], key: string) => list[Math.floor(rand(key) * list.length)]!;
const q = (value: string | number) => (typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`);

type Row = {
  id: string;
  kind: string;
  carrier: string;
  country: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  postcodeNumber: number;
  latitude: number;
  longitude: number;
  openingHours: string;
};

/** The points of one carrier (or its partner shops) spread over the country's cities, the biggest city first. */
function points(country: Country, carrier: string, kind: "CARRIER" | "PARTNER", count: number): Row[] {
  // Round the cities: every city gets points, the bigger ones (more postcodes) more of them.
  const slots = Array.from({ length: Math.max(...country.cities.map((city) => city.postcodes.length)) }, (_, round) =>
    country.cities
      .filter((city) => city.postcodes.length > round)
      .map((city) => ({ city, postcode: city.postcodes[round]! })),
  ).flat();
  return Array.from({ length: count }, (_, index) => {
    const key = `${country.code}|${carrier}|${kind}|${index}`;
    const { city, postcode } = slots[index % slots.length]!;
    const locker = kind === "CARRIER" && rand(`${key}|locker`) < 0.25;
    const shop = pick(kind === "PARTNER" ? country.partnerShops : country.shops, `${key}|shop`);
    const name =
      kind === "PARTNER"
        ? shop
        : locker
          ? `${NETWORK[carrier]!.locker} ${city.name} ${index + 1}`
          : `${NETWORK[carrier]!.point} – ${shop}`;
    // Within about 5 km of the centre; the same postcode's points stay close to each other.
    const angle = rand(`${country.code}|${postcode}|angle`) * 2 * Math.PI;
    const reach = 0.012 + rand(`${country.code}|${postcode}|reach`) * 0.035;
    const jitter = (axis: string) => (rand(`${key}|${axis}`) - 0.5) * 0.006;
    return {
      id: `${country.code}-${carrier}-${kind === "PARTNER" ? "P" : "C"}${String(index + 1).padStart(3, "0")}`
        .toLowerCase()
        .replaceAll("_", ""),
      kind,
      carrier,
      country: country.code,
      name,
      street: country.address(pick(city.streets, `${key}|street`), 1 + Math.floor(rand(`${key}|number`) * 180)),
      postcode,
      city: city.name,
      postcodeNumber: Number(postcode.replace(/\D/g, "")),
      latitude: Math.round((city.lat + Math.sin(angle) * reach + jitter("lat")) * 1e6),
      longitude: Math.round(
        (city.lng + (Math.cos(angle) * reach) / Math.cos((city.lat * Math.PI) / 180) + jitter("lng")) * 1e6,
      ),
      openingHours: locker ? country.lockerHours : pick(country.hours, `${key}|hours`),
    };
  });
}

export function pickupPointRows(): Row[] {
  return COUNTRIES.flatMap((country) => [
    ...country.carriers.flatMap((carrier) => points(country, carrier, "CARRIER", POINTS_PER_CARRIER)),
    ...country.partnerCarriers.flatMap((carrier) => points(country, carrier, "PARTNER", PARTNERS_PER_CARRIER)),
  ]);
}

export function writePickupPointsSeed() {
  const rows = pickupPointRows();
  const columns = [
    "id",
    "kind",
    "carrier",
    "country",
    "name",
    "street",
    "postcode",
    "city",
    "postcode_number",
    "latitude_e6",
    "longitude_e6",
    "opening_hours",
  ];
  const statements = rows.map((row) => {
    const values = [
      row.id,
      row.kind,
      row.carrier,
      row.country,
      row.name,
      row.street,
      row.postcode,
      row.city,
      row.postcodeNumber,
      row.latitude,
      row.longitude,
      row.openingHours,
    ];
    return `INSERT INTO \`pickup_points\` (${columns.map((column) => `\`${column}\``).join(", ")}) VALUES (${values.map(q).join(", ")});`;
  });
  const header = "-- Generated by workers/product-api/seed/pickup-points.ts: do not edit.\n";
  writeFileSync("migrations/store/0007_pickup_points_seed.sql", `${header}${statements.join("\n")}\n`);
  console.log(`pickup points seed: ${rows.length} points`);
}

if (import.meta.url === `file://${process.argv[1]}`) writePickupPointsSeed();
