/** Spanish: the settings screens: business, opening days, services, team, holidays and ticket note types. */
import type { Texts } from '../types';
import type en from '../en/settings';

const settings: Texts<typeof en> = {
  app: {
    business: {
      title: 'Información de la empresa',
      basic: 'Información básica',
      location: 'Ubicación',
      working_days: 'Días laborables',
      translations: 'Traducciones',
      booking: 'Confirmación de citas',
      name: 'Nombre de la empresa',
      industry: 'Sector',
      country: 'País',
      city: 'Ciudad',
      address: 'Dirección',
      postal_code: 'Código postal',
      phone: 'Teléfono',
      email: 'Correo electrónico',
      sms_sender_name: 'Remitente de SMS',
      time_zone: 'Zona horaria',
      slot_minutes: 'Duración del turno (minutos)',
      booking_days_limit: 'Citas permitidas hasta (días de antelación)',
      booking_confirmation: 'Las citas necesitan confirmación',
      published: 'Publicada',
      lat: 'Latitud',
      lng: 'Longitud',
      open: 'Abierto',
      closed: 'Cerrado',
      from: 'Desde',
      to: 'Hasta',
      add_range: 'Añadir horario',
      remove_range: 'Quitar horario',
      translation_name: 'Nombre',
      translation_description: 'Descripción',
      days_invalid: 'El número de días no es válido',
    },
    days: {
      monday: 'Lunes',
      tuesday: 'Martes',
      wednesday: 'Miércoles',
      thursday: 'Jueves',
      friday: 'Viernes',
      saturday: 'Sábado',
      sunday: 'Domingo',
    },
    services: {
      reorder: 'Reordenar',
      reorder_title: 'Orden de los servicios',
      reorder_hint: 'Arrastre los servicios al orden que ven los clientes (orden USSD).',
      save_order: 'Guardar el orden',
      drag: 'Arrastrar para mover',
      sub_services: 'Subservicios',
      parent: 'Servicio principal',
      none: 'Ninguno',
      minutes: 'minutos',
      seconds: 'segundos',
    },
    team: {
      positions: {
        Admin: 'Administrador',
        CEO: 'Director general',
        Employee: 'Empleado',
        'Front Desk': 'Recepción',
        Manager: 'Responsable',
        Other: 'Otro',
        Secretary: 'Secretaría',
      },
    },
    holidays: {
      types: {
        vacation: 'Vacaciones',
        holiday: 'Festivo',
        other: 'Otro',
      },
      scopes: {
        agency: 'Toda la empresa',
        me: 'Yo',
        members: 'Miembros del equipo',
      },
      statuses: {
        pending: 'Pendiente',
        approved: 'Aprobada',
        declined: 'Rechazada',
      },
    },
  },
  note_types: {
    colour_invalid: 'Introduzca un color como #rrggbb',
  },
};

export default settings;
