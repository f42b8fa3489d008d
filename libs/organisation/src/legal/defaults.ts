import type { Language, LegalKind } from '@tabour/contracts';

/** The product's default texts, per language: a title, then numbered paragraphs. {name} and {contact} are filled in. */
type Text = { title: string; paragraphs: string[] };

const DEFAULTS: Record<Language, Record<LegalKind, Text>> = {
  en: {
    terms: {
      title: 'Terms of service of {name}',
      paragraphs: [
        'Purpose. These terms govern the use of the queue tickets, bookings and public pages that {name} offers its customers.',
        'Tickets and bookings. A ticket or a booking is personal. It may be cancelled from its link. A customer who does not answer when called may be marked absent and lose their place.',
        'Notifications. Messages about a ticket or a booking are sent by SMS, e-mail or push to the contact the customer gives. The customer may ask to stop them at any time.',
        'Conduct. Customers treat staff and other customers with respect. A customer may be refused service after repeated no-shows or abuse.',
        'Liability. Waiting times and estimates are indicative. {name} does its best to keep them but cannot guarantee them.',
        'Contact. Questions about these terms can be sent to {name}{contact}.',
      ],
    },
    policy: {
      title: 'Privacy policy of {name}',
      paragraphs: [
        'Controller. {name} decides why and how the personal data below is processed.',
        'Data. Name, phone number, e-mail, the tickets and bookings made, their times, notes staff add, and feedback given.',
        'Purposes. To run the waiting line and the appointment book, to notify customers, and to improve the service with statistics that name no one.',
        'Retention. Personal data is kept while it is needed for these purposes, then erased. A customer may ask for their data to be erased at any time.',
        'Rights. Every customer may access, correct, export or erase their data, and object to its processing.',
        'Contact. Requests about personal data can be sent to {name}{contact}.',
      ],
    },
  },
  fr: {
    terms: {
      title: "Conditions d'utilisation de {name}",
      paragraphs: [
        "Objet. Ces conditions régissent l'utilisation des tickets de file d'attente, des rendez-vous et des pages publiques que {name} propose à ses clients.",
        "Tickets et rendez-vous. Un ticket ou un rendez-vous est personnel. Il peut être annulé depuis son lien. Un client qui ne répond pas à l'appel peut être marqué absent et perdre sa place.",
        'Notifications. Les messages sur un ticket ou un rendez-vous sont envoyés par SMS, e-mail ou notification au contact donné par le client. Le client peut demander à tout moment de ne plus les recevoir.',
        'Comportement. Les clients traitent le personnel et les autres clients avec respect. Le service peut être refusé après des absences répétées ou des abus.',
        "Responsabilité. Les temps d'attente et les estimations sont indicatifs. {name} fait de son mieux pour les tenir mais ne peut les garantir.",
        'Contact. Les questions sur ces conditions peuvent être adressées à {name}{contact}.',
      ],
    },
    policy: {
      title: 'Politique de confidentialité de {name}',
      paragraphs: [
        'Responsable du traitement. {name} décide pourquoi et comment les données personnelles ci-dessous sont traitées.',
        'Données. Nom, numéro de téléphone, e-mail, tickets et rendez-vous pris, leurs horaires, notes ajoutées par le personnel et avis donnés.',
        "Finalités. Gérer la file d'attente et l'agenda, informer les clients et améliorer le service grâce à des statistiques qui ne nomment personne.",
        'Conservation. Les données personnelles sont gardées le temps nécessaire à ces finalités, puis effacées. Un client peut demander leur effacement à tout moment.',
        "Droits. Chaque client peut accéder à ses données, les rectifier, les exporter ou les effacer, et s'opposer à leur traitement.",
        'Contact. Les demandes relatives aux données personnelles peuvent être adressées à {name}{contact}.',
      ],
    },
  },
  de: {
    terms: {
      title: 'Nutzungsbedingungen von {name}',
      paragraphs: [
        'Zweck. Diese Bedingungen regeln die Nutzung der Wartetickets, Termine und öffentlichen Seiten, die {name} seinen Kunden anbietet.',
        'Tickets und Termine. Ein Ticket oder Termin ist persönlich. Er kann über seinen Link storniert werden. Wer beim Aufruf nicht erscheint, kann als abwesend markiert werden und seinen Platz verlieren.',
        'Benachrichtigungen. Nachrichten zu einem Ticket oder Termin gehen per SMS, E-Mail oder Push an den angegebenen Kontakt. Der Kunde kann sie jederzeit abbestellen.',
        'Verhalten. Kunden behandeln Personal und andere Kunden mit Respekt. Nach wiederholtem Nichterscheinen oder Missbrauch kann die Bedienung verweigert werden.',
        'Haftung. Wartezeiten und Schätzungen sind unverbindlich. {name} bemüht sich, sie einzuhalten, kann sie aber nicht garantieren.',
        'Kontakt. Fragen zu diesen Bedingungen richten Sie an {name}{contact}.',
      ],
    },
    policy: {
      title: 'Datenschutzerklärung von {name}',
      paragraphs: [
        'Verantwortlicher. {name} entscheidet, warum und wie die folgenden personenbezogenen Daten verarbeitet werden.',
        'Daten. Name, Telefonnummer, E-Mail, gezogene Tickets und gebuchte Termine, deren Zeiten, Notizen des Personals und abgegebene Bewertungen.',
        'Zwecke. Die Warteschlange und den Terminkalender führen, Kunden benachrichtigen und den Dienst mit Statistiken verbessern, die niemanden nennen.',
        'Speicherdauer. Personenbezogene Daten werden so lange aufbewahrt, wie es für diese Zwecke nötig ist, und dann gelöscht. Kunden können die Löschung jederzeit verlangen.',
        'Rechte. Jeder Kunde kann seine Daten einsehen, berichtigen, exportieren oder löschen lassen und der Verarbeitung widersprechen.',
        'Kontakt. Anfragen zu personenbezogenen Daten richten Sie an {name}{contact}.',
      ],
    },
  },
  es: {
    terms: {
      title: 'Condiciones de servicio de {name}',
      paragraphs: [
        'Objeto. Estas condiciones rigen el uso de los tickets de cola, las citas y las páginas públicas que {name} ofrece a sus clientes.',
        'Tickets y citas. Un ticket o una cita es personal. Puede cancelarse desde su enlace. Un cliente que no responde cuando se le llama puede marcarse como ausente y perder su turno.',
        'Notificaciones. Los mensajes sobre un ticket o una cita se envían por SMS, correo o notificación al contacto que da el cliente. El cliente puede pedir que cesen en cualquier momento.',
        'Conducta. Los clientes tratan al personal y a otros clientes con respeto. Puede negarse el servicio tras ausencias repetidas o abusos.',
        'Responsabilidad. Los tiempos de espera y las estimaciones son orientativos. {name} hace lo posible por cumplirlos, pero no puede garantizarlos.',
        'Contacto. Las preguntas sobre estas condiciones pueden enviarse a {name}{contact}.',
      ],
    },
    policy: {
      title: 'Política de privacidad de {name}',
      paragraphs: [
        'Responsable. {name} decide por qué y cómo se tratan los datos personales siguientes.',
        'Datos. Nombre, teléfono, correo, los tickets y citas, sus horarios, las notas que añade el personal y las opiniones dadas.',
        'Finalidades. Gestionar la cola y la agenda, avisar a los clientes y mejorar el servicio con estadísticas que no nombran a nadie.',
        'Conservación. Los datos personales se guardan mientras son necesarios para estas finalidades y luego se borran. Un cliente puede pedir su borrado en cualquier momento.',
        'Derechos. Todo cliente puede acceder a sus datos, rectificarlos, exportarlos o borrarlos, y oponerse a su tratamiento.',
        'Contacto. Las solicitudes sobre datos personales pueden enviarse a {name}{contact}.',
      ],
    },
  },
  pt: {
    terms: {
      title: 'Termos de serviço de {name}',
      paragraphs: [
        'Objeto. Estes termos regem o uso das senhas de fila, das marcações e das páginas públicas que {name} oferece aos seus clientes.',
        'Senhas e marcações. Uma senha ou marcação é pessoal. Pode ser cancelada a partir da sua ligação. Um cliente que não responde quando chamado pode ser marcado ausente e perder a vez.',
        'Notificações. As mensagens sobre uma senha ou marcação são enviadas por SMS, e-mail ou notificação para o contacto dado pelo cliente. O cliente pode pedir para as parar a qualquer momento.',
        'Conduta. Os clientes tratam o pessoal e os outros clientes com respeito. O atendimento pode ser recusado após faltas repetidas ou abusos.',
        'Responsabilidade. Os tempos de espera e as estimativas são indicativos. {name} faz o possível por cumpri-los, mas não os pode garantir.',
        'Contacto. As perguntas sobre estes termos podem ser enviadas a {name}{contact}.',
      ],
    },
    policy: {
      title: 'Política de privacidade de {name}',
      paragraphs: [
        'Responsável. {name} decide porquê e como são tratados os dados pessoais abaixo.',
        'Dados. Nome, telefone, e-mail, as senhas e marcações, os seus horários, as notas do pessoal e as avaliações dadas.',
        'Finalidades. Gerir a fila e a agenda, avisar os clientes e melhorar o serviço com estatísticas que não identificam ninguém.',
        'Conservação. Os dados pessoais são guardados enquanto forem necessários a estas finalidades e depois apagados. Um cliente pode pedir o seu apagamento a qualquer momento.',
        'Direitos. Cada cliente pode aceder aos seus dados, corrigi-los, exportá-los ou apagá-los, e opor-se ao seu tratamento.',
        'Contacto. Os pedidos sobre dados pessoais podem ser enviados a {name}{contact}.',
      ],
    },
  },
  ru: {
    terms: {
      title: 'Условия обслуживания: {name}',
      paragraphs: [
        'Предмет. Эти условия регулируют использование талонов очереди, записей и публичных страниц, которые {name} предлагает своим клиентам.',
        'Талоны и записи. Талон или запись персональны. Их можно отменить по ссылке. Клиент, не ответивший на вызов, может быть отмечен как отсутствующий и потерять место.',
        'Уведомления. Сообщения о талоне или записи отправляются по SMS, e-mail или push на указанный клиентом контакт. Клиент может в любой момент отказаться от них.',
        'Поведение. Клиенты уважительно относятся к персоналу и другим клиентам. После повторных неявок или нарушений в обслуживании может быть отказано.',
        'Ответственность. Время ожидания и оценки носят ориентировочный характер. {name} старается их соблюдать, но не может гарантировать.',
        'Контакты. Вопросы об этих условиях можно направить: {name}{contact}.',
      ],
    },
    policy: {
      title: 'Политика конфиденциальности: {name}',
      paragraphs: [
        'Оператор. {name} определяет, зачем и как обрабатываются указанные ниже персональные данные.',
        'Данные. Имя, телефон, e-mail, талоны и записи, их время, заметки персонала и оставленные отзывы.',
        'Цели. Ведение очереди и записи, уведомление клиентов и улучшение обслуживания с помощью обезличенной статистики.',
        'Хранение. Персональные данные хранятся, пока они нужны для этих целей, затем удаляются. Клиент может в любой момент потребовать их удаления.',
        'Права. Каждый клиент может получить доступ к своим данным, исправить, выгрузить или удалить их и возразить против обработки.',
        'Контакты. Запросы о персональных данных можно направить: {name}{contact}.',
      ],
    },
  },
  ar: {
    terms: {
      title: 'شروط خدمة {name}',
      paragraphs: [
        'الغرض. تنظّم هذه الشروط استخدام تذاكر الطابور والمواعيد والصفحات العامة التي تقدّمها {name} لعملائها.',
        'التذاكر والمواعيد. التذكرة أو الموعد شخصي، ويمكن إلغاؤه من رابطه. قد يُسجَّل العميل الذي لا يستجيب عند النداء غائبًا ويفقد دوره.',
        'الإشعارات. تُرسل الرسائل المتعلقة بالتذكرة أو الموعد عبر الرسائل القصيرة أو البريد الإلكتروني أو الإشعارات إلى جهة الاتصال التي يقدّمها العميل، ويمكنه طلب إيقافها في أي وقت.',
        'السلوك. يعامل العملاء الموظفين والعملاء الآخرين باحترام، وقد تُرفض الخدمة بعد غيابات متكررة أو إساءة.',
        'المسؤولية. أوقات الانتظار والتقديرات إرشادية، وتبذل {name} جهدها للالتزام بها لكنها لا تضمنها.',
        'التواصل. يمكن إرسال الأسئلة حول هذه الشروط إلى {name}{contact}.',
      ],
    },
    policy: {
      title: 'سياسة خصوصية {name}',
      paragraphs: [
        'المسؤول عن المعالجة. تحدد {name} سبب معالجة البيانات الشخصية التالية وطريقتها.',
        'البيانات. الاسم ورقم الهاتف والبريد الإلكتروني والتذاكر والمواعيد وأوقاتها وملاحظات الموظفين والتقييمات المقدَّمة.',
        'الأغراض. إدارة الطابور وجدول المواعيد، وإشعار العملاء، وتحسين الخدمة بإحصاءات لا تذكر أحدًا.',
        'الحفظ. تُحفظ البيانات الشخصية ما دامت لازمة لهذه الأغراض ثم تُمسح، ويمكن للعميل طلب مسحها في أي وقت.',
        'الحقوق. يحق لكل عميل الاطلاع على بياناته وتصحيحها وتصديرها أو مسحها والاعتراض على معالجتها.',
        'التواصل. يمكن إرسال الطلبات المتعلقة بالبيانات الشخصية إلى {name}{contact}.',
      ],
    },
  },
};

const CONTACT_PREFIX: Record<Language, string> = { en: ' at ', fr: ' à ', de: ' unter ', es: ' en ', pt: ' em ', ru: ', ', ar: ' على ' };

/** The product's default text of a kind, in a language, with the business's name and e-mail put in. */
export function defaultLegalTextIn(language: Language, kind: LegalKind, business: { name: string; email: string | null }): string {
  const text = DEFAULTS[language][kind];
  const contact = business.email ? `${CONTACT_PREFIX[language]}${business.email}` : '';
  const fill = (s: string) => s.replaceAll('{name}', business.name).replaceAll('{contact}', contact);
  return [fill(text.title), '', ...text.paragraphs.map((p, i) => `${i + 1}. ${fill(p)}`)].join('\n');
}
