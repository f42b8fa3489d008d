import { LANGUAGES } from '@tabour/contracts';
import { parseReply } from './keywords';
import { replyText, type ReplyOutcome } from './reply-texts';
import { smsSegments } from './segments';

const OUTCOMES: ReplyOutcome[] = ['ticket_cancelled', 'booking_cancelled', 'ticket_late', 'stopped', 'started', 'nothing_to_do', 'not_allowed'];
const words = (text: string) => text.split(/[\s\p{P}]+/u).filter(Boolean);

describe('SMS reply confirmations', () => {
  it.each(LANGUAGES)('names the business and the ticket, and fits two SMS, in %s', (language) => {
    for (const outcome of OUTCOMES) {
      const text = replyText(outcome, language, { business: 'Clinique Saint-Éloi du Centre', ticket: 'B042' });
      expect(text.startsWith('Clinique Saint-Éloi du Centre')).toBe(true);
      expect(text).not.toMatch(/[{}]/);
      if (outcome === 'ticket_cancelled' || outcome === 'ticket_late') expect(text).toContain('B042');
      expect(smsSegments(text).segments).toBeLessThanOrEqual(2);
    }
  });

  it.each(['en', 'fr', 'de'] as const)('keeps to one GSM-7 SMS in %s', (language) => {
    for (const outcome of OUTCOMES)
      expect(smsSegments(replyText(outcome, language, { business: 'Clinique du Centre', ticket: 'A042' }))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it.each(LANGUAGES)('tells how to undo a STOP or a START with a word the replies understand, in %s', (language) => {
    const stopped = words(replyText('stopped', language, { business: 'X' }));
    const started = words(replyText('started', language, { business: 'X' }));
    expect(stopped.some((w) => w === w.toUpperCase() && parseReply(w).action === 'start')).toBe(true);
    expect(started.some((w) => w === w.toUpperCase() && parseReply(w).action === 'stop')).toBe(true);
  });

  it('writes a business name as it is, and falls back to English for another language', () => {
    expect(replyText('booking_cancelled', 'fr', { business: 'A$&B $1' })).toBe('A$&B $1 : votre rendez-vous est annulé.');
    expect(replyText('booking_cancelled', 'it', { business: 'Studio' })).toBe('Studio: your booking is cancelled.');
    expect(replyText('booking_cancelled', null, { business: 'Studio' })).toBe('Studio: your booking is cancelled.');
  });
});
