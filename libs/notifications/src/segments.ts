import type { SmsSize } from '@tabour/contracts';
import { SegmentedMessage } from 'sms-segments-calculator';

export type { SmsSize };

/**
 * How many segments an SMS costs and in which encoding, by Twilio's own calculator, so the
 * ledger counts what the provider bills: GSM-7 (160 a part, 153 once concatenated) unless one
 * character lies outside the GSM-7 sets, then UCS-2 (70, 67); a part never splits a character.
 * An empty text is no message at all.
 */
export function smsSegments(text: string): SmsSize {
  const message = new SegmentedMessage(text, 'auto');
  const characters = message.encodedChars.reduce((sum, c) => sum + c.codeUnits.length, 0);
  return { encoding: message.encodingName, segments: characters === 0 ? 0 : message.segmentsCount, characters };
}
