/** An IBAN: country, check digits and account, with its mod-97 checksum (spaces removed, upper case). */
export function isValidIban(value: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** IBANs read in groups of four. */
export const formatIban = (iban: string) => iban.replace(/(.{4})/g, "$1 ").trim();

/** An IBAN shown as its country, check digits and last four characters: enough to recognise, useless to copy. */
export const maskIban = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
