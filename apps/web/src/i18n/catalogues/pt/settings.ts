/** Portuguese: the settings screens: business, opening days, services, team, holidays and ticket note types. */
import type { Texts } from '../types';
import type en from '../en/settings';

const settings: Texts<typeof en> = {
  app: {
    business: {
      title: 'Informações da empresa',
      basic: 'Informações básicas',
      location: 'Localização',
      working_days: 'Dias úteis',
      translations: 'Traduções',
      booking: 'Confirmação de agendamentos',
      name: 'Nome da empresa',
      industry: 'Setor',
      country: 'País',
      city: 'Cidade',
      address: 'Endereço',
      postal_code: 'CEP',
      phone: 'Telefone',
      email: 'E-mail',
      sms_sender_name: 'Remetente de SMS',
      time_zone: 'Fuso horário',
      slot_minutes: 'Duração do horário (minutos)',
      booking_days_limit: 'Agendamentos permitidos até (dias de antecedência)',
      booking_confirmation: 'Os agendamentos precisam de confirmação',
      published: 'Publicada',
      lat: 'Latitude',
      lng: 'Longitude',
      open: 'Aberto',
      closed: 'Fechado',
      from: 'De',
      to: 'Até',
      add_range: 'Adicionar horário',
      remove_range: 'Remover horário',
      translation_name: 'Nome',
      translation_description: 'Descrição',
      days_invalid: 'O número de dias é inválido',
    },
    days: {
      monday: 'Segunda-feira',
      tuesday: 'Terça-feira',
      wednesday: 'Quarta-feira',
      thursday: 'Quinta-feira',
      friday: 'Sexta-feira',
      saturday: 'Sábado',
      sunday: 'Domingo',
    },
    services: {
      reorder: 'Reordenar',
      reorder_title: 'Ordem dos serviços',
      reorder_hint: 'Arraste os serviços para a ordem que os clientes veem (ordem USSD).',
      save_order: 'Salvar a ordem',
      drag: 'Arraste para mover',
      sub_services: 'Subserviços',
      parent: 'Serviço principal',
      none: 'Nenhum',
      minutes: 'minutos',
      seconds: 'segundos',
    },
    team: {
      positions: {
        Admin: 'Administrador',
        CEO: 'Diretor executivo',
        Employee: 'Funcionário',
        'Front Desk': 'Recepção',
        Manager: 'Gerente',
        Other: 'Outro',
        Secretary: 'Secretaria',
      },
    },
    holidays: {
      types: {
        vacation: 'Férias',
        holiday: 'Feriado',
        other: 'Outro',
      },
      scopes: {
        agency: 'Toda a empresa',
        me: 'Eu',
        members: 'Membros da equipe',
      },
      statuses: {
        pending: 'Pendente',
        approved: 'Aprovada',
        declined: 'Recusada',
      },
    },
  },
  note_types: {
    colour_invalid: 'Informe uma cor no formato #rrggbb',
  },
};

export default settings;
