export type PaymentTypesCommand = { type: 'SetPaymentTypes'; business_id: string; methods: unknown };
