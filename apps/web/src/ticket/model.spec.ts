import { alertFor, feedbackState, minutes, queueName, stageOf } from './model';

describe('the ticket page', () => {
  it('tells waiting from near, called, on hold and gone', () => {
    expect(stageOf({ status: 'waiting', ahead: 5 })).toBe('waiting');
    expect(stageOf({ status: 'waiting', ahead: 2 })).toBe('near');
    expect(stageOf({ status: 'waiting', ahead: 0 })).toBe('near');
    expect(stageOf({ status: 'in_service', ahead: null })).toBe('called');
    expect(stageOf({ status: 'on_hold', ahead: null })).toBe('on_hold');
    expect(stageOf({ status: 'ended', ahead: null })).toBe('ended');
    expect(stageOf({ status: 'revoked', ahead: null })).toBe('cancelled');
    expect(stageOf({ status: 'no_show', ahead: null })).toBe('closed');
  });

  it('alerts once when the turn comes near and when it is called, never on the first load', () => {
    expect(alertFor(null, 'called')).toBeNull();
    expect(alertFor('waiting', 'near')).toBe('near');
    expect(alertFor('near', 'near')).toBeNull();
    expect(alertFor('near', 'called')).toBe('called');
    expect(alertFor('waiting', 'called')).toBe('called');
    expect(alertFor('called', 'near')).toBeNull();
    expect(alertFor('called', 'ended')).toBeNull();
  });

  it('opens feedback once the visit has ended, once', () => {
    expect(feedbackState({ status: 'ended', feedback_given: false })).toBe('open');
    expect(feedbackState({ status: 'ended', feedback_given: true })).toBe('given');
    expect(feedbackState({ status: 'waiting', feedback_given: false })).toBe('not_yet');
    expect(feedbackState({ status: 'revoked', feedback_given: false })).toBe('closed');
  });

  it('names the queue in the page language and rounds waits up', () => {
    const q = { name: 'Accueil', translations: { ar: { name: 'الاستقبال' }, en: { name: '' } } };
    expect(queueName(q, 'ar')).toBe('الاستقبال');
    expect(queueName(q, 'en')).toBe('Accueil');
    expect(minutes(61)).toBe(2);
    expect(minutes(null)).toBeNull();
  });
});
