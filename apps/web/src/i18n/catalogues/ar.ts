import type { Catalogue } from './en';

const ar: Catalogue = {
  ra: {
    action: {
      add: 'إضافة', add_filter: 'إضافة فلتر', back: 'رجوع', bulk_actions: 'تم تحديد {{smart_count}}', cancel: 'إلغاء',
      clear_input_value: 'مسح القيمة', clone: 'نسخ', confirm: 'تأكيد', create: 'إنشاء', delete: 'حذف', edit: 'تعديل',
      export: 'تصدير', list: 'قائمة', refresh: 'تحديث', remove_filter: 'إزالة هذا الفلتر', remove: 'إزالة', save: 'حفظ',
      search: 'بحث', select_all: 'تحديد الكل', select_row: 'تحديد هذا السطر', show: 'عرض', sort: 'فرز', undo: 'تراجع',
      unselect: 'إلغاء التحديد', expand: 'توسيع', close: 'إغلاق', open_menu: 'فتح القائمة', close_menu: 'إغلاق القائمة', update: 'تحديث',
      move_up: 'نقل لأعلى', move_down: 'نقل لأسفل', open: 'فتح', reset: 'إعادة تعيين',
    },
    boolean: { true: 'نعم', false: 'لا', null: ' ' },
    page: {
      create: 'إنشاء {{name}}', dashboard: 'لوحة التحكم', edit: '{{name}} {{recordRepresentation}}', error: 'حدث خطأ ما',
      list: '{{name}}', loading: 'جار التحميل', not_found: 'غير موجود', show: '{{name}} {{recordRepresentation}}', empty: 'لا يوجد {{name}} بعد.',
      invite: 'هل تريد إضافة واحد؟', access_denied: 'تم رفض الوصول', authentication_error: 'خطأ في المصادقة',
    },
    input: { password: { toggle_visible: 'إخفاء كلمة المرور', toggle_hidden: 'إظهار كلمة المرور' } },
    message: {
      about: 'حول', are_you_sure: 'هل أنت متأكد؟', auth_error: 'حدث خطأ أثناء التحقق من رمز المصادقة.',
      bulk_delete_content: 'هل أنت متأكد أنك تريد حذف هذه العناصر ({{smart_count}})؟', bulk_delete_title: 'حذف {{smart_count}} {{name}}',
      delete_content: 'هل أنت متأكد أنك تريد حذف هذا العنصر؟', delete_title: 'حذف {{name}} {{recordRepresentation}}',
      details: 'التفاصيل', error: 'حدث خطأ في المتصفح ولم يكتمل طلبك.',
      invalid_form: 'النموذج غير صالح. يرجى التحقق من الأخطاء', loading: 'يرجى الانتظار', no: 'لا',
      not_found: 'إما أنك كتبت عنوانًا خاطئًا، أو اتبعت رابطًا معطلًا.', yes: 'نعم',
      unsaved_changes: 'لم يتم حفظ بعض التغييرات. هل أنت متأكد أنك تريد تجاهلها؟',
      access_denied: 'ليست لديك الصلاحيات اللازمة للوصول إلى هذه الصفحة',
      authentication_error: 'أعاد خادم المصادقة خطأ ولم يتم التحقق من بيانات اعتمادك.',
    },
    navigation: {
      no_results: 'لا توجد نتائج', no_more_results: 'رقم الصفحة {{page}} خارج النطاق. جرّب الصفحة السابقة.',
      page_out_of_boundaries: 'رقم الصفحة {{page}} خارج النطاق', page_out_from_end: 'لا يمكن تجاوز الصفحة الأخيرة',
      page_out_from_begin: 'لا يمكن الرجوع قبل الصفحة 1', page_range_info: '{{offsetBegin}}-{{offsetEnd}} من {{total}}',
      partial_page_range_info: '{{offsetBegin}}-{{offsetEnd}} من أكثر من {{offsetEnd}}', current_page: 'الصفحة {{page}}',
      page: 'الذهاب إلى الصفحة {{page}}', first: 'الذهاب إلى الصفحة الأولى', last: 'الذهاب إلى الصفحة الأخيرة', next: 'الذهاب إلى الصفحة التالية',
      previous: 'الذهاب إلى الصفحة السابقة', page_rows_per_page: 'عدد الأسطر في الصفحة:', skip_nav: 'انتقل إلى المحتوى',
    },
    sort: { sort_by: 'فرز حسب {{field}} {{order}}', ASC: 'تصاعدي', DESC: 'تنازلي' },
    auth: {
      auth_check_error: 'يرجى تسجيل الدخول للمتابعة', user_menu: 'الملف الشخصي', username: 'اسم المستخدم', password: 'كلمة المرور',
      email: 'البريد الإلكتروني', sign_in: 'تسجيل الدخول', sign_in_error: 'فشلت المصادقة، يرجى إعادة المحاولة', logout: 'تسجيل الخروج',
    },
    notification: {
      updated: 'تم تحديث العنصر', created: 'تم إنشاء العنصر', deleted: 'تم حذف العنصر', bad_item: 'عنصر غير صحيح',
      item_doesnt_exist: 'العنصر غير موجود', http_error: 'خطأ في الاتصال بالخادم',
      data_provider_error: 'خطأ في مزود البيانات. راجع وحدة التحكم للتفاصيل.', i18n_error: 'تعذر تحميل الترجمات للغة المحددة',
      canceled: 'تم إلغاء الإجراء', logged_out: 'انتهت جلستك، يرجى إعادة الاتصال.',
      not_authorized: 'غير مصرح لك بالوصول إلى هذا المورد.', offline: 'لا يوجد اتصال. تعذر جلب البيانات.',
    },
    validation: {
      required: 'مطلوب', minLength: 'يجب ألا يقل عن {{min}} حرفًا', maxLength: 'يجب ألا يزيد عن {{max}} حرفًا',
      minValue: 'يجب ألا يقل عن {{min}}', maxValue: 'يجب ألا يزيد عن {{max}}', number: 'يجب أن يكون رقمًا',
      email: 'يجب أن يكون بريدًا إلكترونيًا صالحًا', oneOf: 'يجب أن يكون أحد: {{options}}', regex: 'يجب أن يطابق تنسيقًا محددًا: {{pattern}}',
      unique: 'يجب أن يكون فريدًا',
    },
  },
  app: {
    name: 'طابور',
    language: 'اللغة',
    loading: 'جار التحميل…',
    toast: {
      successful: 'تم بنجاح', sorry: 'عذرًا!', saved: 'تم حفظ تغييراتك', created: 'تم الإنشاء بنجاح',
      deleted: 'تم الحذف بنجاح', order_saved: 'تم حفظ الترتيب',
    },
    menu: {
      dashboard: 'لوحة التحكم', activity: 'النشاط', profile: 'الملف الشخصي', settings: 'الإعدادات', business: 'معلومات المؤسسة',
      departments: 'الأقسام', services: 'الخدمات', team: 'الفريق', holidays: 'العطل', logout: 'تسجيل الخروج',
    },
    auth: {
      title: 'سجّل الدخول إلى حسابك', email: 'البريد الإلكتروني', password: 'كلمة المرور', captcha: 'رمز الأمان',
      captcha_alt: 'صورة رمز الأمان', captcha_refresh: 'عرض رمز آخر', login: 'تسجيل الدخول',
      no_account: 'ليس لديك حساب بعد؟', register_link: 'سجّل مؤسستك', forgot_link: 'نسيت كلمة المرور؟',
      from_register: 'تم إنشاء حسابك. يمكنك تسجيل الدخول بمجرد الموافقة عليه.',
      failed: 'البريد الإلكتروني وكلمة المرور لا يتطابقان مع سجلاتنا', back_to_login: 'العودة إلى تسجيل الدخول',
    },
    register: {
      title: 'سجّل مؤسستك', business_name: 'اسم المؤسسة', first_name: 'الاسم', last_name: 'اللقب',
      email: 'البريد الإلكتروني', phone: 'رقم الهاتف', country: 'البلد', password: 'كلمة المرور', password_confirmation: 'تأكيد كلمة المرور',
      terms: 'أوافق على الشروط والأحكام', terms_required: 'يجب عليك قبول الشروط والأحكام',
      password_mismatch: 'تأكيد كلمة المرور غير مطابق', submit: 'التسجيل', failed: 'تعذر التسجيل',
      have_account: 'مسجّل بالفعل؟',
    },
    password: {
      hint: '8 أحرف على الأقل تتضمن حرفًا صغيرًا وحرفًا كبيرًا ورقمًا ورمزًا خاصًا',
      weak: 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل تتضمن حرفًا صغيرًا وحرفًا كبيرًا ورقمًا ورمزًا خاصًا',
      forgot_title: 'نسيت كلمة المرور؟', forgot_intro: 'أدخل بريدك الإلكتروني وسنرسل إليك رمز إعادة التعيين.',
      send_code: 'إرسال الرمز', code_sent: 'إذا كان هناك حساب يستخدم هذا البريد الإلكتروني، فقد أُرسل إليه رمز إعادة التعيين',
      reset_title: 'اختر كلمة مرور جديدة', code: 'رمز إعادة التعيين', new_password: 'كلمة المرور الجديدة', confirm: 'تأكيد كلمة المرور الجديدة',
      reset_submit: 'تغيير كلمة المرور', reset_done: 'تم تغيير كلمة المرور، يمكنك تسجيل الدخول الآن',
      reset_failed: 'البريد الإلكتروني ورمز إعادة التعيين غير متطابقين', have_code: 'لدي رمز',
    },
    pages: {
      privacy_title: 'سياسة الخصوصية',
      privacy_body: 'نحتفظ بالبيانات التي تدخلها مؤسستك فقط لتشغيل قوائم الانتظار والمواعيد. لا نبيعها أبدًا. يمكنك تصدير بياناتك أو حذفها في أي وقت من الإعدادات.',
      terms_title: 'الشروط والأحكام',
      terms_body: 'باستخدامك لهذه الخدمة فإنك توافق على استخدامها بشكل قانوني، والحفاظ على سرية بيانات الدخول، واحترام خصوصية عملائك.',
      not_found_title: 'خطأ 404', not_found_body: 'الصفحة التي تبحث عنها غير موجودة.', go_home: 'الذهاب إلى الصفحة الرئيسية',
      denied_title: 'تم رفض الوصول', denied_body: 'دورك لا يسمح لك بفتح هذه الصفحة.',
      upgrade: 'يجب عليك ترقية حسابك للوصول إلى هذه الميزة',
    },
    dashboard: {
      welcome: 'مرحبًا، {{name}}!', intro: 'أعدّ حسابك في خطوات قليلة ليبدأ فريقك في خدمة العملاء.',
      quick_setup: 'إعداد سريع للحساب', step_business: 'معلومات المؤسسة', step_departments: 'الأقسام',
      step_services: 'الخدمات', step_team: 'الفريق', later: 'لاحقًا', resume: 'عرض إعداد الحساب',
      hello: 'مرحبًا {{name}}، هذه مؤسستك {{business}}.',
    },
    profile: {
      title: 'ملفي الشخصي', account: 'الحساب', first_name: 'الاسم', last_name: 'اللقب', email: 'البريد الإلكتروني', phone: 'رقم الهاتف',
      language: 'اللغة المفضلة', password_title: 'تغيير كلمة المرور', current_password: 'كلمة المرور الحالية',
      new_password: 'كلمة المرور الجديدة', confirm: 'تأكيد كلمة المرور الجديدة', save: 'حفظ', change_password: 'تغيير كلمة المرور',
    },
    business: {
      title: 'معلومات المؤسسة', basic: 'المعلومات الأساسية', location: 'الموقع', working_days: 'أيام العمل',
      translations: 'الترجمات', booking: 'تأكيد المواعيد', name: 'اسم المؤسسة', industry: 'القطاع',
      country: 'البلد', city: 'المدينة', address: 'العنوان', postal_code: 'الرمز البريدي', phone: 'الهاتف', email: 'البريد الإلكتروني',
      sms_sender_name: 'اسم مرسل الرسائل القصيرة', time_zone: 'المنطقة الزمنية', slot_minutes: 'مدة الفترة (بالدقائق)',
      booking_days_limit: 'المواعيد مسموحة حتى (أيام مقدمًا)', booking_confirmation: 'تحتاج المواعيد إلى تأكيد',
      published: 'منشورة', lat: 'خط العرض', lng: 'خط الطول', open: 'مفتوح', closed: 'مغلق', from: 'من', to: 'إلى',
      add_range: 'إضافة ساعات', remove_range: 'حذف الساعات', translation_name: 'الاسم', translation_description: 'الوصف',
      days_invalid: 'عدد الأيام غير صالح',
    },
    days: { monday: 'الاثنين', tuesday: 'الثلاثاء', wednesday: 'الأربعاء', thursday: 'الخميس', friday: 'الجمعة', saturday: 'السبت', sunday: 'الأحد' },
    services: {
      reorder: 'إعادة الترتيب', reorder_title: 'ترتيب الخدمات', reorder_hint: 'اسحب الخدمات إلى الترتيب الذي يراه العملاء (ترتيب USSD).',
      save_order: 'حفظ الترتيب', drag: 'اسحب للنقل', sub_services: 'الخدمات الفرعية', parent: 'الخدمة الأم', none: 'لا شيء',
      minutes: 'دقائق', seconds: 'ثوانٍ',
    },
    team: { positions: { Admin: 'مسؤول', CEO: 'المدير العام', Employee: 'موظف', 'Front Desk': 'الاستقبال', Manager: 'مدير', Other: 'آخر', Secretary: 'سكرتير' } },
    holidays: {
      types: { vacation: 'إجازة', holiday: 'عطلة رسمية', other: 'أخرى' },
      scopes: { agency: 'المؤسسة بأكملها', me: 'أنا', members: 'أعضاء الفريق' },
      statuses: { pending: 'قيد الانتظار', approved: 'مقبول', declined: 'مرفوض' },
    },
    errors: {
      bad_credentials: 'البريد الإلكتروني وكلمة المرور لا يتطابقان مع سجلاتنا', captcha_required: 'يجب أن تثبت أنك إنسان',
      captcha_incorrect: 'رمز الأمان غير صحيح', email_taken: 'البريد الإلكتروني غير صالح أو مستخدم من حساب آخر',
      weak_password: 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل تتضمن حرفًا صغيرًا وحرفًا كبيرًا ورقمًا ورمزًا خاصًا',
      wrong_password: 'كلمة المرور الحالية غير صحيحة', reset_mismatch: 'البريد الإلكتروني ورمز إعادة التعيين غير متطابقين',
      plan_required: 'يجب عليك ترقية حسابك للوصول إلى هذه الميزة',
      has_sub_services: 'لهذه الخدمة خدمات فرعية: انقلها أو احذفها أولًا',
      concurrency: 'عدّل شخص آخر هذا العنصر في الوقت نفسه، أعد المحاولة',
      internal: 'حدث خطأ من جهتنا، يرجى إعادة المحاولة', not_found: 'لم يتم العثور على بيانات',
      awaiting_approval: 'حسابك في انتظار الموافقة',
    },
    activity: {
      title: 'النشاط', who: 'من', what: 'ماذا', when: 'متى', record: 'العنصر', from: 'من', to: 'إلى', type: 'نوع الحدث',
      actors: { user: 'مستخدم', system: 'النظام', kiosk: 'جهاز الخدمة الذاتية', display: 'شاشة العرض', customer: 'عميل' },
    },
  },
  resources: {
    'settings/departments': {
      name: 'الأقسام', name_one: 'قسم',
      fields: {
        name: 'الاسم', primary_color: 'اللون الأساسي', secondary_color: 'اللون الثانوي', text_color: 'لون النص',
        slot_duration: 'مدة الفترة (بالدقائق)', max_bookings_per_slot: 'المواعيد لكل فترة', max_daily_bookings: 'المواعيد في اليوم',
        can_select_member: 'يمكن للعملاء اختيار عضو من الفريق', must_select_member: 'يجب على العملاء اختيار عضو من الفريق',
        service_ids: 'الخدمات', services: 'الخدمات', created_at: 'تاريخ الإنشاء',
      },
    },
    'settings/services': {
      name: 'الخدمات', name_one: 'خدمة',
      fields: {
        name: 'الاسم', price: 'السعر', duration: 'المدة', duration_unit: 'الوحدة', category: 'الفئة', parent_id: 'الخدمة الأم',
        ussd_order: 'الترتيب', sub_services: 'الخدمات الفرعية', created_at: 'تاريخ الإنشاء',
      },
    },
    'settings/team': {
      name: 'الفريق', name_one: 'عضو الفريق',
      fields: {
        first_name: 'الاسم', last_name: 'اللقب', name: 'الاسم الكامل', email: 'البريد الإلكتروني', phone: 'الهاتف', position: 'المنصب',
        role: 'الدور', department_id: 'القسم', department_name: 'القسم', is_bookable: 'قابل للحجز',
        member_since: 'عضو منذ', working_days: 'أيام العمل',
      },
    },
    'settings/holidays': {
      name: 'العطل', name_one: 'عطلة',
      fields: {
        type: 'النوع', scope: 'لمن', member_ids: 'أعضاء الفريق', reason: 'السبب', start_date: 'اليوم الأول', end_date: 'اليوم الأخير',
        status: 'الحالة', created_at: 'تاريخ الإنشاء',
      },
    },
    activity: { name: 'النشاط', name_one: 'النشاط', fields: { type: 'ماذا', actor: 'من', recorded_at: 'متى', stream_id: 'العنصر', from: 'من', to: 'إلى' } },
  },
};

export default ar;
