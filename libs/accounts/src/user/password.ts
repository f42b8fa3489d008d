/** The stronger of the two password rules the product states: 8+ with four character kinds. */
export const PASSWORD_RULE = 'The password must have at least 8 characters, with a lowercase letter, an uppercase letter, a digit and a special character';
export const PASSWORD_MISMATCH = 'Password confirm does not match';

export function isStrongPassword(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= 8 &&
    value.length <= 200 &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /[0-9]/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}
