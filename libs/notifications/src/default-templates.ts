import type { Language, MessageType } from '@tabour/contracts';

/** A default message: the e-mail's subject (also a push notification's title) and the body every channel sends. */
export interface DefaultText {
  subject: string;
  body: string;
}

/**
 * The messages shipped for every type and language, used until a business writes its own.
 * Short enough for one or two SMS; each names the business first, since an SMS from a number
 * alone says nothing of who sent it. English, French and German keep to the GSM-7 alphabet so
 * each part holds 160 characters.
 */
export const DEFAULT_TEXTS: Record<MessageType, Record<Language, DefaultText>> = {
  BOOKING_CREATED: {
    ar: { subject: 'موعدك لدى {{business}}', body: '{{business}}: تم تأكيد موعدك: {{booking_time}} ({{department}}).' },
    de: { subject: 'Ihr Termin bei {{business}}', body: '{{business}}: Ihr Termin am {{booking_time}} ist bestätigt ({{department}}).' },
    en: { subject: 'Your appointment at {{business}}', body: '{{business}}: your appointment is confirmed for {{booking_time}} ({{department}}).' },
    es: { subject: 'Su cita en {{business}}', body: '{{business}}: cita confirmada para el {{booking_time}} ({{department}}).' },
    fr: { subject: 'Votre rendez-vous chez {{business}}', body: '{{business}} : votre rendez-vous du {{booking_time}} est confirmé ({{department}}).' },
    pt: { subject: 'Seu agendamento em {{business}}', body: '{{business}}: agendamento confirmado para {{booking_time}} ({{department}}).' },
    ru: { subject: 'Ваша запись: {{business}}', body: '{{business}}: ваша запись подтверждена: {{booking_time}} ({{department}}).' },
  },
  BOOKING_UPDATED: {
    ar: { subject: 'تم تغيير موعدك', body: '{{business}}: تم تغيير موعدك إلى {{booking_time}} ({{department}}).' },
    de: { subject: 'Ihr Termin wurde geändert', body: '{{business}}: Ihr Termin wurde auf {{booking_time}} verschoben ({{department}}).' },
    en: { subject: 'Your appointment has changed', body: '{{business}}: your appointment has moved to {{booking_time}} ({{department}}).' },
    es: { subject: 'Su cita ha cambiado', body: '{{business}}: su cita ha cambiado al {{booking_time}} ({{department}}).' },
    fr: { subject: 'Votre rendez-vous a changé', body: '{{business}} : votre rendez-vous est déplacé au {{booking_time}} ({{department}}).' },
    pt: { subject: 'Seu agendamento foi alterado', body: '{{business}}: seu agendamento foi alterado para {{booking_time}} ({{department}}).' },
    ru: { subject: 'Ваша запись изменена', body: '{{business}}: ваша запись перенесена на {{booking_time}} ({{department}}).' },
  },
  BOOKING_CANCELED: {
    ar: { subject: 'تم إلغاء موعدك', body: '{{business}}: تم إلغاء موعدك: {{booking_time}}.' },
    de: { subject: 'Ihr Termin wurde abgesagt', body: '{{business}}: Ihr Termin am {{booking_time}} wurde abgesagt.' },
    en: { subject: 'Your appointment is cancelled', body: '{{business}}: your appointment on {{booking_time}} is cancelled.' },
    es: { subject: 'Su cita ha sido cancelada', body: '{{business}}: su cita del {{booking_time}} ha sido cancelada.' },
    fr: { subject: 'Votre rendez-vous est annulé', body: '{{business}} : votre rendez-vous du {{booking_time}} est annulé.' },
    pt: { subject: 'Seu agendamento foi cancelado', body: '{{business}}: seu agendamento de {{booking_time}} foi cancelado.' },
    ru: { subject: 'Ваша запись отменена', body: '{{business}}: ваша запись на {{booking_time}} отменена.' },
  },
  BOOKING_REMINDER_24H: {
    ar: { subject: 'تذكير: موعدك غدًا', body: '{{business}}: تذكير بموعدك غدًا، {{booking_time}} ({{department}}).' },
    de: { subject: 'Erinnerung: Ihr Termin morgen', body: '{{business}}: Erinnerung an Ihren Termin morgen, {{booking_time}} ({{department}}).' },
    en: { subject: 'Reminder: your appointment tomorrow', body: '{{business}}: reminder of your appointment tomorrow, {{booking_time}} ({{department}}).' },
    es: { subject: 'Recordatorio: su cita de mañana', body: '{{business}}: le recordamos su cita de mañana, {{booking_time}} ({{department}}).' },
    fr: { subject: 'Rappel : votre rendez-vous demain', body: '{{business}} : rappel de votre rendez-vous demain, {{booking_time}} ({{department}}).' },
    pt: { subject: 'Lembrete: seu agendamento amanhã', body: '{{business}}: lembrete do seu agendamento amanhã, {{booking_time}} ({{department}}).' },
    ru: { subject: 'Напоминание: запись завтра', body: '{{business}}: напоминаем о записи завтра, {{booking_time}} ({{department}}).' },
  },
  BOOKING_REMINDER_48H: {
    ar: { subject: 'تذكير: موعدك بعد يومين', body: '{{business}}: تذكير بموعدك بعد يومين، {{booking_time}} ({{department}}).' },
    de: { subject: 'Erinnerung: Ihr Termin in 2 Tagen', body: '{{business}}: Erinnerung an Ihren Termin in 2 Tagen, {{booking_time}} ({{department}}).' },
    en: { subject: 'Reminder: your appointment in 2 days', body: '{{business}}: reminder of your appointment in 2 days, {{booking_time}} ({{department}}).' },
    es: { subject: 'Recordatorio: su cita en 2 días', body: '{{business}}: le recordamos su cita en 2 días, {{booking_time}} ({{department}}).' },
    fr: {
      subject: 'Rappel : votre rendez-vous dans 2 jours',
      body: '{{business}} : rappel de votre rendez-vous dans 2 jours, {{booking_time}} ({{department}}).',
    },
    pt: {
      subject: 'Lembrete: seu agendamento daqui a 2 dias',
      body: '{{business}}: lembrete do seu agendamento daqui a 2 dias, {{booking_time}} ({{department}}).',
    },
    ru: { subject: 'Напоминание: запись через 2 дня', body: '{{business}}: напоминаем о записи через 2 дня, {{booking_time}} ({{department}}).' },
  },
  BOOKING_REMINDER_7D: {
    ar: { subject: 'تذكير: موعدك بعد أسبوع', body: '{{business}}: تذكير بموعدك بعد أسبوع، {{booking_time}} ({{department}}).' },
    de: {
      subject: 'Erinnerung: Ihr Termin in einer Woche',
      body: '{{business}}: Erinnerung an Ihren Termin in einer Woche, {{booking_time}} ({{department}}).',
    },
    en: {
      subject: 'Reminder: your appointment in one week',
      body: '{{business}}: reminder of your appointment in one week, {{booking_time}} ({{department}}).',
    },
    es: { subject: 'Recordatorio: su cita en una semana', body: '{{business}}: le recordamos su cita en una semana, {{booking_time}} ({{department}}).' },
    fr: {
      subject: 'Rappel : votre rendez-vous dans une semaine',
      body: '{{business}} : rappel de votre rendez-vous dans une semaine, {{booking_time}} ({{department}}).',
    },
    pt: {
      subject: 'Lembrete: seu agendamento daqui a uma semana',
      body: '{{business}}: lembrete do seu agendamento daqui a uma semana, {{booking_time}} ({{department}}).',
    },
    ru: { subject: 'Напоминание: запись через неделю', body: '{{business}}: напоминаем о записи через неделю, {{booking_time}} ({{department}}).' },
  },
  QUEUE_TICKET_CREATED: {
    ar: {
      subject: 'تذكرتك رقم {{ticket_number}}',
      body: '{{business}}: تذكرتك رقم {{ticket_number}}، {{queue}}. ترتيبك {{place}}، الانتظار نحو {{estimate_minutes}} دقيقة. تابعها: {{ticket_link}}',
    },
    de: {
      subject: 'Ihr Ticket {{ticket_number}}',
      body: '{{business}}: Ticket {{ticket_number}}, {{queue}}. Position {{place}}, etwa {{estimate_minutes}} Min. Live verfolgen: {{ticket_link}}',
    },
    en: {
      subject: 'Your ticket {{ticket_number}}',
      body: '{{business}}: ticket {{ticket_number}}, {{queue}}. Position {{place}}, about {{estimate_minutes}} min. Follow it: {{ticket_link}}',
    },
    es: {
      subject: 'Su turno {{ticket_number}}',
      body: '{{business}}: turno {{ticket_number}}, {{queue}}. Lugar {{place}} en la fila, unos {{estimate_minutes}} min. Siga su turno: {{ticket_link}}',
    },
    fr: {
      subject: 'Votre ticket {{ticket_number}}',
      body: '{{business}} : ticket {{ticket_number}}, {{queue}}. Position {{place}}, environ {{estimate_minutes}} min. Suivez-le : {{ticket_link}}',
    },
    pt: {
      subject: 'Sua senha {{ticket_number}}',
      body: '{{business}}: senha {{ticket_number}}, {{queue}}. Posição {{place}}, cerca de {{estimate_minutes}} min. Acompanhe: {{ticket_link}}',
    },
    ru: {
      subject: 'Ваш талон {{ticket_number}}',
      body: '{{business}}: талон {{ticket_number}}, {{queue}}. Место в очереди: {{place}}, около {{estimate_minutes}} мин. Следить: {{ticket_link}}',
    },
  },
  QUEUE_TICKET_UPDATED: {
    ar: {
      subject: 'تم تحديث تذكرتك {{ticket_number}}',
      body: '{{business}}: التذكرة {{ticket_number}}، ترتيبك الآن {{place}}، نحو {{estimate_minutes}} دقيقة. {{ticket_link}}',
    },
    de: {
      subject: 'Ihr Ticket {{ticket_number}} wurde geändert',
      body: '{{business}}: Ticket {{ticket_number}} ist jetzt auf Position {{place}}, etwa {{estimate_minutes}} Min. {{ticket_link}}',
    },
    en: {
      subject: 'Your ticket {{ticket_number}} has changed',
      body: '{{business}}: ticket {{ticket_number}} is now in position {{place}}, about {{estimate_minutes}} min. {{ticket_link}}',
    },
    es: {
      subject: 'Su turno {{ticket_number}} ha cambiado',
      body: '{{business}}: turno {{ticket_number}}, ahora en el lugar {{place}}, unos {{estimate_minutes}} min. {{ticket_link}}',
    },
    fr: {
      subject: 'Votre ticket {{ticket_number}} a changé',
      body: '{{business}} : ticket {{ticket_number}}, maintenant en position {{place}}, environ {{estimate_minutes}} min. {{ticket_link}}',
    },
    pt: {
      subject: 'Sua senha {{ticket_number}} foi atualizada',
      body: '{{business}}: senha {{ticket_number}}, agora na posição {{place}}, cerca de {{estimate_minutes}} min. {{ticket_link}}',
    },
    ru: {
      subject: 'Талон {{ticket_number}} изменён',
      body: '{{business}}: талон {{ticket_number}}, место в очереди: {{place}}, около {{estimate_minutes}} мин. {{ticket_link}}',
    },
  },
  QUEUE_TICKET_CANCELED: {
    ar: { subject: 'تم إلغاء تذكرتك {{ticket_number}}', body: '{{business}}: تم إلغاء التذكرة {{ticket_number}} ({{queue}}).' },
    de: { subject: 'Ihr Ticket {{ticket_number}} wurde storniert', body: '{{business}}: Ticket {{ticket_number}} ({{queue}}) wurde storniert.' },
    en: { subject: 'Your ticket {{ticket_number}} is cancelled', body: '{{business}}: ticket {{ticket_number}} ({{queue}}) is cancelled.' },
    es: { subject: 'Su turno {{ticket_number}} ha sido cancelado', body: '{{business}}: el turno {{ticket_number}} ({{queue}}) ha sido cancelado.' },
    fr: { subject: 'Votre ticket {{ticket_number}} est annulé', body: '{{business}} : le ticket {{ticket_number}} ({{queue}}) est annulé.' },
    pt: { subject: 'Sua senha {{ticket_number}} foi cancelada', body: '{{business}}: a senha {{ticket_number}} ({{queue}}) foi cancelada.' },
    ru: { subject: 'Талон {{ticket_number}} отменён', body: '{{business}}: талон {{ticket_number}} ({{queue}}) отменён.' },
  },
  QUEUE_TICKET_REDIRECTED: {
    ar: {
      subject: 'تم نقل تذكرتك {{ticket_number}}',
      body: '{{business}}: تم نقل التذكرة {{ticket_number}} إلى {{queue}}. ترتيبك {{place}}، نحو {{estimate_minutes}} دقيقة. {{ticket_link}}',
    },
    de: {
      subject: 'Ihr Ticket {{ticket_number}} wurde verlegt',
      body: '{{business}}: Ticket {{ticket_number}} wurde nach {{queue}} verlegt. Position {{place}}, etwa {{estimate_minutes}} Min. {{ticket_link}}',
    },
    en: {
      subject: 'Your ticket {{ticket_number}} has moved',
      body: '{{business}}: ticket {{ticket_number}} has moved to {{queue}}. Position {{place}}, about {{estimate_minutes}} min. {{ticket_link}}',
    },
    es: {
      subject: 'Su turno {{ticket_number}} ha cambiado de fila',
      body: '{{business}}: el turno {{ticket_number}} ha pasado a la fila {{queue}}. Lugar {{place}}, unos {{estimate_minutes}} min. {{ticket_link}}',
    },
    fr: {
      subject: 'Votre ticket {{ticket_number}} a changé de file',
      body: '{{business}} : le ticket {{ticket_number}} passe dans la file {{queue}}. Position {{place}}, environ {{estimate_minutes}} min. {{ticket_link}}',
    },
    pt: {
      subject: 'Sua senha {{ticket_number}} foi transferida',
      body: '{{business}}: a senha {{ticket_number}} foi transferida para a fila {{queue}}. Posição {{place}}, cerca de {{estimate_minutes}} min. {{ticket_link}}',
    },
    ru: {
      subject: 'Талон {{ticket_number}} переведён',
      body: '{{business}}: талон {{ticket_number}} переведён в очередь {{queue}}. Место: {{place}}, около {{estimate_minutes}} мин. {{ticket_link}}',
    },
  },
  QUEUE_CALL_NEXT: {
    ar: { subject: 'حان دورك: التذكرة {{ticket_number}}', body: '{{business}}: حان دورك! التذكرة {{ticket_number}}، تفضّل إلى {{counter}}.' },
    de: { subject: 'Sie sind dran: Ticket {{ticket_number}}', body: '{{business}}: Sie sind dran! Ticket {{ticket_number}}, bitte zu {{counter}}.' },
    en: { subject: "It's your turn: ticket {{ticket_number}}", body: "{{business}}: it's your turn! Ticket {{ticket_number}}, please go to {{counter}}." },
    es: { subject: 'Le toca: turno {{ticket_number}}', body: '{{business}}: ¡le toca! Turno {{ticket_number}}, acuda a {{counter}}.' },
    fr: {
      subject: "C'est votre tour : ticket {{ticket_number}}",
      body: "{{business}} : c'est votre tour ! Ticket {{ticket_number}}, présentez-vous : {{counter}}.",
    },
    pt: { subject: 'É a sua vez: senha {{ticket_number}}', body: '{{business}}: é a sua vez! Senha {{ticket_number}}, dirija-se a {{counter}}.' },
    ru: { subject: 'Ваша очередь: талон {{ticket_number}}', body: '{{business}}: ваша очередь! Талон {{ticket_number}}, проходите: {{counter}}.' },
  },
  QUEUE_GET_READY: {
    ar: {
      subject: 'استعد: التذكرة {{ticket_number}}',
      body: '{{business}}: استعد، ترتيب التذكرة {{ticket_number}} الآن {{place}} ({{queue}})، نحو {{estimate_minutes}} دقيقة. {{ticket_link}}',
    },
    de: {
      subject: 'Bitte bereithalten: Ticket {{ticket_number}}',
      body: '{{business}}: Bitte halten Sie sich bereit, Ticket {{ticket_number}} ist auf Position {{place}} ({{queue}}), etwa {{estimate_minutes}} Min. {{ticket_link}}',
    },
    en: {
      subject: 'Get ready: ticket {{ticket_number}}',
      body: '{{business}}: get ready, ticket {{ticket_number}} is in position {{place}} ({{queue}}), about {{estimate_minutes}} min. {{ticket_link}}',
    },
    es: {
      subject: 'Prepárese: turno {{ticket_number}}',
      body: '{{business}}: prepárese, el turno {{ticket_number}} está en el lugar {{place}} ({{queue}}), unos {{estimate_minutes}} min. {{ticket_link}}',
    },
    fr: {
      subject: 'Préparez-vous : ticket {{ticket_number}}',
      body: '{{business}} : préparez-vous, le ticket {{ticket_number}} est en position {{place}} ({{queue}}), environ {{estimate_minutes}} min. {{ticket_link}}',
    },
    pt: {
      subject: 'Prepare-se: senha {{ticket_number}}',
      body: '{{business}}: prepare-se, a senha {{ticket_number}} está na posição {{place}} ({{queue}}), cerca de {{estimate_minutes}} min. {{ticket_link}}',
    },
    ru: {
      subject: 'Приготовьтесь: талон {{ticket_number}}',
      body: '{{business}}: приготовьтесь, талон {{ticket_number}}, место в очереди: {{place}} ({{queue}}), около {{estimate_minutes}} мин. {{ticket_link}}',
    },
  },
  QUEUE_FEEDBACK: {
    ar: { subject: 'كيف كانت زيارتك؟', body: '{{business}}: شكرًا لزيارتك. شاركنا رأيك: {{feedback_link}}' },
    de: { subject: 'Wie war Ihr Besuch?', body: '{{business}}: Danke für Ihren Besuch. Wie war es? {{feedback_link}}' },
    en: { subject: 'How was your visit?', body: '{{business}}: thank you for your visit. Tell us how it went: {{feedback_link}}' },
    es: { subject: '¿Qué tal su visita?', body: '{{business}}: gracias por su visita. Denos su opinión: {{feedback_link}}' },
    fr: { subject: "Comment s'est passée votre visite ?", body: '{{business}} : merci de votre visite. Donnez-nous votre avis : {{feedback_link}}' },
    pt: { subject: 'Como foi a sua visita?', body: '{{business}}: obrigado pela sua visita. Dê-nos a sua opinião: {{feedback_link}}' },
    ru: { subject: 'Как прошёл ваш визит?', body: '{{business}}: спасибо за визит! Оцените обслуживание: {{feedback_link}}' },
  },
  QUEUE_DELAY: {
    ar: {
      subject: 'تأخير في {{queue}}',
      body: '{{business}}: تأخير في {{queue}} بمقدار {{delay_minutes}} دقيقة. التذكرة {{ticket_number}}: نحو {{estimate_minutes}} دقيقة. {{ticket_link}}',
    },
    de: {
      subject: 'Verspätung: {{queue}}',
      body: '{{business}}: {{queue}} hat {{delay_minutes}} Min. Verspätung. Ticket {{ticket_number}}: etwa {{estimate_minutes}} Min. {{ticket_link}}',
    },
    en: {
      subject: 'Delay in {{queue}}',
      body: '{{business}}: {{queue}} is running {{delay_minutes}} min late. Ticket {{ticket_number}}: about {{estimate_minutes}} min. {{ticket_link}}',
    },
    es: {
      subject: 'Retraso en {{queue}}',
      body: '{{business}}: la fila {{queue}} lleva {{delay_minutes}} min de retraso. Turno {{ticket_number}}: unos {{estimate_minutes}} min. {{ticket_link}}',
    },
    fr: {
      subject: 'Retard : {{queue}}',
      body: '{{business}} : la file {{queue}} a {{delay_minutes}} min de retard. Ticket {{ticket_number}} : environ {{estimate_minutes}} min. {{ticket_link}}',
    },
    pt: {
      subject: 'Atraso na fila {{queue}}',
      body: '{{business}}: a fila {{queue}} está com {{delay_minutes}} min de atraso. Senha {{ticket_number}}: cerca de {{estimate_minutes}} min. {{ticket_link}}',
    },
    ru: {
      subject: 'Задержка: {{queue}}',
      body: '{{business}}: очередь {{queue}} задерживается на {{delay_minutes}} мин. Талон {{ticket_number}}: около {{estimate_minutes}} мин. {{ticket_link}}',
    },
  },
  QUEUE_CLOSING: {
    ar: { subject: 'يُغلق {{queue}} قريبًا', body: '{{business}}: يُغلق {{queue}} الساعة {{closing_time}}. التذكرة {{ticket_number}}: {{ticket_link}}' },
    de: { subject: '{{queue}} schließt bald', body: '{{business}}: {{queue}} schließt um {{closing_time}}. Ticket {{ticket_number}}: {{ticket_link}}' },
    en: { subject: '{{queue}} closes soon', body: '{{business}}: {{queue}} closes at {{closing_time}}. Ticket {{ticket_number}}: {{ticket_link}}' },
    es: { subject: '{{queue}} cierra pronto', body: '{{business}}: la fila {{queue}} cierra a las {{closing_time}}. Turno {{ticket_number}}: {{ticket_link}}' },
    fr: {
      subject: 'Fermeture prochaine : {{queue}}',
      body: '{{business}} : la file {{queue}} ferme à {{closing_time}}. Ticket {{ticket_number}} : {{ticket_link}}',
    },
    pt: {
      subject: 'A fila {{queue}} fecha em breve',
      body: '{{business}}: a fila {{queue}} fecha às {{closing_time}}. Senha {{ticket_number}}: {{ticket_link}}',
    },
    ru: {
      subject: 'Очередь {{queue}} скоро закроется',
      body: '{{business}}: очередь {{queue}} закрывается в {{closing_time}}. Талон {{ticket_number}}: {{ticket_link}}',
    },
  },
  QUEUE_TICKET_WITHOUT_TIME: {
    ar: { subject: 'تذكرتك رقم {{ticket_number}}', body: '{{business}}: تذكرتك رقم {{ticket_number}}، {{queue}}، ترتيبك {{place}}. تابعها: {{ticket_link}}' },
    de: {
      subject: 'Ihr Ticket {{ticket_number}}',
      body: '{{business}}: Ticket {{ticket_number}}, {{queue}}, Position {{place}}. Live verfolgen: {{ticket_link}}',
    },
    en: { subject: 'Your ticket {{ticket_number}}', body: '{{business}}: ticket {{ticket_number}}, {{queue}}, position {{place}}. Follow it: {{ticket_link}}' },
    es: {
      subject: 'Su turno {{ticket_number}}',
      body: '{{business}}: turno {{ticket_number}}, {{queue}}, lugar {{place}} en la fila. Siga su turno: {{ticket_link}}',
    },
    fr: {
      subject: 'Votre ticket {{ticket_number}}',
      body: '{{business}} : ticket {{ticket_number}}, {{queue}}, position {{place}}. Suivez-le : {{ticket_link}}',
    },
    pt: { subject: 'Sua senha {{ticket_number}}', body: '{{business}}: senha {{ticket_number}}, {{queue}}, posição {{place}}. Acompanhe: {{ticket_link}}' },
    ru: {
      subject: 'Ваш талон {{ticket_number}}',
      body: '{{business}}: талон {{ticket_number}}, {{queue}}, место в очереди: {{place}}. Следить: {{ticket_link}}',
    },
  },
};
