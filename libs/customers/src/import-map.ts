import { CONTACT_KEYS, CustomerInput, foldText } from './fields';

export type ImportField =
  | 'first_name'
  | 'last_name'
  | 'full_name'
  | 'email'
  | 'phone'
  | 'second_phone'
  | 'address'
  | 'date_of_birth'
  | 'place_of_birth'
  | 'nationality'
  | 'preferred_language'
  | 'internal_id'
  | 'platform_id'
  | 'notes'
  | 'category'
  | 'book_more_than_once';

/**
 * Header names known per field, in the seven interface languages (ar, de, en, es, fr, pt, ru).
 * Compared folded (lowercase, no accents, spaces/underscores/dashes alike), so "Prénom",
 * "prenom" and "PRENOM" are one.
 */
const HEADERS: Record<ImportField, string[]> = {
  first_name: [
    'first_name',
    'first name',
    'firstname',
    'given name',
    'prénom',
    'prenom',
    'vorname',
    'nombre',
    'primeiro nome',
    'nome',
    'имя',
    'الاسم الأول',
    'الإسم الأول',
    'الاسم',
  ],
  last_name: [
    'last_name',
    'last name',
    'lastname',
    'surname',
    'family name',
    'nom',
    'nom de famille',
    'nachname',
    'familienname',
    'apellido',
    'apellidos',
    'sobrenome',
    'apelido',
    'фамилия',
    'اللقب',
    'اسم العائلة',
    'الكنية',
  ],
  full_name: ['name', 'full name', 'nom complet', 'vollständiger name', 'nombre completo', 'nome completo', 'фио', 'полное имя', 'الاسم الكامل'],
  email: [
    'email',
    'e-mail',
    'mail',
    'email address',
    'adresse email',
    'adresse e-mail',
    'courriel',
    'correo',
    'correo electrónico',
    'correo electronico',
    'почта',
    'электронная почта',
    'البريد الإلكتروني',
    'البريد الالكتروني',
    'البريد',
  ],
  phone: [
    'phone',
    'phone number',
    'phone_number',
    'telephone',
    'mobile',
    'mobile phone',
    'téléphone',
    'telephone',
    'numéro de téléphone',
    'portable',
    'telefon',
    'telefonnummer',
    'handy',
    'mobilnummer',
    'teléfono',
    'telefono',
    'móvil',
    'celular',
    'telemóvel',
    'telefone',
    'телефон',
    'мобильный',
    'номер телефона',
    'الهاتف',
    'رقم الهاتف',
    'الجوال',
    'الموبايل',
  ],
  second_phone: [
    'second_phone',
    'second phone',
    'phone 2',
    'phone2',
    'other phone',
    'second téléphone',
    'téléphone 2',
    'autre téléphone',
    'telefon 2',
    'zweite telefonnummer',
    'teléfono 2',
    'segundo teléfono',
    'telefone 2',
    'segundo telefone',
    'телефон 2',
    'второй телефон',
    'الهاتف 2',
    'الهاتف الثاني',
  ],
  address: ['address', 'adresse', 'anschrift', 'dirección', 'direccion', 'endereço', 'endereco', 'morada', 'адрес', 'العنوان'],
  date_of_birth: [
    'date_of_birth',
    'date of birth',
    'birth date',
    'birthdate',
    'birthday',
    'dob',
    'date de naissance',
    'geburtsdatum',
    'fecha de nacimiento',
    'data de nascimento',
    'дата рождения',
    'تاريخ الميلاد',
    'تاريخ الولادة',
  ],
  place_of_birth: [
    'place_of_birth',
    'place of birth',
    'birthplace',
    'lieu de naissance',
    'geburtsort',
    'lugar de nacimiento',
    'local de nascimento',
    'место рождения',
    'مكان الميلاد',
    'مكان الولادة',
  ],
  nationality: [
    'nationality',
    'nationalité',
    'nationalite',
    'staatsangehörigkeit',
    'nationalität',
    'nacionalidad',
    'nacionalidade',
    'гражданство',
    'национальность',
    'الجنسية',
  ],
  preferred_language: [
    'preferred_language',
    'preferred language',
    'language',
    'langue',
    'langue préférée',
    'sprache',
    'bevorzugte sprache',
    'idioma',
    'idioma preferido',
    'язык',
    'предпочитаемый язык',
    'اللغة',
    'اللغة المفضلة',
  ],
  internal_id: [
    'internal_id',
    'internal id',
    'file number',
    'medical file number',
    'identifiant interne',
    'numéro de dossier',
    'n° dossier',
    'dossier',
    'interne id',
    'aktennummer',
    'id interno',
    'número de expediente',
    'expediente',
    'número do processo',
    'processo',
    'внутренний номер',
    'номер карты',
    'المعرف الداخلي',
    'رقم الملف',
  ],
  platform_id: ['platform_id', 'platform id', 'identifiant plateforme', 'plattform-id', 'id de plataforma', 'id da plataforma', 'id платформы', 'معرف المنصة'],
  notes: [
    'notes',
    'note',
    'remarks',
    'comment',
    'comments',
    'remarques',
    'commentaire',
    'notizen',
    'bemerkungen',
    'notas',
    'observaciones',
    'observações',
    'заметки',
    'примечания',
    'ملاحظات',
  ],
  category: ['category', 'catégorie', 'categorie', 'kategorie', 'categoría', 'categoria', 'категория', 'الفئة', 'التصنيف'],
  book_more_than_once: [
    'book_more_than_once',
    'book more than once',
    'réserver plusieurs fois',
    'mehrfach buchen',
    'reservar más de una vez',
    'reservar mais de uma vez',
    'бронировать несколько раз',
    'الحجز أكثر من مرة',
  ],
};

const foldHeader = (h: string) => foldText(h.replace(/[_\-.:]+/g, ' ').replace(/\*/g, ''));

const LOOKUP = new Map<string, ImportField>();
for (const [field, names] of Object.entries(HEADERS) as [ImportField, string[]][]) {
  for (const n of names) if (!LOOKUP.has(foldHeader(n))) LOOKUP.set(foldHeader(n), field);
}

/** Field per column index; unknown headers are ignored (listed so the answer can name them). */
export function mapHeaders(headers: unknown[]): { columns: (ImportField | null)[]; unknown: string[] } {
  const columns: (ImportField | null)[] = [];
  const unknown: string[] = [];
  const taken = new Set<ImportField>();
  for (const h of headers) {
    const text = h == null ? '' : String(h);
    const field = LOOKUP.get(foldHeader(text)) ?? null;
    if (field && !taken.has(field)) {
      taken.add(field);
      columns.push(field);
    } else {
      if (text.trim()) unknown.push(text.trim());
      columns.push(null);
    }
  }
  return { columns, unknown };
}

const YES = new Set(['1', 'true', 'yes', 'y', 'oui', 'ja', 'si', 'sí', 'sim', 'да', 'نعم', 'x']);

function cellText(v: unknown): string {
  if (v == null) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).trim();
}

/** A spreadsheet date given as a day/month/year text, read as the ISO date the checks expect. */
function isoDate(v: string): string {
  const dmy = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(v);
  if (dmy) return `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}`;
  return v.slice(0, 10).length === 10 && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : v;
}

/** One data row as the input of a create or update; empty cells give nothing. */
export function rowToInput(columns: (ImportField | null)[], row: unknown[]): CustomerInput {
  const input: Record<string, unknown> = {};
  columns.forEach((field, i) => {
    if (!field) return;
    const v = cellText(row[i]);
    if (!v) return;
    switch (field) {
      case 'full_name': {
        const [first, ...rest] = v.split(/\s+/);
        input.first_name ??= first;
        if (rest.length) input.last_name ??= rest.join(' ');
        break;
      }
      case 'book_more_than_once':
        input.book_more_than_once = YES.has(v.toLowerCase());
        break;
      case 'date_of_birth':
        input.date_of_birth = isoDate(v);
        break;
      case 'preferred_language':
        input.preferred_language = v.toLowerCase();
        break;
      default:
        input[field] = v;
    }
  });
  return input as CustomerInput;
}

/** Columns of an export, in the names the import reads back. */
export const EXPORT_COLUMNS = [
  'internal_id',
  ...CONTACT_KEYS,
  'preferred_language',
  'platform_id',
  'category',
  'book_more_than_once',
  'notes',
  'created_at',
] as const;
