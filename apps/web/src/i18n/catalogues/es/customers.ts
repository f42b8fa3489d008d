/** Spanish: the customers: categories, tabs, notifications, imports, exports and attachments. */
import type { Texts } from '../types';
import type en from '../en/customers';

const customers: Texts<typeof en> = {
  customers: {
    categories: {
      BASIC: 'Básico',
      VIP: 'VIP',
      BLACKLISTED: 'Lista negra',
    },
    search: 'Nombre, teléfono, correo o número interno',
    next_iid: 'Siguiente número',
    key: 'Clave',
    value: 'Valor',
    add_entry: 'Añadir un campo',
    tabs: {
      customer: 'Cliente',
      modify: 'Modificar',
      notify: 'Notificar',
      booking: 'Reserva',
      ticket: 'Ticket',
      next_bookings: 'Próximas reservas',
      booking_archive: 'Archivo de reservas',
      queue_archive: 'Archivo de colas',
      attachments: 'Adjuntos',
    },
    empty_tab: 'Todavía no hay nada.',
    no_next_booking: 'No hay ninguna cita próxima.',
    no_past_booking: 'No hay citas pasadas.',
    mark_vip: 'Marcar VIP',
    blacklist: 'Lista negra',
    make_basic: 'Volver a básico',
    category_changed: 'Categoría cambiada',
    notify: {
      action: 'Notificar',
      title: 'Enviar un mensaje',
      channel: 'Canal',
      email: 'Correo electrónico',
      sms: 'SMS',
      subject: 'Asunto',
      message: 'Mensaje',
      send: 'Enviar',
      sent: 'Mensajes enviados: {{sent}}',
      sms_unavailable: 'No se pueden enviar SMS: no hay un servicio de SMS configurado',
    },
    import: {
      action: 'Importar',
      choose: 'Elegir un archivo (.CSV, .XSL, .XSLX)',
      uploading: 'Subiendo…',
      report: 'Informe de importación',
      created: 'Importados: {{count}}',
      updated: 'Actualizados: {{count}}',
      unchanged: 'Sin cambios: {{count}}',
      rejected: 'Filas rechazadas',
      row: 'Fila {{row}}',
      none_rejected: 'No se rechazó ninguna fila.',
    },
    export: {
      csv: 'Exportar CSV',
      xlsx: 'Exportar XLSX',
    },
    attachments: {
      upload: 'Adjuntar un archivo',
      file_name: 'Archivo',
      size: 'Tamaño',
      created_at: 'Añadido',
      download: 'Descargar',
      delete: 'Eliminar',
      empty: 'Todavía no hay adjuntos.',
      uploaded: 'Archivo adjuntado',
      deleted: 'Archivo eliminado',
    },
  },
};

export default customers;
