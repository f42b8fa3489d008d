import { specification } from '@tabour/eventstore/testing';
import { customerDecider, CustomerEvent } from '.';
import { EMPTY_PERSONAL } from '../fields';

const B = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';
const A = '44444444-4444-4444-8444-444444444444';

const spec = specification(customerDecider);

const registered: CustomerEvent = {
  type: 'CustomerRegistered',
  data: {
    customer_id: C,
    business_id: B,
    via: 'staff',
    category: 'BASIC',
    book_more_than_once: false,
    preferred_language: null,
    platform_verification: null,
    personal: { ...EMPTY_PERSONAL, first_name: 'Ali', phone: '+21620123456', internal_id: '7' },
  },
};
const ids = { customer_id: C, business_id: B };

describe('customer decider', () => {
  describe('register', () => {
    it('normalises what it is given: E.164 phone read with the business country, lowercase e-mail, uppercase codes', () => {
      spec
        .given([])
        .when({
          type: 'RegisterCustomer',
          ...ids,
          country: 'TN',
          today: '2026-11-22',
          input: { first_name: ' Ali ', email: 'Ali@Example.TEST', phone: '20 123 456', nationality: 'tn', category: 'vip', date_of_birth: '1990-05-31' },
        })
        .then([
          {
            type: 'CustomerRegistered',
            data: {
              ...ids,
              via: 'staff',
              category: 'VIP',
              book_more_than_once: false,
              preferred_language: null,
              platform_verification: null,
              personal: {
                ...EMPTY_PERSONAL,
                first_name: 'Ali',
                email: 'ali@example.test',
                phone: '+21620123456',
                nationality: 'TN',
                date_of_birth: '1990-05-31',
              },
            },
          },
        ]);
    });

    it('gathers every invalid field before refusing', () => {
      const error = spec
        .given([])
        .when({
          type: 'RegisterCustomer',
          ...ids,
          country: 'TN',
          today: '2026-11-22',
          input: { first_name: 'X', phone: '123', email: 'nope', date_of_birth: '2027-01-01', preferred_language: 'xx', additional_data: [] },
        })
        .thenRefuses({ status: 422 });
      expect(Object.keys(error.errors!).sort()).toEqual(['additional_data', 'date_of_birth', 'email', 'phone', 'preferred_language']);
    });

    it('refuses a customer with nothing to find them by', () => {
      const error = spec
        .given([])
        .when({ type: 'RegisterCustomer', ...ids, country: 'TN', input: { notes: 'someone' } })
        .thenRefuses({ fields: ['first_name'] });
      expect(error.errors?.first_name).toEqual(['Give at least a name, a phone number, an email or an internal id']);
    });

    it('does nothing when the same create is retried', () => {
      spec
        .given([registered])
        .when({ type: 'RegisterCustomer', ...ids, country: 'TN', input: { first_name: 'Ali' } })
        .thenNothingHappens();
    });
  });

  describe('update', () => {
    it('records only what changed, personal and settings apart', () => {
      spec
        .given([registered])
        .when({ type: 'UpdateCustomer', ...ids, country: 'TN', input: { first_name: 'Ali', notes: 'New', book_more_than_once: true } })
        .then([{ type: 'CustomerUpdated', data: { ...ids, changes: { book_more_than_once: true }, personal: { notes: 'New' } } }]);
    });

    it('records nothing when nothing changed', () => {
      spec
        .given([registered])
        .when({ type: 'UpdateCustomer', ...ids, country: 'TN', input: { phone: '+216 20 123 456' } })
        .thenNothingHappens();
    });

    it('refuses to clear everything a customer is found by', () => {
      spec
        .given([registered])
        .when({ type: 'UpdateCustomer', ...ids, country: 'TN', input: { first_name: null, phone: null, internal_id: null } })
        .thenRefuses({ status: 422 });
    });

    it('answers another business exactly like a missing customer', () => {
      spec
        .given([registered])
        .when({ type: 'UpdateCustomer', customer_id: C, business_id: OTHER, country: 'TN', input: { notes: 'x' } })
        .thenRefuses({ status: 404 });
      spec
        .given([])
        .when({ type: 'UpdateCustomer', ...ids, country: 'TN', input: { notes: 'x' } })
        .thenRefuses({ status: 404 });
    });
  });

  describe('category', () => {
    it('moves the customer to another book, and does nothing for the same one', () => {
      spec
        .given([registered])
        .when({ type: 'ChangeCustomerCategory', ...ids, category: 'BLACKLISTED' })
        .then([{ type: 'CustomerCategoryChanged', data: { ...ids, category: 'BLACKLISTED', previous: 'BASIC' } }]);
      spec
        .given([registered])
        .when({ type: 'ChangeCustomerCategory', ...ids, category: 'BASIC' })
        .thenNothingHappens();
    });
  });

  describe('attachments', () => {
    const attachment = { attachment_id: A, storage_key: 'ab'.repeat(16), content_type: 'application/pdf', size: 10 };
    const added: CustomerEvent = { type: 'CustomerAttachmentAdded', data: { ...ids, ...attachment, personal: { file_name: 'report.pdf' } } };

    it('adds a file once, removes it once', () => {
      spec
        .given([registered])
        .when({ type: 'AddCustomerAttachment', ...ids, attachment, file_name: 'report.pdf' })
        .then([added]);
      spec
        .given([registered, added])
        .when({ type: 'AddCustomerAttachment', ...ids, attachment, file_name: 'report.pdf' })
        .thenNothingHappens();
      spec
        .given([registered, added])
        .when({ type: 'RemoveCustomerAttachment', ...ids, attachment_id: A })
        .then([{ type: 'CustomerAttachmentRemoved', data: { ...ids, attachment_id: A, storage_key: attachment.storage_key } }]);
      spec
        .given([registered])
        .when({ type: 'RemoveCustomerAttachment', ...ids, attachment_id: A })
        .thenRefuses({ status: 404 });
    });
  });

  describe('erasure', () => {
    const erased: CustomerEvent = { type: 'CustomerErased', data: { ...ids, reason: 'request', storage_keys: [] } };

    it('names the stored files to remove, and nothing personal', () => {
      const added: CustomerEvent = {
        type: 'CustomerAttachmentAdded',
        data: { ...ids, attachment_id: A, storage_key: 'k1', content_type: 'text/plain', size: 1, personal: { file_name: 'a.txt' } },
      };
      const { events } = spec
        .given([registered, added])
        .when({ type: 'EraseCustomer', ...ids, reason: 'request' })
        .then([{ type: 'CustomerErased', data: { ...ids, reason: 'request', storage_keys: ['k1'] } }]);
      expect(JSON.stringify(events)).not.toContain('Ali');
    });

    it('leaves an erased customer unreachable, and its state empty', () => {
      const g = spec.given([registered, erased]);
      expect(g.state).toMatchObject({ status: 'erased', first_name: null, phone: null, internal_id: null });
      g.when({ type: 'UpdateCustomer', ...ids, country: 'TN', input: { notes: 'x' } }).thenRefuses({ status: 404 });
      g.when({ type: 'EraseCustomer', ...ids, reason: 'request' }).thenRefuses({ status: 404 });
    });

    it('folds a history whose sealed parts no longer open (the key is gone)', () => {
      const shredded: CustomerEvent = { ...registered, data: { ...registered.data, personal: null } } as CustomerEvent;
      const g = spec.given([shredded, { type: 'CustomerUpdated', data: { ...ids, changes: {}, personal: null } }, erased]);
      expect(g.state).toMatchObject({ status: 'erased', first_name: null });
    });
  });
});
