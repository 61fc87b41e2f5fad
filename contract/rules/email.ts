/** SPEC 5: the e-mail pattern. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]+$/;

/** Local part, @, domain, dot, suffix. */
export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}
