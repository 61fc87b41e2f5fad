/** Passwords: long enough, not the e-mail or the name, and not one of the few everybody tries first. */

const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

const COMMON = new Set([
  "password",
  "password1",
  "passwort",
  "contraseña",
  "motdepasse",
  "haslo",
  "hasło",
  "adgangskode",
  "palavrapasse",
  "heslo",
  "1234567890",
  "0123456789",
  "qwertyuiop",
  "iloveyou",
  "123456789a",
  "abcdefghij",
  "qwerty1234",
  "1q2w3e4r5t",
  "welcome123",
]);

/**
 * How strong a password is, 0 to 4: its length, the kinds of characters in it, and whether it is a common one or the
 * shopper's own e-mail or name. Shown as the shopper types; an account needs at least 2.
 */
export function passwordStrength(password: string, personal: readonly string[] = []): 0 | 1 | 2 | 3 | 4 {
  const lower = password.toLowerCase();
  // A common password with a few digits or signs around it is still that password.
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  if (password.length < PASSWORD_MIN_LENGTH || COMMON.has(lower) || COMMON.has(core)) return 0;
  const mine = personal.map((word) => word.toLowerCase().trim()).filter((word) => word.length >= 3);
  if (mine.some((word) => lower.includes(word.split("@")[0]!))) return 1;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  const distinct = new Set(password).size;
  if (distinct < 5) return 1;
  const score = (password.length >= 14 ? 2 : 1) + (kinds >= 3 ? 2 : kinds === 2 ? 1 : 0);
  return Math.min(4, score) as 1 | 2 | 3 | 4;
}

const MIN_PASSWORD_STRENGTH = 2;

export function isStrongEnough(password: string, personal: readonly string[] = []): boolean {
  return password.length <= PASSWORD_MAX_LENGTH && passwordStrength(password, personal) >= MIN_PASSWORD_STRENGTH;
}
