/** Arabic: the customers: categories, tabs, notifications, imports, exports and attachments. */
import type { Texts } from '../types';
import type en from '../en/customers';

const customers: Texts<typeof en> = {
  customers: {
    categories: {
      BASIC: 'عادي',
      VIP: 'مميز VIP',
      BLACKLISTED: 'قائمة سوداء',
    },
    search: 'الاسم أو الهاتف أو البريد أو الرقم الداخلي',
    next_iid: 'الرقم التالي',
    key: 'المفتاح',
    value: 'القيمة',
    add_entry: 'إضافة حقل',
    tabs: {
      customer: 'العميل',
      modify: 'تعديل',
      notify: 'إشعار',
      booking: 'الحجز',
      ticket: 'التذكرة',
      next_bookings: 'الحجوزات القادمة',
      booking_archive: 'أرشيف الحجوزات',
      queue_archive: 'أرشيف الطوابير',
      attachments: 'المرفقات',
    },
    empty_tab: 'لا يوجد شيء بعد.',
    no_next_booking: 'لا يوجد حجز قادم.',
    no_past_booking: 'لا توجد حجوزات سابقة.',
    mark_vip: 'تمييز كـ VIP',
    blacklist: 'إضافة إلى القائمة السوداء',
    make_basic: 'إعادة إلى عادي',
    category_changed: 'تم تغيير الفئة',
    notify: {
      action: 'إشعار',
      title: 'إرسال رسالة',
      channel: 'القناة',
      email: 'البريد الإلكتروني',
      sms: 'رسالة نصية',
      subject: 'الموضوع',
      message: 'الرسالة',
      send: 'إرسال',
      sent: 'الرسائل المرسلة: {{sent}}',
      sms_unavailable: 'تعذر إرسال الرسائل النصية: لا توجد خدمة رسائل مهيأة',
    },
    import: {
      action: 'استيراد',
      choose: 'اختر ملفًا (.CSV, .XSL, .XSLX)',
      uploading: 'جارٍ الرفع…',
      report: 'تقرير الاستيراد',
      created: 'تم استيراد: {{count}}',
      updated: 'تم تحديث: {{count}}',
      unchanged: 'دون تغيير: {{count}}',
      rejected: 'الأسطر المرفوضة',
      row: 'السطر {{row}}',
      none_rejected: 'لم يُرفض أي سطر.',
    },
    export: {
      csv: 'تصدير CSV',
      xlsx: 'تصدير XLSX',
    },
    attachments: {
      upload: 'إرفاق ملف',
      file_name: 'الملف',
      size: 'الحجم',
      created_at: 'أضيف في',
      download: 'تنزيل',
      delete: 'حذف',
      empty: 'لا توجد مرفقات بعد.',
      uploaded: 'تم إرفاق الملف',
      deleted: 'تم حذف الملف',
    },
  },
};

export default customers;
