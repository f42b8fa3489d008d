/** Russian: the settings screens: business, opening days, services, team, holidays and ticket note types. */
import type { Texts } from '../types';
import type en from '../en/settings';

const settings: Texts<typeof en> = {
  app: {
    business: {
      title: 'Данные компании',
      basic: 'Основные сведения',
      location: 'Местоположение',
      working_days: 'Рабочие дни',
      translations: 'Переводы',
      booking: 'Подтверждение записей',
      name: 'Название компании',
      industry: 'Отрасль',
      country: 'Страна',
      city: 'Город',
      address: 'Адрес',
      postal_code: 'Почтовый индекс',
      phone: 'Телефон',
      email: 'Эл. почта',
      sms_sender_name: 'Имя отправителя SMS',
      time_zone: 'Часовой пояс',
      slot_minutes: 'Длительность слота (минуты)',
      booking_days_limit: 'Запись возможна на (дней вперёд)',
      booking_confirmation: 'Записи требуют подтверждения',
      published: 'Опубликовано',
      lat: 'Широта',
      lng: 'Долгота',
      open: 'Открыто',
      closed: 'Закрыто',
      from: 'С',
      to: 'До',
      add_range: 'Добавить часы',
      remove_range: 'Удалить часы',
      translation_name: 'Название',
      translation_description: 'Описание',
      days_invalid: 'Неверное количество дней',
    },
    days: {
      monday: 'Понедельник',
      tuesday: 'Вторник',
      wednesday: 'Среда',
      thursday: 'Четверг',
      friday: 'Пятница',
      saturday: 'Суббота',
      sunday: 'Воскресенье',
    },
    services: {
      reorder: 'Упорядочить',
      reorder_title: 'Порядок услуг',
      reorder_hint: 'Перетащите услуги в том порядке, в котором их видят клиенты (порядок USSD).',
      save_order: 'Сохранить порядок',
      drag: 'Перетащите для перемещения',
      sub_services: 'Подуслуги',
      parent: 'Родительская услуга',
      none: 'Нет',
      minutes: 'минуты',
      seconds: 'секунды',
    },
    team: {
      positions: {
        Admin: 'Администратор',
        CEO: 'Генеральный директор',
        Employee: 'Сотрудник',
        'Front Desk': 'Ресепшен',
        Manager: 'Менеджер',
        Other: 'Другое',
        Secretary: 'Секретарь',
      },
    },
    holidays: {
      types: {
        vacation: 'Отпуск',
        holiday: 'Праздник',
        other: 'Другое',
      },
      scopes: {
        agency: 'Вся компания',
        me: 'Я',
        members: 'Сотрудники',
      },
      statuses: {
        pending: 'Ожидает',
        approved: 'Одобрено',
        declined: 'Отклонено',
      },
    },
  },
  note_types: {
    colour_invalid: 'Введите цвет в виде #rrggbb',
  },
};

export default settings;
