import type { Catalogue } from './en';

const es: Catalogue = {
  ra: {
    action: {
      add: 'Añadir', add_filter: 'Añadir filtro', back: 'Volver', bulk_actions: '{{smart_count}} seleccionado(s)', cancel: 'Cancelar',
      clear_input_value: 'Borrar valor', clone: 'Duplicar', confirm: 'Confirmar', create: 'Crear', delete: 'Eliminar', edit: 'Editar',
      export: 'Exportar', list: 'Lista', refresh: 'Actualizar', remove_filter: 'Quitar este filtro', remove: 'Quitar', save: 'Guardar',
      search: 'Buscar', select_all: 'Seleccionar todo', select_row: 'Seleccionar esta fila', show: 'Mostrar', sort: 'Ordenar', undo: 'Deshacer',
      unselect: 'Deseleccionar', expand: 'Expandir', close: 'Cerrar', open_menu: 'Abrir menú', close_menu: 'Cerrar menú', update: 'Actualizar',
      move_up: 'Subir', move_down: 'Bajar', open: 'Abrir', reset: 'Restablecer',
    },
    boolean: { true: 'Sí', false: 'No', null: ' ' },
    page: {
      create: 'Crear {{name}}', dashboard: 'Panel', edit: '{{name}} {{recordRepresentation}}', error: 'Algo salió mal',
      list: '{{name}}', loading: 'Cargando', not_found: 'No encontrado', show: '{{name}} {{recordRepresentation}}', empty: 'Aún no hay {{name}}.',
      invite: '¿Quiere añadir uno?', access_denied: 'Acceso denegado', authentication_error: 'Error de autenticación',
    },
    input: { password: { toggle_visible: 'Ocultar contraseña', toggle_hidden: 'Mostrar contraseña' } },
    message: {
      about: 'Acerca de', are_you_sure: '¿Está seguro?', auth_error: 'Se produjo un error al validar el token de autenticación.',
      bulk_delete_content: '¿Seguro que quiere eliminar estos {{smart_count}} elementos?', bulk_delete_title: 'Eliminar {{smart_count}} {{name}}',
      delete_content: '¿Seguro que quiere eliminar este elemento?', delete_title: 'Eliminar {{name}} {{recordRepresentation}}',
      details: 'Detalles', error: 'Se produjo un error en el navegador y no se pudo completar su solicitud.',
      invalid_form: 'El formulario no es válido. Revise los errores', loading: 'Espere, por favor', no: 'No',
      not_found: 'Escribió una dirección incorrecta o siguió un enlace erróneo.', yes: 'Sí',
      unsaved_changes: 'Algunos cambios no se guardaron. ¿Seguro que quiere descartarlos?',
      access_denied: 'No tiene los permisos necesarios para acceder a esta página',
      authentication_error: 'El servidor de autenticación devolvió un error y no se pudieron verificar sus credenciales.',
    },
    navigation: {
      no_results: 'No se encontraron resultados', no_more_results: 'La página {{page}} está fuera de los límites. Pruebe la página anterior.',
      page_out_of_boundaries: 'La página {{page}} está fuera de los límites', page_out_from_end: 'No se puede ir después de la última página',
      page_out_from_begin: 'No se puede ir antes de la página 1', page_range_info: '{{offsetBegin}}-{{offsetEnd}} de {{total}}',
      partial_page_range_info: '{{offsetBegin}}-{{offsetEnd}} de más de {{offsetEnd}}', current_page: 'Página {{page}}',
      page: 'Ir a la página {{page}}', first: 'Ir a la primera página', last: 'Ir a la última página', next: 'Ir a la página siguiente',
      previous: 'Ir a la página anterior', page_rows_per_page: 'Filas por página:', skip_nav: 'Saltar al contenido',
    },
    sort: { sort_by: 'Ordenar por {{field}} {{order}}', ASC: 'ascendente', DESC: 'descendente' },
    auth: {
      auth_check_error: 'Inicie sesión para continuar', user_menu: 'Perfil', username: 'Usuario', password: 'Contraseña',
      email: 'Correo electrónico', sign_in: 'Iniciar sesión', sign_in_error: 'Error de autenticación, inténtelo de nuevo', logout: 'Cerrar sesión',
    },
    notification: {
      updated: 'Elemento actualizado', created: 'Elemento creado', deleted: 'Elemento eliminado', bad_item: 'Elemento incorrecto',
      item_doesnt_exist: 'El elemento no existe', http_error: 'Error de comunicación con el servidor',
      data_provider_error: 'Error del dataProvider. Consulte la consola para más detalles.', i18n_error: 'No se pudieron cargar las traducciones del idioma elegido',
      canceled: 'Acción cancelada', logged_out: 'Su sesión ha terminado, vuelva a conectarse.',
      not_authorized: 'No está autorizado a acceder a este recurso.', offline: 'Sin conexión. No se pudieron obtener los datos.',
    },
    validation: {
      required: 'Obligatorio', minLength: 'Debe tener al menos {{min}} caracteres', maxLength: 'Debe tener {{max}} caracteres o menos',
      minValue: 'Debe ser al menos {{min}}', maxValue: 'Debe ser {{max}} o menos', number: 'Debe ser un número',
      email: 'Debe ser un correo electrónico válido', oneOf: 'Debe ser uno de: {{options}}', regex: 'Debe tener un formato específico: {{pattern}}',
      unique: 'Debe ser único',
    },
  },
  app: {
    name: 'Tabour',
    language: 'Idioma',
    loading: 'Cargando…',
    toast: {
      successful: 'CORRECTO', sorry: '¡Lo sentimos!', saved: 'Sus cambios se han guardado', created: 'Creado correctamente',
      deleted: 'Eliminado correctamente', order_saved: 'El orden se ha guardado',
    },
    menu: {
      dashboard: 'Panel', activity: 'Actividad', profile: 'Perfil', settings: 'Ajustes', business: 'Información de la empresa',
      departments: 'Departamentos', services: 'Servicios', team: 'Equipo', holidays: 'Ausencias', logout: 'Cerrar sesión',
    },
    auth: {
      title: 'Inicie sesión en su cuenta', email: 'Correo electrónico', password: 'Contraseña', captcha: 'Código de seguridad',
      captcha_alt: 'Imagen del código de seguridad', captcha_refresh: 'Mostrar otro código', login: 'Iniciar sesión',
      no_account: '¿Aún no tiene cuenta?', register_link: 'Registre su empresa', forgot_link: '¿Olvidó su contraseña?',
      from_register: 'Su cuenta se ha creado. Podrá iniciar sesión en cuanto sea aprobada.',
      failed: 'El correo y la contraseña no coinciden con nuestros registros', back_to_login: 'Volver al inicio de sesión',
    },
    register: {
      title: 'Registre su empresa', business_name: 'Nombre de la empresa', first_name: 'Nombre', last_name: 'Apellido',
      email: 'Correo electrónico', phone: 'Número de teléfono', country: 'País', password: 'Contraseña', password_confirmation: 'Confirmar contraseña',
      terms: 'Acepto los Términos y Condiciones', terms_required: 'DEBE aceptar nuestros Términos y Condiciones',
      password_mismatch: 'La confirmación de la contraseña no coincide', submit: 'Registrarse', failed: 'No se pudo registrar',
      have_account: '¿Ya está registrado?',
    },
    password: {
      hint: 'Al menos 8 caracteres con minúscula, mayúscula, dígito y carácter especial',
      weak: 'La contraseña necesita al menos 8 caracteres con minúscula, mayúscula, dígito y carácter especial',
      forgot_title: '¿Olvidó su contraseña?', forgot_intro: 'Introduzca su correo: le enviaremos un código de restablecimiento.',
      send_code: 'Enviar el código', code_sent: 'Si una cuenta usa este correo, se le ha enviado un código de restablecimiento',
      reset_title: 'Elija una nueva contraseña', code: 'Código de restablecimiento', new_password: 'Nueva contraseña', confirm: 'Confirmar la nueva contraseña',
      reset_submit: 'Cambiar mi contraseña', reset_done: 'Su contraseña se ha cambiado, ya puede iniciar sesión',
      reset_failed: 'El correo y el código no coinciden', have_code: 'Tengo un código',
    },
    pages: {
      privacy_title: 'Política de privacidad',
      privacy_body: 'Guardamos los datos que introduce su empresa solo para gestionar sus colas y citas. Nunca los vendemos. Puede exportar o eliminar sus datos en cualquier momento desde los ajustes.',
      terms_title: 'Términos y Condiciones',
      terms_body: 'Al usar este servicio se compromete a usarlo legalmente, a mantener en secreto sus credenciales y a respetar la privacidad de sus clientes.',
      not_found_title: 'Error 404', not_found_body: 'La página que busca no existe.', go_home: 'Ir a la página de inicio',
      denied_title: 'Acceso denegado', denied_body: 'Su rol no le permite abrir esta página.',
      upgrade: 'Debe mejorar su cuenta para acceder a esta funcionalidad',
    },
    dashboard: {
      welcome: '¡Bienvenido, {{name}}!', intro: 'Configure su cuenta en unos pocos pasos para que su equipo empiece a atender clientes.',
      quick_setup: 'Configuración rápida de la cuenta', step_business: 'Información de la empresa', step_departments: 'Departamentos',
      step_services: 'Servicios', step_team: 'Equipo', later: 'Hacerlo más tarde', resume: 'Mostrar la configuración de la cuenta',
      hello: 'Hola {{name}}, esta es su empresa {{business}}.',
    },
    profile: {
      title: 'Mi perfil', account: 'Cuenta', first_name: 'Nombre', last_name: 'Apellido', email: 'Correo electrónico', phone: 'Número de teléfono',
      language: 'Idioma preferido', password_title: 'Cambiar mi contraseña', current_password: 'Contraseña actual',
      new_password: 'Nueva contraseña', confirm: 'Confirmar la nueva contraseña', save: 'Guardar', change_password: 'Cambiar contraseña',
    },
    business: {
      title: 'Información de la empresa', basic: 'Información básica', location: 'Ubicación', working_days: 'Días laborables',
      translations: 'Traducciones', booking: 'Confirmación de citas', name: 'Nombre de la empresa', industry: 'Sector',
      country: 'País', city: 'Ciudad', address: 'Dirección', postal_code: 'Código postal', phone: 'Teléfono', email: 'Correo electrónico',
      sms_sender_name: 'Remitente de SMS', time_zone: 'Zona horaria', slot_minutes: 'Duración del turno (minutos)',
      booking_days_limit: 'Citas permitidas hasta (días de antelación)', booking_confirmation: 'Las citas necesitan confirmación',
      published: 'Publicada', lat: 'Latitud', lng: 'Longitud', open: 'Abierto', closed: 'Cerrado', from: 'Desde', to: 'Hasta',
      add_range: 'Añadir horario', remove_range: 'Quitar horario', translation_name: 'Nombre', translation_description: 'Descripción',
      days_invalid: 'El número de días no es válido',
    },
    days: { monday: 'Lunes', tuesday: 'Martes', wednesday: 'Miércoles', thursday: 'Jueves', friday: 'Viernes', saturday: 'Sábado', sunday: 'Domingo' },
    services: {
      reorder: 'Reordenar', reorder_title: 'Orden de los servicios', reorder_hint: 'Arrastre los servicios al orden que ven los clientes (orden USSD).',
      save_order: 'Guardar el orden', drag: 'Arrastrar para mover', sub_services: 'Subservicios', parent: 'Servicio principal', none: 'Ninguno',
      minutes: 'minutos', seconds: 'segundos',
    },
    team: { positions: { Admin: 'Administrador', CEO: 'Director general', Employee: 'Empleado', 'Front Desk': 'Recepción', Manager: 'Responsable', Other: 'Otro', Secretary: 'Secretaría' } },
    holidays: {
      types: { vacation: 'Vacaciones', holiday: 'Festivo', other: 'Otro' },
      scopes: { agency: 'Toda la empresa', me: 'Yo', members: 'Miembros del equipo' },
      statuses: { pending: 'Pendiente', approved: 'Aprobada', declined: 'Rechazada' },
    },
    errors: {
      bad_credentials: 'El correo y la contraseña no coinciden con nuestros registros', captcha_required: 'DEBE demostrar que es humano',
      captcha_incorrect: 'Código de seguridad incorrecto', email_taken: 'El correo no es válido o lo usa otra cuenta',
      weak_password: 'La contraseña necesita al menos 8 caracteres con minúscula, mayúscula, dígito y carácter especial',
      wrong_password: 'La contraseña actual no es correcta', reset_mismatch: 'El correo y el código no coinciden',
      plan_required: 'Debe mejorar su cuenta para acceder a esta funcionalidad',
      has_sub_services: 'Este servicio tiene subservicios: muévalos o elimínelos primero',
      concurrency: 'Otra persona modificó el registro al mismo tiempo, inténtelo de nuevo',
      internal: 'Algo salió mal por nuestra parte, inténtelo de nuevo', not_found: 'No se encontraron datos',
      awaiting_approval: 'Su cuenta está pendiente de aprobación',
    },
    activity: {
      title: 'Actividad', who: 'Quién', what: 'Qué', when: 'Cuándo', record: 'Registro', from: 'Desde', to: 'Hasta', type: 'Tipo de evento',
      actors: { user: 'Usuario', system: 'Sistema', kiosk: 'Quiosco', display: 'Pantalla', customer: 'Cliente' },
    },
  },
  resources: {
    'settings/departments': {
      name: 'Departamentos', name_one: 'Departamento',
      fields: {
        name: 'Nombre', primary_color: 'Color principal', secondary_color: 'Color secundario', text_color: 'Color del texto',
        slot_duration: 'Duración del turno (minutos)', max_bookings_per_slot: 'Citas por turno', max_daily_bookings: 'Citas por día',
        can_select_member: 'Los clientes pueden elegir un miembro del equipo', must_select_member: 'Los clientes deben elegir un miembro del equipo',
        service_ids: 'Servicios', services: 'Servicios', created_at: 'Creado',
      },
    },
    'settings/services': {
      name: 'Servicios', name_one: 'Servicio',
      fields: {
        name: 'Nombre', price: 'Precio', duration: 'Duración', duration_unit: 'Unidad', category: 'Categoría', parent_id: 'Servicio principal',
        ussd_order: 'Orden', sub_services: 'Subservicios', created_at: 'Creado',
      },
    },
    'settings/team': {
      name: 'Equipo', name_one: 'Miembro del equipo',
      fields: {
        first_name: 'Nombre', last_name: 'Apellido', name: 'Nombre completo', email: 'Correo electrónico', phone: 'Teléfono', position: 'Puesto',
        role: 'Rol', department_id: 'Departamento', department_name: 'Departamento', is_bookable: 'Reservable',
        member_since: 'Miembro desde', working_days: 'Días laborables',
      },
    },
    'settings/holidays': {
      name: 'Ausencias', name_one: 'Ausencia',
      fields: {
        type: 'Tipo', scope: 'Para', member_ids: 'Miembros del equipo', reason: 'Motivo', start_date: 'Primer día', end_date: 'Último día',
        status: 'Estado', created_at: 'Creado',
      },
    },
    activity: { name: 'Actividad', name_one: 'Actividad', fields: { type: 'Qué', actor: 'Quién', recorded_at: 'Cuándo', stream_id: 'Registro', from: 'Desde', to: 'Hasta' } },
  },
};

export default es;
