/** Portuguese: the customers: categories, tabs, notifications, imports, exports and attachments. */
import type { Texts } from '../types';
import type en from '../en/customers';

const customers: Texts<typeof en> = {
  customers: {
    categories: {
      BASIC: 'Básico',
      VIP: 'VIP',
      BLACKLISTED: 'Lista negra',
    },
    search: 'Nome, telefone, e-mail ou número interno',
    next_iid: 'Próximo número',
    key: 'Chave',
    value: 'Valor',
    add_entry: 'Adicionar um campo',
    tabs: {
      customer: 'Cliente',
      modify: 'Modificar',
      notify: 'Notificar',
      booking: 'Reserva',
      ticket: 'Senha',
      next_bookings: 'Próximas reservas',
      booking_archive: 'Arquivo de reservas',
      queue_archive: 'Arquivo de filas',
      attachments: 'Anexos',
    },
    empty_tab: 'Ainda não há nada.',
    no_next_booking: 'Nenhum agendamento futuro.',
    no_past_booking: 'Nenhum agendamento passado.',
    mark_vip: 'Marcar VIP',
    blacklist: 'Lista negra',
    make_basic: 'Voltar a básico',
    category_changed: 'Categoria alterada',
    notify: {
      action: 'Notificar',
      title: 'Enviar uma mensagem',
      channel: 'Canal',
      email: 'E-mail',
      sms: 'SMS',
      subject: 'Assunto',
      message: 'Mensagem',
      send: 'Enviar',
      sent: 'Mensagens enviadas: {{sent}}',
      sms_unavailable: 'Não é possível enviar SMS: nenhum serviço de SMS está configurado',
    },
    import: {
      action: 'Importar',
      choose: 'Escolher um arquivo (.CSV, .XSL, .XSLX)',
      uploading: 'Enviando…',
      report: 'Relatório de importação',
      created: 'Importados: {{count}}',
      updated: 'Atualizados: {{count}}',
      unchanged: 'Sem alteração: {{count}}',
      rejected: 'Linhas rejeitadas',
      row: 'Linha {{row}}',
      none_rejected: 'Nenhuma linha rejeitada.',
    },
    export: {
      csv: 'Exportar CSV',
      xlsx: 'Exportar XLSX',
    },
    attachments: {
      upload: 'Anexar um arquivo',
      file_name: 'Arquivo',
      size: 'Tamanho',
      created_at: 'Adicionado',
      download: 'Baixar',
      delete: 'Excluir',
      empty: 'Ainda não há anexos.',
      uploaded: 'Arquivo anexado',
      deleted: 'Arquivo excluído',
    },
  },
};

export default customers;
