/** The password rule the server enforces: at least 8 characters with lowercase, uppercase, a digit and a special character. */
export function isStrongPassword(value: unknown): boolean {
  return typeof value === 'string' && value.length >= 8 && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value);
}
