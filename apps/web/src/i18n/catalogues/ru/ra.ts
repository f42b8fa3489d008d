/**
 * Russian: react-admin's own texts from ra-language-russian, with the product's wording where it differs
 * (and the plural texts, which the package words as "one |||| many").
 */
import messages from 'ra-language-russian';
import { raTexts } from '../ra';

export default raTexts(messages, {
  ra: {
    action: {
      bulk_actions: 'Выбрано: {{smart_count}}',
      remove_filter: 'Убрать этот фильтр',
      remove: 'Убрать',
      select_row: 'Выбрать эту строку',
      sort: 'Сортировать',
      unselect: 'Снять выбор',
      expand: 'Развернуть',
      move_up: 'Вверх',
      move_down: 'Вниз',
    },
    boolean: {
      null: ' ',
    },
    page: {
      create: 'Создать: {{name}}',
      edit: '{{name}} {{recordRepresentation}}',
      show: '{{name}} {{recordRepresentation}}',
      empty: '{{name}}: пока пусто.',
      invite: 'Хотите добавить?',
      access_denied: 'Доступ запрещён',
    },
    message: {
      auth_error: 'Ошибка при проверке токена аутентификации.',
      bulk_delete_content: 'Вы уверены, что хотите удалить эти элементы ({{smart_count}})?',
      bulk_delete_title: 'Удалить {{smart_count}} {{name}}',
      delete_content: 'Вы уверены, что хотите удалить этот элемент?',
      delete_title: 'Удалить {{name}} {{recordRepresentation}}',
      details: 'Подробности',
      error: 'В браузере произошла ошибка, запрос не выполнен.',
      invalid_form: 'Форма заполнена неверно. Проверьте ошибки',
      loading: 'Пожалуйста, подождите',
      not_found: 'Вы ввели неверный адрес или перешли по неверной ссылке.',
      unsaved_changes: 'Некоторые изменения не сохранены. Вы уверены, что хотите их отбросить?',
      access_denied: 'У вас нет прав для доступа к этой странице',
      authentication_error: 'Сервер аутентификации вернул ошибку, ваши учётные данные не удалось проверить.',
    },
    navigation: {
      no_more_results: 'Страница {{page}} вне диапазона. Попробуйте предыдущую.',
      page_out_of_boundaries: 'Страница {{page}} вне диапазона',
      page_out_from_end: 'Это последняя страница',
      partial_page_range_info: '{{offsetBegin}}-{{offsetEnd}} из более чем {{offsetEnd}}',
      page: 'Перейти на страницу {{page}}',
      first: 'Первая страница',
      last: 'Последняя страница',
      next: 'Следующая страница',
      previous: 'Предыдущая страница',
      skip_nav: 'Перейти к содержимому',
    },
    sort: {
      sort_by: 'Сортировать по {{field}} {{order}}',
      ASC: 'по возрастанию',
      DESC: 'по убыванию',
    },
    auth: {
      auth_check_error: 'Войдите, чтобы продолжить',
      email: 'Эл. почта',
      sign_in_error: 'Ошибка входа, попробуйте снова',
    },
    notification: {
      updated: 'Элемент обновлён',
      deleted: 'Элемент удалён',
      bad_item: 'Неверный элемент',
      http_error: 'Ошибка связи с сервером',
      data_provider_error: 'Ошибка dataProvider. Подробности в консоли.',
      i18n_error: 'Не удалось загрузить переводы для выбранного языка',
      canceled: 'Действие отменено',
      logged_out: 'Ваш сеанс завершён, войдите снова.',
      not_authorized: 'У вас нет доступа к этому ресурсу.',
      offline: 'Нет соединения. Не удалось получить данные.',
    },
    validation: {
      required: 'Обязательное поле',
      minLength: 'Не менее {{min}} символов',
      maxLength: 'Не более {{max}} символов',
      minValue: 'Не меньше {{min}}',
      maxValue: 'Не больше {{max}}',
      number: 'Должно быть числом',
      email: 'Неверный адрес эл. почты',
      regex: 'Должно соответствовать формату: {{pattern}}',
    },
  },
});
