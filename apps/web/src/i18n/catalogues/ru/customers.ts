/** Russian: the customers: categories, tabs, notifications, imports, exports and attachments. */
import type { Texts } from '../types';
import type en from '../en/customers';

const customers: Texts<typeof en> = {
  customers: {
    categories: {
      BASIC: 'Обычный',
      VIP: 'VIP',
      BLACKLISTED: 'Чёрный список',
    },
    search: 'Имя, телефон, эл. почта или внутренний номер',
    next_iid: 'Следующий номер',
    key: 'Ключ',
    value: 'Значение',
    add_entry: 'Добавить поле',
    tabs: {
      customer: 'Клиент',
      modify: 'Изменить',
      notify: 'Уведомить',
      booking: 'Бронирование',
      ticket: 'Талон',
      next_bookings: 'Ближайшие бронирования',
      booking_archive: 'Архив бронирований',
      queue_archive: 'Архив очередей',
      attachments: 'Вложения',
    },
    empty_tab: 'Пока ничего нет.',
    no_next_booking: 'Предстоящих записей нет.',
    no_past_booking: 'Прошлых записей нет.',
    mark_vip: 'Отметить VIP',
    blacklist: 'В чёрный список',
    make_basic: 'Вернуть в обычные',
    category_changed: 'Категория изменена',
    notify: {
      action: 'Уведомить',
      title: 'Отправить сообщение',
      channel: 'Канал',
      email: 'Эл. почта',
      sms: 'SMS',
      subject: 'Тема',
      message: 'Сообщение',
      send: 'Отправить',
      sent: 'Отправлено сообщений: {{sent}}',
      sms_unavailable: 'Невозможно отправить SMS: служба SMS не настроена',
    },
    import: {
      action: 'Импорт',
      choose: 'Выберите файл (.CSV, .XSL, .XSLX)',
      uploading: 'Загрузка…',
      report: 'Отчёт об импорте',
      created: 'Импортировано: {{count}}',
      updated: 'Обновлено: {{count}}',
      unchanged: 'Без изменений: {{count}}',
      rejected: 'Отклонённые строки',
      row: 'Строка {{row}}',
      none_rejected: 'Ни одна строка не отклонена.',
    },
    export: {
      csv: 'Экспорт в CSV',
      xlsx: 'Экспорт в XLSX',
    },
    attachments: {
      upload: 'Прикрепить файл',
      file_name: 'Файл',
      size: 'Размер',
      created_at: 'Добавлен',
      download: 'Скачать',
      delete: 'Удалить',
      empty: 'Вложений пока нет.',
      uploaded: 'Файл прикреплён',
      deleted: 'Файл удалён',
    },
  },
};

export default customers;
