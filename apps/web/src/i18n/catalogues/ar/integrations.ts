/** Arabic: /settings/integrations (API keys; the webhooks have their own namespace). */
import type { Texts } from '../types';
import type en from '../en/integrations';

const integrations: Texts<typeof en> = {
  integrations: {
    title: 'التكاملات',
    menu: 'التكاملات',
    intro: 'تتابع أنظمة أخرى (نظام إدارة علاقات العملاء، لوحة متابعة، نظام معلومات مستشفى) ما يحدث في مؤسستك عبر تدفق الأحداث وخطافات الويب.',
    keys: {
      title: 'مفاتيح API',
      intro: 'يتيح المفتاح لنظام آخر قراءة تدفق أحداث مؤسستك. امنح كل نظام مفتاحه الخاص، بالصلاحيات التي يحتاجها فقط.',
      add: 'إنشاء مفتاح',
      create_title: 'مفتاح API جديد',
      create: 'إنشاء',
      empty: 'لا يوجد أي مفتاح API بعد.',
      loading_failed: 'تعذّر تحميل المفاتيح.',
      fields: {
        name: 'الاسم',
        name_hint: 'النظام الذي سيستخدمه، مثل «CRM»',
        key: 'المفتاح',
        scopes: 'الصلاحيات',
        created_at: 'تاريخ الإنشاء',
        last_used_at: 'آخر استخدام',
        status: 'الحالة',
      },
      scopes: {
        feed_read: 'قراءة التدفق',
        pii_read: 'البيانات الشخصية',
        webhooks: 'خطافات الويب',
      },
      scope_hints: {
        feed_read: 'قراءة أحداث مؤسستك من أي نقطة في سجلها',
        pii_read: 'الأسماء وأرقام الهواتف والملاحظات في الأحداث (وليس أبدًا بيانات عميل تم محوه)',
        webhooks: 'إدارة خطافات الويب الخاصة بالمؤسسة بهذا المفتاح',
      },
      states: {
        active: 'نشط',
        revoked: 'ملغى',
      },
      never_used: 'أبدًا',
      revoke: 'إلغاء',
      revoke_title: 'إلغاء هذا المفتاح',
      revoke_confirm: 'إلغاء المفتاح «{{name}}»؟ تفقد الأنظمة التي تستخدمه الوصول فورًا.',
      revoked: 'تم إلغاء المفتاح «{{name}}»',
      token_title: 'المفتاح «{{name}}»',
      token_once: 'انسخ المفتاح الآن: لا يُعرض إلا هذه المرة، ولا تُحفظ إلا بصمته.',
      token_use: 'أرسله في ترويسة كل طلب:',
      copy: 'نسخ',
      copied: 'تم النسخ',
      done: 'تم',
      errors: {
        name: 'أدخل اسمًا',
        name_long: 'يمكن أن يحتوي الاسم على {{max}} حرفًا على الأكثر',
        scopes: 'اختر صلاحية واحدة على الأقل',
        pii_alone: 'تُقرأ البيانات الشخصية عبر التدفق أو خطافات الويب: اختر أحدهما أيضًا',
      },
    },
  },
};

export default integrations;
