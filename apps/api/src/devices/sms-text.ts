/** The ticket SMS in the customer's language; {label}, {queue} and {link} are filled in. */
const TEXTS: Record<string, string> = {
  en: 'Your ticket {label} for {queue}. Follow your turn: {link}',
  fr: 'Votre ticket {label} pour {queue}. Suivez votre tour : {link}',
  ar: 'تذكرتك {label} في {queue}. تابع دورك: {link}',
  de: 'Ihr Ticket {label} für {queue}. Verfolgen Sie Ihre Reihenfolge: {link}',
  es: 'Su turno {label} en {queue}. Siga su turno: {link}',
  pt: 'A sua senha {label} para {queue}. Acompanhe a sua vez: {link}',
  ru: 'Ваш талон {label} в очередь {queue}. Следите за очередью: {link}',
};

export function ticketSms(language: string | null | undefined, values: { label: string; queue: string; link: string }): string {
  const template = TEXTS[language ?? 'en'] ?? TEXTS.en;
  return template.replace('{label}', values.label).replace('{queue}', values.queue).replace('{link}', values.link);
}
