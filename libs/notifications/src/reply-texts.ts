import { LANGUAGES, type Language } from '@tabour/contracts';

/** What a customer's SMS reply did, as the confirmation sent back tells them. */
export type ReplyOutcome =
  | 'ticket_cancelled'
  | 'booking_cancelled'
  | 'ticket_late'
  | 'stopped'
  | 'started'
  /** The ticket or booking the reply answered has ended or was cancelled already. */
  | 'nothing_to_do'
  /** The business does not let customers do this themselves (its public settings), or a booking cannot be "late". */
  | 'not_allowed';

/**
 * The confirmations of an SMS reply, in the language of the message it answered. Short and with
 * no link: English, French and German keep to the GSM-7 alphabet (straight apostrophes) and fit
 * one SMS; the others need UCS-2 and take at most two. `{business}` and `{ticket}` are filled in.
 */
const REPLY_TEXTS: Record<Language, Record<ReplyOutcome, string>> = {
  en: {
    ticket_cancelled: '{business}: your ticket {ticket} is cancelled.',
    booking_cancelled: '{business}: your booking is cancelled.',
    ticket_late: '{business}: noted, you are running late. Your ticket {ticket} moved back one place.',
    stopped: '{business}: you will receive no more SMS from us. Reply START to receive them again.',
    started: '{business}: you will receive our SMS again. Reply STOP to stop them.',
    nothing_to_do: '{business}: there is nothing left to change for this number.',
    not_allowed: '{business}: this cannot be done by SMS. Please contact us.',
  },
  fr: {
    ticket_cancelled: '{business} : votre ticket {ticket} est annulé.',
    booking_cancelled: '{business} : votre rendez-vous est annulé.',
    ticket_late: "{business} : retard noté. Votre ticket {ticket} recule d'une place.",
    stopped: '{business} : vous ne recevrez plus nos SMS. Répondez START pour les recevoir à nouveau.',
    started: '{business} : vous recevrez à nouveau nos SMS. Répondez STOP pour ne plus les recevoir.',
    nothing_to_do: "{business} : il n'y a plus rien à modifier pour ce numéro.",
    not_allowed: "{business} : ce n'est pas possible par SMS. Contactez-nous.",
  },
  de: {
    ticket_cancelled: '{business}: Ihr Ticket {ticket} ist storniert.',
    booking_cancelled: '{business}: Ihr Termin ist abgesagt.',
    ticket_late: '{business}: Verspätung notiert. Ihr Ticket {ticket} rückt einen Platz zurück.',
    stopped: '{business}: Sie erhalten keine SMS mehr von uns. Antworten Sie START, um sie wieder zu erhalten.',
    started: '{business}: Sie erhalten wieder SMS von uns. Antworten Sie STOPP, um sie abzubestellen.',
    nothing_to_do: '{business}: Für diese Nummer gibt es nichts mehr zu ändern.',
    not_allowed: '{business}: Das ist per SMS nicht möglich. Bitte kontaktieren Sie uns.',
  },
  es: {
    ticket_cancelled: '{business}: su turno {ticket} está cancelado.',
    booking_cancelled: '{business}: su cita está cancelada.',
    ticket_late: '{business}: retraso anotado. Su turno {ticket} retrocede un puesto.',
    stopped: '{business}: no recibirá más SMS nuestros. Responda INICIAR para recibirlos de nuevo.',
    started: '{business}: volverá a recibir nuestros SMS. Responda ALTO para dejar de recibirlos.',
    nothing_to_do: '{business}: no queda nada por cambiar para este número.',
    not_allowed: '{business}: esto no se puede hacer por SMS. Contáctenos.',
  },
  pt: {
    ticket_cancelled: '{business}: a sua senha {ticket} foi cancelada.',
    booking_cancelled: '{business}: a sua marcação foi cancelada.',
    ticket_late: '{business}: atraso registado. A sua senha {ticket} recua um lugar.',
    stopped: '{business}: não receberá mais SMS nossos. Responda INICIAR para os receber de novo.',
    started: '{business}: voltará a receber os nossos SMS. Responda PARAR para os parar.',
    nothing_to_do: '{business}: já não há nada a alterar para este número.',
    not_allowed: '{business}: isto não é possível por SMS. Contacte-nos.',
  },
  ru: {
    ticket_cancelled: '{business}: ваш талон {ticket} отменён.',
    booking_cancelled: '{business}: ваша запись отменена.',
    ticket_late: '{business}: опоздание учтено. Ваш талон {ticket} сдвинут на одно место назад.',
    stopped: '{business}: вы больше не будете получать наши SMS. Ответьте СТАРТ, чтобы получать их снова.',
    started: '{business}: вы снова будете получать наши SMS. Ответьте СТОП, чтобы отказаться.',
    nothing_to_do: '{business}: для этого номера больше нечего менять.',
    not_allowed: '{business}: это нельзя сделать по SMS. Свяжитесь с нами.',
  },
  ar: {
    ticket_cancelled: '{business}: تم إلغاء تذكرتك {ticket}.',
    booking_cancelled: '{business}: تم إلغاء موعدك.',
    ticket_late: '{business}: تم تسجيل تأخرك. تراجعت تذكرتك {ticket} مكانًا واحدًا.',
    stopped: '{business}: لن تصلك رسائلنا بعد الآن. أرسل ابدأ لتلقيها من جديد.',
    started: '{business}: ستصلك رسائلنا من جديد. أرسل توقف لإيقافها.',
    nothing_to_do: '{business}: لا يوجد ما يمكن تغييره لهذا الرقم.',
    not_allowed: '{business}: لا يمكن القيام بذلك عبر الرسائل. يرجى التواصل معنا.',
  },
};

/** The confirmation of a reply's outcome in `language` (English for one the product does not speak). */
export function replyText(outcome: ReplyOutcome, language: string | null | undefined, values: { business: string; ticket?: string | null }): string {
  const lang = (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en';
  // Replaced by functions: a business named "A$&B" is written as it is.
  return REPLY_TEXTS[lang][outcome].replace('{business}', () => values.business).replace('{ticket}', () => values.ticket ?? '');
}
