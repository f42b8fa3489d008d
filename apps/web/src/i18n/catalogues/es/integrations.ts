/** Spanish: /settings/integrations (API keys; the webhooks have their own namespace). */
import type { Texts } from '../types';
import type en from '../en/integrations';

const integrations: Texts<typeof en> = {
  integrations: {
    title: 'Integraciones',
    menu: 'Integraciones',
    intro:
      'Otros sistemas (un CRM, un panel, el sistema de información de un hospital) siguen lo que ocurre en su empresa mediante el flujo de eventos y los webhooks.',
    keys: {
      title: 'Claves de API',
      intro: 'Una clave permite a otro sistema leer el flujo de eventos de su empresa. Dé a cada sistema su propia clave, solo con los permisos que necesita.',
      add: 'Crear clave',
      create_title: 'Nueva clave de API',
      create: 'Crear',
      empty: 'Aún no hay ninguna clave de API.',
      loading_failed: 'No se pudieron cargar las claves.',
      fields: {
        name: 'Nombre',
        name_hint: 'El sistema que la usará, p. ej. «CRM»',
        key: 'Clave',
        scopes: 'Permisos',
        created_at: 'Creada',
        last_used_at: 'Último uso',
        status: 'Estado',
      },
      scopes: {
        feed_read: 'Leer el flujo',
        pii_read: 'Datos personales',
        webhooks: 'Webhooks',
      },
      scope_hints: {
        feed_read: 'leer los eventos de su empresa, desde cualquier punto de su historial',
        pii_read: 'nombres, teléfonos y notas en los eventos (nunca los de un cliente borrado)',
        webhooks: 'gestionar los webhooks de la empresa con esta clave',
      },
      states: {
        active: 'Activa',
        revoked: 'Revocada',
      },
      never_used: 'Nunca',
      revoke: 'Revocar',
      revoke_title: 'Revocar esta clave',
      revoke_confirm: '¿Revocar la clave «{{name}}»? Los sistemas que la usan pierden el acceso de inmediato.',
      revoked: 'La clave «{{name}}» está revocada',
      token_title: 'La clave «{{name}}»',
      token_once: 'Copie la clave ahora: solo se muestra esta vez y solo se guarda su huella.',
      token_use: 'Envíela en la cabecera de cada solicitud:',
      copy: 'Copiar',
      copied: 'Copiada',
      done: 'Listo',
      errors: {
        name: 'Introduzca un nombre',
        name_long: 'El nombre puede tener como máximo {{max}} caracteres',
        scopes: 'Seleccione al menos un permiso',
        pii_alone: 'Los datos personales se leen mediante el flujo o los webhooks: seleccione también uno de ellos',
      },
    },
  },
};

export default integrations;
