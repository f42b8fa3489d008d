import { specification } from '@tabour/eventstore/testing';
import { paymentTypesDecider } from '.';

const B = '11111111-1111-4111-8111-111111111111';

describe('payment types', () => {
  const types = specification(paymentTypesDecider);
  it('accepts every method until the business chooses, then the chosen ones in the list order', () => {
    types
      .given([])
      .when({ type: 'SetPaymentTypes', business_id: B, methods: ['other', 'cash', 'online', 'cheque'] })
      .thenNothingHappens();
    types
      .given([])
      .when({ type: 'SetPaymentTypes', business_id: B, methods: ['online', 'cash'] })
      .then([{ type: 'PaymentTypesUpdated', data: { business_id: B, methods: ['cash', 'online'] } }]);
    types
      .given([])
      .when({ type: 'SetPaymentTypes', business_id: B, methods: [] })
      .thenRefuses({ fields: ['methods'] });
    types
      .given([])
      .when({ type: 'SetPaymentTypes', business_id: B, methods: ['gold'] })
      .thenRefuses({ fields: ['methods'] });
  });
});
