/** Portuguese: /settings/integrations (API keys; the webhooks have their own namespace). */
import type { Texts } from '../types';
import type en from '../en/integrations';

const integrations: Texts<typeof en> = {
  integrations: {
    title: 'Integrações',
    menu: 'Integrações',
    intro:
      'Outros sistemas (um CRM, um painel, o sistema de informação de um hospital) acompanham o que acontece na sua empresa através do fluxo de eventos e dos webhooks.',
    keys: {
      title: 'Chaves de API',
      intro:
        'Uma chave permite a outro sistema ler o fluxo de eventos da sua empresa. Dê a cada sistema a sua própria chave, apenas com as permissões de que precisa.',
      add: 'Criar chave',
      create_title: 'Nova chave de API',
      create: 'Criar',
      empty: 'Ainda não há nenhuma chave de API.',
      loading_failed: 'Não foi possível carregar as chaves.',
      fields: {
        name: 'Nome',
        name_hint: 'O sistema que a vai usar, por ex. «CRM»',
        key: 'Chave',
        scopes: 'Permissões',
        created_at: 'Criada',
        last_used_at: 'Última utilização',
        status: 'Estado',
      },
      scopes: {
        feed_read: 'Ler o fluxo',
        pii_read: 'Dados pessoais',
        webhooks: 'Webhooks',
      },
      scope_hints: {
        feed_read: 'ler os eventos da sua empresa, a partir de qualquer ponto do seu histórico',
        pii_read: 'nomes, telefones e notas nos eventos (nunca os de um cliente apagado)',
        webhooks: 'gerir os webhooks da empresa com esta chave',
      },
      states: {
        active: 'Ativa',
        revoked: 'Revogada',
      },
      never_used: 'Nunca',
      revoke: 'Revogar',
      revoke_title: 'Revogar esta chave',
      revoke_confirm: 'Revogar a chave «{{name}}»? Os sistemas que a usam perdem o acesso de imediato.',
      revoked: 'A chave «{{name}}» foi revogada',
      token_title: 'A chave «{{name}}»',
      token_once: 'Copie a chave agora: só é mostrada desta vez e só a sua impressão digital é guardada.',
      token_use: 'Envie-a no cabeçalho de cada pedido:',
      copy: 'Copiar',
      copied: 'Copiada',
      done: 'Concluído',
      errors: {
        name: 'Introduza um nome',
        name_long: 'O nome pode ter no máximo {{max}} caracteres',
        scopes: 'Selecione pelo menos uma permissão',
        pii_alone: 'Os dados pessoais leem-se pelo fluxo ou pelos webhooks: selecione também um deles',
      },
    },
  },
};

export default integrations;
