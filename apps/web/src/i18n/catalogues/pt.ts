import type { Catalogue } from './en';

const pt: Catalogue = {
  ra: {
    action: {
      add: 'Adicionar', add_filter: 'Adicionar filtro', back: 'Voltar', bulk_actions: '{{smart_count}} selecionado(s)', cancel: 'Cancelar',
      clear_input_value: 'Limpar valor', clone: 'Duplicar', confirm: 'Confirmar', create: 'Criar', delete: 'Excluir', edit: 'Editar',
      export: 'Exportar', list: 'Lista', refresh: 'Atualizar', remove_filter: 'Remover este filtro', remove: 'Remover', save: 'Salvar',
      search: 'Pesquisar', select_all: 'Selecionar tudo', select_row: 'Selecionar esta linha', show: 'Mostrar', sort: 'Ordenar', undo: 'Desfazer',
      unselect: 'Desmarcar', expand: 'Expandir', close: 'Fechar', open_menu: 'Abrir menu', close_menu: 'Fechar menu', update: 'Atualizar',
      move_up: 'Mover para cima', move_down: 'Mover para baixo', open: 'Abrir', reset: 'Redefinir',
    },
    boolean: { true: 'Sim', false: 'Não', null: ' ' },
    page: {
      create: 'Criar {{name}}', dashboard: 'Painel', edit: '{{name}} {{recordRepresentation}}', error: 'Algo deu errado',
      list: '{{name}}', loading: 'Carregando', not_found: 'Não encontrado', show: '{{name}} {{recordRepresentation}}', empty: 'Ainda não há {{name}}.',
      invite: 'Deseja adicionar um?', access_denied: 'Acesso negado', authentication_error: 'Erro de autenticação',
    },
    input: { password: { toggle_visible: 'Ocultar senha', toggle_hidden: 'Mostrar senha' } },
    message: {
      about: 'Sobre', are_you_sure: 'Tem certeza?', auth_error: 'Ocorreu um erro ao validar o token de autenticação.',
      bulk_delete_content: 'Tem certeza de que deseja excluir estes {{smart_count}} itens?', bulk_delete_title: 'Excluir {{smart_count}} {{name}}',
      delete_content: 'Tem certeza de que deseja excluir este item?', delete_title: 'Excluir {{name}} {{recordRepresentation}}',
      details: 'Detalhes', error: 'Ocorreu um erro no navegador e sua solicitação não pôde ser concluída.',
      invalid_form: 'O formulário não é válido. Verifique os erros', loading: 'Aguarde', no: 'Não',
      not_found: 'Você digitou um endereço errado ou seguiu um link inválido.', yes: 'Sim',
      unsaved_changes: 'Algumas alterações não foram salvas. Tem certeza de que deseja ignorá-las?',
      access_denied: 'Você não tem as permissões necessárias para acessar esta página',
      authentication_error: 'O servidor de autenticação retornou um erro e suas credenciais não puderam ser verificadas.',
    },
    navigation: {
      no_results: 'Nenhum resultado encontrado', no_more_results: 'A página {{page}} está fora dos limites. Tente a página anterior.',
      page_out_of_boundaries: 'Página {{page}} fora dos limites', page_out_from_end: 'Não é possível ir além da última página',
      page_out_from_begin: 'Não é possível ir antes da página 1', page_range_info: '{{offsetBegin}}-{{offsetEnd}} de {{total}}',
      partial_page_range_info: '{{offsetBegin}}-{{offsetEnd}} de mais de {{offsetEnd}}', current_page: 'Página {{page}}',
      page: 'Ir para a página {{page}}', first: 'Ir para a primeira página', last: 'Ir para a última página', next: 'Ir para a próxima página',
      previous: 'Ir para a página anterior', page_rows_per_page: 'Linhas por página:', skip_nav: 'Ir para o conteúdo',
    },
    sort: { sort_by: 'Ordenar por {{field}} {{order}}', ASC: 'crescente', DESC: 'decrescente' },
    auth: {
      auth_check_error: 'Faça login para continuar', user_menu: 'Perfil', username: 'Usuário', password: 'Senha',
      email: 'E-mail', sign_in: 'Entrar', sign_in_error: 'Falha na autenticação, tente novamente', logout: 'Sair',
    },
    notification: {
      updated: 'Item atualizado', created: 'Item criado', deleted: 'Item excluído', bad_item: 'Item incorreto',
      item_doesnt_exist: 'O item não existe', http_error: 'Erro de comunicação com o servidor',
      data_provider_error: 'Erro no dataProvider. Veja o console para detalhes.', i18n_error: 'Não foi possível carregar as traduções do idioma escolhido',
      canceled: 'Ação cancelada', logged_out: 'Sua sessão terminou, conecte-se novamente.',
      not_authorized: 'Você não tem autorização para acessar este recurso.', offline: 'Sem conexão. Não foi possível obter os dados.',
    },
    validation: {
      required: 'Obrigatório', minLength: 'Deve ter pelo menos {{min}} caracteres', maxLength: 'Deve ter {{max}} caracteres ou menos',
      minValue: 'Deve ser pelo menos {{min}}', maxValue: 'Deve ser {{max}} ou menos', number: 'Deve ser um número',
      email: 'Deve ser um e-mail válido', oneOf: 'Deve ser um de: {{options}}', regex: 'Deve seguir um formato específico: {{pattern}}',
      unique: 'Deve ser único',
    },
  },
  app: {
    name: 'Tabour',
    language: 'Idioma',
    loading: 'Carregando…',
    toast: {
      successful: 'SUCESSO', sorry: 'Desculpe!', saved: 'Suas alterações foram salvas', created: 'Criado com sucesso',
      deleted: 'Excluído com sucesso', order_saved: 'A ordem foi salva',
    },
    menu: {
      dashboard: 'Painel', activity: 'Atividade', profile: 'Perfil', settings: 'Configurações', business: 'Informações da empresa',
      departments: 'Departamentos', services: 'Serviços', team: 'Equipe', holidays: 'Ausências', logout: 'Sair',
    },
    auth: {
      title: 'Entre na sua conta', email: 'E-mail', password: 'Senha', captcha: 'Código de segurança',
      captcha_alt: 'Imagem do código de segurança', captcha_refresh: 'Mostrar outro código', login: 'Entrar',
      no_account: 'Ainda não tem conta?', register_link: 'Cadastre sua empresa', forgot_link: 'Esqueceu sua senha?',
      from_register: 'Sua conta foi criada. Assim que for aprovada, você poderá entrar.',
      failed: 'E-mail e senha não correspondem aos nossos registros', back_to_login: 'Voltar ao login',
    },
    register: {
      title: 'Cadastre sua empresa', business_name: 'Nome da empresa', first_name: 'Nome', last_name: 'Sobrenome',
      email: 'E-mail', phone: 'Número de telefone', country: 'País', password: 'Senha', password_confirmation: 'Confirmar senha',
      terms: 'Aceito os Termos e Condições', terms_required: 'Você DEVE aceitar nossos Termos e Condições',
      password_mismatch: 'A confirmação da senha não confere', submit: 'Cadastrar', failed: 'Não foi possível cadastrar',
      have_account: 'Já tem cadastro?',
    },
    password: {
      hint: 'Pelo menos 8 caracteres com minúscula, maiúscula, dígito e caractere especial',
      weak: 'A senha precisa de pelo menos 8 caracteres com minúscula, maiúscula, dígito e caractere especial',
      forgot_title: 'Esqueceu sua senha?', forgot_intro: 'Informe seu e-mail: enviaremos um código de redefinição.',
      send_code: 'Enviar o código', code_sent: 'Se uma conta usa este e-mail, um código de redefinição foi enviado a ela',
      reset_title: 'Escolha uma nova senha', code: 'Código de redefinição', new_password: 'Nova senha', confirm: 'Confirmar a nova senha',
      reset_submit: 'Alterar minha senha', reset_done: 'Sua senha foi alterada, você já pode entrar',
      reset_failed: 'O e-mail e o código não correspondem', have_code: 'Tenho um código',
    },
    pages: {
      privacy_title: 'Política de privacidade',
      privacy_body: 'Guardamos os dados que sua empresa informa apenas para operar suas filas e agendamentos. Nunca os vendemos. Você pode exportar ou excluir seus dados a qualquer momento nas configurações.',
      terms_title: 'Termos e Condições',
      terms_body: 'Ao usar este serviço você concorda em usá-lo legalmente, manter suas credenciais em segredo e respeitar a privacidade de seus clientes.',
      not_found_title: 'Erro 404', not_found_body: 'A página que você procura não existe.', go_home: 'Ir para a página inicial',
      denied_title: 'Acesso negado', denied_body: 'Sua função não permite abrir esta página.',
      upgrade: 'Você precisa atualizar sua conta para acessar esta funcionalidade',
    },
    dashboard: {
      welcome: 'Bem-vindo, {{name}}!', intro: 'Configure sua conta em poucos passos para que sua equipe comece a atender clientes.',
      quick_setup: 'Configuração rápida da conta', step_business: 'Informações da empresa', step_departments: 'Departamentos',
      step_services: 'Serviços', step_team: 'Equipe', later: 'Fazer depois', resume: 'Mostrar a configuração da conta',
      hello: 'Olá {{name}}, esta é a sua empresa {{business}}.',
    },
    profile: {
      title: 'Meu perfil', account: 'Conta', first_name: 'Nome', last_name: 'Sobrenome', email: 'E-mail', phone: 'Número de telefone',
      language: 'Idioma preferido', password_title: 'Alterar minha senha', current_password: 'Senha atual',
      new_password: 'Nova senha', confirm: 'Confirmar a nova senha', save: 'Salvar', change_password: 'Alterar senha',
    },
    business: {
      title: 'Informações da empresa', basic: 'Informações básicas', location: 'Localização', working_days: 'Dias úteis',
      translations: 'Traduções', booking: 'Confirmação de agendamentos', name: 'Nome da empresa', industry: 'Setor',
      country: 'País', city: 'Cidade', address: 'Endereço', postal_code: 'CEP', phone: 'Telefone', email: 'E-mail',
      sms_sender_name: 'Remetente de SMS', time_zone: 'Fuso horário', slot_minutes: 'Duração do horário (minutos)',
      booking_days_limit: 'Agendamentos permitidos até (dias de antecedência)', booking_confirmation: 'Os agendamentos precisam de confirmação',
      published: 'Publicada', lat: 'Latitude', lng: 'Longitude', open: 'Aberto', closed: 'Fechado', from: 'De', to: 'Até',
      add_range: 'Adicionar horário', remove_range: 'Remover horário', translation_name: 'Nome', translation_description: 'Descrição',
      days_invalid: 'O número de dias é inválido',
    },
    days: { monday: 'Segunda-feira', tuesday: 'Terça-feira', wednesday: 'Quarta-feira', thursday: 'Quinta-feira', friday: 'Sexta-feira', saturday: 'Sábado', sunday: 'Domingo' },
    services: {
      reorder: 'Reordenar', reorder_title: 'Ordem dos serviços', reorder_hint: 'Arraste os serviços para a ordem que os clientes veem (ordem USSD).',
      save_order: 'Salvar a ordem', drag: 'Arraste para mover', sub_services: 'Subserviços', parent: 'Serviço principal', none: 'Nenhum',
      minutes: 'minutos', seconds: 'segundos',
    },
    team: { positions: { Admin: 'Administrador', CEO: 'Diretor executivo', Employee: 'Funcionário', 'Front Desk': 'Recepção', Manager: 'Gerente', Other: 'Outro', Secretary: 'Secretaria' } },
    holidays: {
      types: { vacation: 'Férias', holiday: 'Feriado', other: 'Outro' },
      scopes: { agency: 'Toda a empresa', me: 'Eu', members: 'Membros da equipe' },
      statuses: { pending: 'Pendente', approved: 'Aprovada', declined: 'Recusada' },
    },
    errors: {
      bad_credentials: 'E-mail e senha não correspondem aos nossos registros', captcha_required: 'Você DEVE provar que é humano',
      captcha_incorrect: 'Código de segurança incorreto', email_taken: 'O e-mail é inválido ou usado por outra conta',
      weak_password: 'A senha precisa de pelo menos 8 caracteres com minúscula, maiúscula, dígito e caractere especial',
      wrong_password: 'A senha atual não está correta', reset_mismatch: 'O e-mail e o código não correspondem',
      plan_required: 'Você precisa atualizar sua conta para acessar esta funcionalidade',
      has_sub_services: 'Este serviço tem subserviços: mova-os ou exclua-os primeiro',
      concurrency: 'Outra pessoa alterou o registro ao mesmo tempo, tente novamente',
      internal: 'Algo deu errado do nosso lado, tente novamente', not_found: 'Nenhum dado encontrado',
      awaiting_approval: 'Sua conta aguarda aprovação',
    },
    activity: {
      title: 'Atividade', who: 'Quem', what: 'O quê', when: 'Quando', record: 'Registro', from: 'De', to: 'Até', type: 'Tipo de evento',
      actors: { user: 'Usuário', system: 'Sistema', kiosk: 'Quiosque', display: 'Tela', customer: 'Cliente' },
    },
  },
  resources: {
    'settings/departments': {
      name: 'Departamentos', name_one: 'Departamento',
      fields: {
        name: 'Nome', primary_color: 'Cor principal', secondary_color: 'Cor secundária', text_color: 'Cor do texto',
        slot_duration: 'Duração do horário (minutos)', max_bookings_per_slot: 'Agendamentos por horário', max_daily_bookings: 'Agendamentos por dia',
        can_select_member: 'Os clientes podem escolher um membro da equipe', must_select_member: 'Os clientes devem escolher um membro da equipe',
        service_ids: 'Serviços', services: 'Serviços', created_at: 'Criado em',
      },
    },
    'settings/services': {
      name: 'Serviços', name_one: 'Serviço',
      fields: {
        name: 'Nome', price: 'Preço', duration: 'Duração', duration_unit: 'Unidade', category: 'Categoria', parent_id: 'Serviço principal',
        ussd_order: 'Ordem', sub_services: 'Subserviços', created_at: 'Criado em',
      },
    },
    'settings/team': {
      name: 'Equipe', name_one: 'Membro da equipe',
      fields: {
        first_name: 'Nome', last_name: 'Sobrenome', name: 'Nome completo', email: 'E-mail', phone: 'Telefone', position: 'Cargo',
        role: 'Função', department_id: 'Departamento', department_name: 'Departamento', is_bookable: 'Agendável',
        member_since: 'Membro desde', working_days: 'Dias úteis',
      },
    },
    'settings/holidays': {
      name: 'Ausências', name_one: 'Ausência',
      fields: {
        type: 'Tipo', scope: 'Para', member_ids: 'Membros da equipe', reason: 'Motivo', start_date: 'Primeiro dia', end_date: 'Último dia',
        status: 'Situação', created_at: 'Criado em',
      },
    },
    activity: { name: 'Atividade', name_one: 'Atividade', fields: { type: 'O quê', actor: 'Quem', recorded_at: 'Quando', stream_id: 'Registro', from: 'De', to: 'Até' } },
  },
};

export default pt;
