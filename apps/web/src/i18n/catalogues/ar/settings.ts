/** Arabic: the settings screens: business, opening days, services, team, holidays and ticket note types. */
import type { Texts } from '../types';
import type en from '../en/settings';

const settings: Texts<typeof en> = {
  app: {
    business: {
      title: 'معلومات المؤسسة',
      basic: 'المعلومات الأساسية',
      location: 'الموقع',
      working_days: 'أيام العمل',
      translations: 'الترجمات',
      booking: 'تأكيد المواعيد',
      name: 'اسم المؤسسة',
      industry: 'القطاع',
      country: 'البلد',
      city: 'المدينة',
      address: 'العنوان',
      postal_code: 'الرمز البريدي',
      phone: 'الهاتف',
      email: 'البريد الإلكتروني',
      sms_sender_name: 'اسم مرسل الرسائل القصيرة',
      time_zone: 'المنطقة الزمنية',
      slot_minutes: 'مدة الفترة (بالدقائق)',
      booking_days_limit: 'المواعيد مسموحة حتى (أيام مقدمًا)',
      booking_confirmation: 'تحتاج المواعيد إلى تأكيد',
      published: 'منشورة',
      lat: 'خط العرض',
      lng: 'خط الطول',
      open: 'مفتوح',
      closed: 'مغلق',
      from: 'من',
      to: 'إلى',
      add_range: 'إضافة ساعات',
      remove_range: 'حذف الساعات',
      translation_name: 'الاسم',
      translation_description: 'الوصف',
      days_invalid: 'عدد الأيام غير صالح',
    },
    days: {
      monday: 'الاثنين',
      tuesday: 'الثلاثاء',
      wednesday: 'الأربعاء',
      thursday: 'الخميس',
      friday: 'الجمعة',
      saturday: 'السبت',
      sunday: 'الأحد',
    },
    services: {
      reorder: 'إعادة الترتيب',
      reorder_title: 'ترتيب الخدمات',
      reorder_hint: 'اسحب الخدمات إلى الترتيب الذي يراه العملاء (ترتيب USSD).',
      save_order: 'حفظ الترتيب',
      drag: 'اسحب للنقل',
      sub_services: 'الخدمات الفرعية',
      parent: 'الخدمة الأم',
      none: 'لا شيء',
      minutes: 'دقائق',
      seconds: 'ثوانٍ',
    },
    team: {
      positions: {
        Admin: 'مسؤول',
        CEO: 'المدير العام',
        Employee: 'موظف',
        'Front Desk': 'الاستقبال',
        Manager: 'مدير',
        Other: 'آخر',
        Secretary: 'سكرتير',
      },
    },
    holidays: {
      types: {
        vacation: 'إجازة',
        holiday: 'عطلة رسمية',
        other: 'أخرى',
      },
      scopes: {
        agency: 'المؤسسة بأكملها',
        me: 'أنا',
        members: 'أعضاء الفريق',
      },
      statuses: {
        pending: 'قيد الانتظار',
        approved: 'مقبول',
        declined: 'مرفوض',
      },
    },
  },
  note_types: {
    colour_invalid: 'أدخل اللون بالصيغة ‎#rrggbb',
  },
};

export default settings;
