import type { Catalogue } from './en';

const ru: Catalogue = {
  ra: {
    action: {
      add: 'Добавить', add_filter: 'Добавить фильтр', back: 'Назад', bulk_actions: 'Выбрано: {{smart_count}}', cancel: 'Отмена',
      clear_input_value: 'Очистить', clone: 'Дублировать', confirm: 'Подтвердить', create: 'Создать', delete: 'Удалить', edit: 'Редактировать',
      export: 'Экспорт', list: 'Список', refresh: 'Обновить', remove_filter: 'Убрать этот фильтр', remove: 'Убрать', save: 'Сохранить',
      search: 'Поиск', select_all: 'Выбрать все', select_row: 'Выбрать эту строку', show: 'Просмотр', sort: 'Сортировать', undo: 'Отменить',
      unselect: 'Снять выбор', expand: 'Развернуть', close: 'Закрыть', open_menu: 'Открыть меню', close_menu: 'Закрыть меню', update: 'Обновить',
      move_up: 'Вверх', move_down: 'Вниз', open: 'Открыть', reset: 'Сбросить',
    },
    boolean: { true: 'Да', false: 'Нет', null: ' ' },
    page: {
      create: 'Создать: {{name}}', dashboard: 'Главная', edit: '{{name}} {{recordRepresentation}}', error: 'Что-то пошло не так',
      list: '{{name}}', loading: 'Загрузка', not_found: 'Не найдено', show: '{{name}} {{recordRepresentation}}', empty: '{{name}}: пока пусто.',
      invite: 'Хотите добавить?', access_denied: 'Доступ запрещён', authentication_error: 'Ошибка аутентификации',
    },
    input: { password: { toggle_visible: 'Скрыть пароль', toggle_hidden: 'Показать пароль' } },
    message: {
      about: 'Справка', are_you_sure: 'Вы уверены?', auth_error: 'Ошибка при проверке токена аутентификации.',
      bulk_delete_content: 'Вы уверены, что хотите удалить эти элементы ({{smart_count}})?', bulk_delete_title: 'Удалить {{smart_count}} {{name}}',
      delete_content: 'Вы уверены, что хотите удалить этот элемент?', delete_title: 'Удалить {{name}} {{recordRepresentation}}',
      details: 'Подробности', error: 'В браузере произошла ошибка, запрос не выполнен.',
      invalid_form: 'Форма заполнена неверно. Проверьте ошибки', loading: 'Пожалуйста, подождите', no: 'Нет',
      not_found: 'Вы ввели неверный адрес или перешли по неверной ссылке.', yes: 'Да',
      unsaved_changes: 'Некоторые изменения не сохранены. Вы уверены, что хотите их отбросить?',
      access_denied: 'У вас нет прав для доступа к этой странице',
      authentication_error: 'Сервер аутентификации вернул ошибку, ваши учётные данные не удалось проверить.',
    },
    navigation: {
      no_results: 'Результатов не найдено', no_more_results: 'Страница {{page}} вне диапазона. Попробуйте предыдущую.',
      page_out_of_boundaries: 'Страница {{page}} вне диапазона', page_out_from_end: 'Это последняя страница',
      page_out_from_begin: 'Номер страницы не может быть меньше 1', page_range_info: '{{offsetBegin}}-{{offsetEnd}} из {{total}}',
      partial_page_range_info: '{{offsetBegin}}-{{offsetEnd}} из более чем {{offsetEnd}}', current_page: 'Страница {{page}}',
      page: 'Перейти на страницу {{page}}', first: 'Первая страница', last: 'Последняя страница', next: 'Следующая страница',
      previous: 'Предыдущая страница', page_rows_per_page: 'Строк на странице:', skip_nav: 'Перейти к содержимому',
    },
    sort: { sort_by: 'Сортировать по {{field}} {{order}}', ASC: 'по возрастанию', DESC: 'по убыванию' },
    auth: {
      auth_check_error: 'Войдите, чтобы продолжить', user_menu: 'Профиль', username: 'Имя пользователя', password: 'Пароль',
      email: 'Эл. почта', sign_in: 'Войти', sign_in_error: 'Ошибка входа, попробуйте снова', logout: 'Выйти',
    },
    notification: {
      updated: 'Элемент обновлён', created: 'Элемент создан', deleted: 'Элемент удалён', bad_item: 'Неверный элемент',
      item_doesnt_exist: 'Элемент не существует', http_error: 'Ошибка связи с сервером',
      data_provider_error: 'Ошибка dataProvider. Подробности в консоли.', i18n_error: 'Не удалось загрузить переводы для выбранного языка',
      canceled: 'Действие отменено', logged_out: 'Ваш сеанс завершён, войдите снова.',
      not_authorized: 'У вас нет доступа к этому ресурсу.', offline: 'Нет соединения. Не удалось получить данные.',
    },
    validation: {
      required: 'Обязательное поле', minLength: 'Не менее {{min}} символов', maxLength: 'Не более {{max}} символов',
      minValue: 'Не меньше {{min}}', maxValue: 'Не больше {{max}}', number: 'Должно быть числом',
      email: 'Неверный адрес эл. почты', oneOf: 'Должно быть одним из: {{options}}', regex: 'Должно соответствовать формату: {{pattern}}',
      unique: 'Должно быть уникальным',
    },
  },
  app: {
    name: 'Tabour',
    language: 'Язык',
    loading: 'Загрузка…',
    toast: {
      successful: 'УСПЕШНО', sorry: 'Извините!', saved: 'Изменения сохранены', created: 'Успешно создано',
      deleted: 'Успешно удалено', order_saved: 'Порядок сохранён',
    },
    menu: {
      dashboard: 'Главная', activity: 'Журнал действий', profile: 'Профиль', settings: 'Настройки', business: 'Данные компании',
      departments: 'Отделы', services: 'Услуги', team: 'Команда', holidays: 'Отсутствия', logout: 'Выйти',
    },
    auth: {
      title: 'Войдите в свою учётную запись', email: 'Эл. почта', password: 'Пароль', captcha: 'Код безопасности',
      captcha_alt: 'Изображение кода безопасности', captcha_refresh: 'Показать другой код', login: 'Войти',
      no_account: 'Ещё нет учётной записи?', register_link: 'Зарегистрировать компанию', forgot_link: 'Забыли пароль?',
      from_register: 'Учётная запись создана. Как только её одобрят, вы сможете войти.',
      failed: 'Эл. почта и пароль не совпадают с нашими данными', back_to_login: 'Вернуться ко входу',
    },
    register: {
      title: 'Регистрация компании', business_name: 'Название компании', first_name: 'Имя', last_name: 'Фамилия',
      email: 'Эл. почта', phone: 'Номер телефона', country: 'Страна', password: 'Пароль', password_confirmation: 'Подтверждение пароля',
      terms: 'Я принимаю Условия использования', terms_required: 'Вы ДОЛЖНЫ принять наши Условия использования',
      password_mismatch: 'Подтверждение пароля не совпадает', submit: 'Зарегистрироваться', failed: 'Не удалось зарегистрироваться',
      have_account: 'Уже зарегистрированы?',
    },
    password: {
      hint: 'Не менее 8 символов: строчная и заглавная буква, цифра и специальный символ',
      weak: 'Пароль должен содержать не менее 8 символов: строчную и заглавную букву, цифру и специальный символ',
      forgot_title: 'Забыли пароль?', forgot_intro: 'Введите адрес эл. почты: мы отправим код для сброса.',
      send_code: 'Отправить код', code_sent: 'Если этот адрес используется учётной записью, на него отправлен код для сброса',
      reset_title: 'Выберите новый пароль', code: 'Код для сброса', new_password: 'Новый пароль', confirm: 'Подтвердите новый пароль',
      reset_submit: 'Сменить пароль', reset_done: 'Пароль изменён, теперь вы можете войти',
      reset_failed: 'Эл. почта и код для сброса не совпадают', have_code: 'У меня есть код',
    },
    pages: {
      privacy_title: 'Политика конфиденциальности',
      privacy_body: 'Мы храним данные вашей компании только для работы ваших очередей и записей. Мы никогда их не продаём. Вы можете экспортировать или удалить данные в любой момент в настройках.',
      terms_title: 'Условия использования',
      terms_body: 'Используя этот сервис, вы обязуетесь использовать его законно, хранить учётные данные в тайне и уважать конфиденциальность своих клиентов.',
      not_found_title: 'Ошибка 404', not_found_body: 'Страница, которую вы ищете, не существует.', go_home: 'На главную страницу',
      denied_title: 'Доступ запрещён', denied_body: 'Ваша роль не позволяет открыть эту страницу.',
      upgrade: 'Чтобы получить доступ к этой функции, повысьте тариф',
    },
    dashboard: {
      welcome: 'Добро пожаловать, {{name}}!', intro: 'Настройте учётную запись за несколько шагов, чтобы команда могла обслуживать клиентов.',
      quick_setup: 'Быстрая настройка', step_business: 'Данные компании', step_departments: 'Отделы',
      step_services: 'Услуги', step_team: 'Команда', later: 'Сделать позже', resume: 'Показать настройку учётной записи',
      hello: 'Здравствуйте, {{name}}! Это ваша компания {{business}}.',
    },
    profile: {
      title: 'Мой профиль', account: 'Учётная запись', first_name: 'Имя', last_name: 'Фамилия', email: 'Эл. почта', phone: 'Номер телефона',
      language: 'Предпочитаемый язык', password_title: 'Сменить пароль', current_password: 'Текущий пароль',
      new_password: 'Новый пароль', confirm: 'Подтвердите новый пароль', save: 'Сохранить', change_password: 'Сменить пароль',
    },
    business: {
      title: 'Данные компании', basic: 'Основные сведения', location: 'Местоположение', working_days: 'Рабочие дни',
      translations: 'Переводы', booking: 'Подтверждение записей', name: 'Название компании', industry: 'Отрасль',
      country: 'Страна', city: 'Город', address: 'Адрес', postal_code: 'Почтовый индекс', phone: 'Телефон', email: 'Эл. почта',
      sms_sender_name: 'Имя отправителя SMS', time_zone: 'Часовой пояс', slot_minutes: 'Длительность слота (минуты)',
      booking_days_limit: 'Запись возможна на (дней вперёд)', booking_confirmation: 'Записи требуют подтверждения',
      published: 'Опубликовано', lat: 'Широта', lng: 'Долгота', open: 'Открыто', closed: 'Закрыто', from: 'С', to: 'До',
      add_range: 'Добавить часы', remove_range: 'Удалить часы', translation_name: 'Название', translation_description: 'Описание',
      days_invalid: 'Неверное количество дней',
    },
    days: { monday: 'Понедельник', tuesday: 'Вторник', wednesday: 'Среда', thursday: 'Четверг', friday: 'Пятница', saturday: 'Суббота', sunday: 'Воскресенье' },
    services: {
      reorder: 'Упорядочить', reorder_title: 'Порядок услуг', reorder_hint: 'Перетащите услуги в том порядке, в котором их видят клиенты (порядок USSD).',
      save_order: 'Сохранить порядок', drag: 'Перетащите для перемещения', sub_services: 'Подуслуги', parent: 'Родительская услуга', none: 'Нет',
      minutes: 'минуты', seconds: 'секунды',
    },
    team: { positions: { Admin: 'Администратор', CEO: 'Генеральный директор', Employee: 'Сотрудник', 'Front Desk': 'Ресепшен', Manager: 'Менеджер', Other: 'Другое', Secretary: 'Секретарь' } },
    holidays: {
      types: { vacation: 'Отпуск', holiday: 'Праздник', other: 'Другое' },
      scopes: { agency: 'Вся компания', me: 'Я', members: 'Сотрудники' },
      statuses: { pending: 'Ожидает', approved: 'Одобрено', declined: 'Отклонено' },
    },
    errors: {
      bad_credentials: 'Эл. почта и пароль не совпадают с нашими данными', captcha_required: 'Вы ДОЛЖНЫ доказать, что вы человек',
      captcha_incorrect: 'Неверный код безопасности', email_taken: 'Адрес эл. почты неверен или используется другой учётной записью',
      weak_password: 'Пароль должен содержать не менее 8 символов: строчную и заглавную букву, цифру и специальный символ',
      wrong_password: 'Текущий пароль неверен', reset_mismatch: 'Эл. почта и код для сброса не совпадают',
      plan_required: 'Чтобы получить доступ к этой функции, повысьте тариф',
      has_sub_services: 'У этой услуги есть подуслуги: сначала переместите или удалите их',
      concurrency: 'Запись одновременно изменил кто-то другой, попробуйте снова',
      internal: 'На нашей стороне что-то пошло не так, попробуйте снова', not_found: 'Данные не найдены',
      awaiting_approval: 'Ваша учётная запись ожидает одобрения',
    },
    activity: {
      title: 'Журнал действий', who: 'Кто', what: 'Что', when: 'Когда', record: 'Запись', from: 'С', to: 'По', type: 'Тип события',
      actors: { user: 'Пользователь', system: 'Система', kiosk: 'Киоск', display: 'Экран', customer: 'Клиент' },
    },
  },
  resources: {
    'settings/departments': {
      name: 'Отделы', name_one: 'Отдел',
      fields: {
        name: 'Название', primary_color: 'Основной цвет', secondary_color: 'Дополнительный цвет', text_color: 'Цвет текста',
        slot_duration: 'Длительность слота (минуты)', max_bookings_per_slot: 'Записей на слот', max_daily_bookings: 'Записей в день',
        can_select_member: 'Клиенты могут выбрать сотрудника', must_select_member: 'Клиенты должны выбрать сотрудника',
        service_ids: 'Услуги', services: 'Услуги', created_at: 'Создано',
      },
    },
    'settings/services': {
      name: 'Услуги', name_one: 'Услуга',
      fields: {
        name: 'Название', price: 'Цена', duration: 'Длительность', duration_unit: 'Единица', category: 'Категория', parent_id: 'Родительская услуга',
        ussd_order: 'Порядок', sub_services: 'Подуслуги', created_at: 'Создано',
      },
    },
    'settings/team': {
      name: 'Команда', name_one: 'Сотрудник',
      fields: {
        first_name: 'Имя', last_name: 'Фамилия', name: 'Полное имя', email: 'Эл. почта', phone: 'Телефон', position: 'Должность',
        role: 'Роль', department_id: 'Отдел', department_name: 'Отдел', is_bookable: 'Доступен для записи',
        member_since: 'В команде с', working_days: 'Рабочие дни',
      },
    },
    'settings/holidays': {
      name: 'Отсутствия', name_one: 'Отсутствие',
      fields: {
        type: 'Тип', scope: 'Для кого', member_ids: 'Сотрудники', reason: 'Причина', start_date: 'Первый день', end_date: 'Последний день',
        status: 'Статус', created_at: 'Создано',
      },
    },
    activity: { name: 'Журнал действий', name_one: 'Журнал действий', fields: { type: 'Что', actor: 'Кто', recorded_at: 'Когда', stream_id: 'Запись', from: 'С', to: 'По' } },
  },
};

export default ru;
