import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { AnalystInputError } from './names';

const ITERATIONS = 4096;

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802, 7677), computed here
 * so that the password itself never travels in a statement (nor lands in the server's log).
 * Printable ASCII only: SASLprep then leaves it as it is, as the server's own would.
 */
export function scramVerifier(password: string): string {
  if (!/^[\x21-\x7e]{12,200}$/.test(password)) {
    throw new AnalystInputError('An analyst password is 12 to 200 printable ASCII characters, without spaces.');
  }
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password, salt, ITERATIONS, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** A password for an analyst who was given none: 192 random bits. */
export const newAnalystPassword = () => randomBytes(24).toString('base64url');
