import { senderNameError, smsSettingsBody, usedPercent } from './model';

describe('the SMS settings screen', () => {
  it('sends an empty sender name as none and the types in the list order, once each', () => {
    expect(smsSettingsBody({ sender_name: '  ', enabled_types: ['QUEUE_CALL_NEXT', 'BOOKING_CREATED', 'QUEUE_CALL_NEXT'], fallback_to_email: true })).toEqual({
      sender_name: null,
      enabled_types: ['BOOKING_CREATED', 'QUEUE_CALL_NEXT'],
      fallback_to_email: true,
    });
    expect(smsSettingsBody({ sender_name: ' Clinic ' })).toEqual({ sender_name: 'Clinic', enabled_types: [], fallback_to_email: false });
  });

  it('checks the sender name as the networks do', () => {
    expect(senderNameError('')).toBeUndefined();
    expect(senderNameError('Clinic 24')).toBeUndefined();
    expect(senderNameError('Clinique Été')).toBe('notifications.sms.sender_name_invalid');
    expect(senderNameError('TwelveLetters')).toBe('notifications.sms.sender_name_invalid');
  });

  it('shows how full the allowance is', () => {
    expect(usedPercent({ allowance: 200, consumed: 50, balance: 150 })).toBe(25);
    expect(usedPercent({ allowance: 200, consumed: 260, balance: 0 })).toBe(100);
    expect(usedPercent({ allowance: 0, consumed: 0, balance: 0 })).toBe(100);
  });
});
