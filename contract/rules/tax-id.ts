/** Company tax ids of the brand countries, with each country's real checksum. */
const digitsOf = (value: string) => [...value].map(Number);
const weighted = (digits: number[], weights: number[]) =>
  weights.reduce((sum, weight, index) => sum + weight * digits[index]!, 0);

/** Luhn over the whole number (the last digit is the check digit). */
function luhn(value: string): boolean {
  let sum = 0;
  for (const [index, digit] of digitsOf(value).reverse().entries()) {
    const doubled = index % 2 === 1 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return sum % 10 === 0;
}

/** Polish NIP: weights 6,5,7,2,3,4,5,6,7, the sum mod 11 is the last digit (never 10). */
function isNip(id: string): boolean {
  if (!/^\d{10}$/.test(id)) return false;
  const digits = digitsOf(id);
  const check = weighted(digits, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
  return check !== 10 && check === digits[9];
}

const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/** Spanish NIF of a person (8 digits and a letter) or NIE (X/Y/Z, 7 digits, a letter). */
function isSpanishPersonId(id: string): boolean {
  const match = /^([XYZ]|\d)(\d{7})([A-Z])$/.exec(id);
  if (!match) return false;
  const number = Number(`${"XYZ".indexOf(match[1]!) >= 0 ? "XYZ".indexOf(match[1]!) : match[1]}${match[2]}`);
  return DNI_LETTERS[number % 23] === match[3];
}

/** Spanish CIF of a company: a letter for the legal form, 7 digits, a control digit or letter. */
function isCif(id: string): boolean {
  const match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (!match) return false;
  const digits = digitsOf(match[2]!);
  let sum = 0;
  for (const [index, digit] of digits.entries()) {
    if (index % 2 === 1) sum += digit;
    else sum += Math.floor((digit * 2) / 10) + ((digit * 2) % 10);
  }
  const control = (10 - (sum % 10)) % 10;
  const letter = "JABCDEFGHI"[control]!;
  const given = match[3]!;
  // Some legal forms always use the letter, some always the digit, the rest either.
  if ("PQRSNW".includes(match[1]!)) return given === letter;
  if ("ABEH".includes(match[1]!)) return given === String(control);
  return given === letter || given === String(control);
}

/** Italian Partita IVA: 11 digits, Luhn check digit. */
const isPartitaIva = (id: string) => /^\d{11}$/.test(id) && !/^0{11}$/.test(id) && luhn(id);

/** Danish CVR: weights 2,7,6,5,4,3,2,1, the sum is a multiple of 11. */
const isCvr = (id: string) => /^[1-9]\d{7}$/.test(id) && weighted(digitsOf(id), [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0;

const isSiren = (id: string) => /^\d{9}$/.test(id) && luhn(id);

/** SIRET: SIREN and establishment number, Luhn over 14 digits (La Poste's establishments: digit sum mod 5). */
function isSiret(id: string): boolean {
  if (!/^\d{14}$/.test(id)) return false;
  if (id.startsWith("356000000")) return digitsOf(id).reduce((a, b) => a + b, 0) % 5 === 0;
  return luhn(id);
}

/** French VAT number after "FR": a 2-digit key, (12 + 3 × (SIREN mod 97)) mod 97, then the SIREN. */
function isFrenchVat(id: string): boolean {
  const match = /^(\d{2})(\d{9})$/.exec(id);
  if (!match || !isSiren(match[2]!)) return false;
  return Number(match[1]) === (12 + 3 * (Number(match[2]) % 97)) % 97;
}

/** Portuguese NIF: weights 9 to 2, check = 11 − (sum mod 11), 0 when that is 10 or 11. */
function isPortugueseNif(id: string): boolean {
  if (!/^[1235689]\d{8}$/.test(id)) return false;
  const digits = digitsOf(id);
  const remainder = weighted(digits, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
  return digits[8] === (remainder < 2 ? 0 : 11 - remainder);
}

/** Czech IČO: weights 8 to 2, check = (11 − (sum mod 11)) mod 10. */
function isIco(id: string): boolean {
  if (!/^\d{8}$/.test(id)) return false;
  const digits = digitsOf(id);
  return digits[7] === (11 - (weighted(digits, [8, 7, 6, 5, 4, 3, 2]) % 11)) % 10;
}

/** Czech DIČ of a sole trader: "CZ" and the birth number (10 digits divisible by 11; 9 digits before 1954). */
function isCzechBirthNumber(id: string): boolean {
  if (/^\d{9}$/.test(id)) return Number(id.slice(0, 2)) < 54;
  if (!/^\d{10}$/.test(id)) return false;
  const head = Number(id.slice(0, 9)) % 11;
  // Before 1985 a remainder of 10 was written as a check digit 0.
  return Number(id[9]) === (head === 10 ? 0 : head);
}

/** A company's tax id for the country, with its checksum; the country prefix, spaces, dots and dashes are allowed. */
export function isValidTaxId(country: string, value: string): boolean {
  const compact = value.replace(/[\s.-]/g, "").toUpperCase();
  const prefixed = compact.startsWith(country);
  const id = prefixed ? compact.slice(country.length) : compact;
  switch (country) {
    case "PL":
      return isNip(id);
    case "ES":
      return isCif(id) || isSpanishPersonId(id);
    case "IT":
      return isPartitaIva(id);
    case "DK":
      return isCvr(id);
    // "FR" + key + SIREN is the VAT number; without the prefix a SIREN or SIRET.
    case "FR":
      return prefixed ? isFrenchVat(id) : isSiren(id) || isSiret(id);
    case "PT":
      return isPortugueseNif(id);
    // IČO alone; DIČ is "CZ" + IČO, or + a birth number for sole traders.
    case "CZ":
      return isIco(id) || (prefixed && isCzechBirthNumber(id));
    default:
      return false;
  }
}
