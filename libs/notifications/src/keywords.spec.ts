import { parseReply, replyKeywords, type ReplyAction } from './keywords';

describe('parseReply', () => {
  it.each<[string, ReplyAction]>([
    // stop, in every language, as people type it
    ['STOP', 'stop'],
    ['stop', 'stop'],
    ['  Stop  ', 'stop'],
    ['STOP.', 'stop'],
    ['ARRET', 'stop'],
    ['ARRÊT', 'stop'],
    ['arrêt merci', 'stop'],
    ['¡Alto!', 'stop'],
    ['PARAR', 'stop'],
    ['Stopp', 'stop'],
    ['СТОП', 'stop'],
    ['стоп', 'stop'],
    ['توقف', 'stop'],
    ['إيقاف', 'stop'],
    ['ايقاف', 'stop'],
    ['UNSUBSCRIBE', 'stop'],
    // start again
    ['START', 'start'],
    ['unstop', 'start'],
    ['Старт', 'start'],
    ['ابدأ', 'start'],
    // cancel
    ['CANCEL', 'cancel'],
    ['Annuler svp', 'cancel'],
    ['annulér', 'cancel'],
    ['CANCELAR', 'cancel'],
    ['Stornieren', 'cancel'],
    ['ОТМЕНА', 'cancel'],
    ['إلغاء', 'cancel'],
    ['الغاء', 'cancel'],
    ['إلغَاء', 'cancel'],
    // running late
    ['LATE', 'late'],
    ['late, 10 min', 'late'],
    ['Retard', 'late'],
    ['RETRASO', 'late'],
    ['tarde', 'late'],
    ['Atraso', 'late'],
    ['SPÄT', 'late'],
    ['spaet', 'late'],
    ['Опаздываю', 'late'],
    ['تأخير', 'late'],
    ['تاخير', 'late'],
    ['متـأخر', 'late'],
    // anything else is for staff to read
    ['', 'unknown'],
    ['   ', 'unknown'],
    ['Merci beaucoup', 'unknown'],
    ['Je serai en retard', 'unknown'],
    ['stopping by later', 'unknown'],
    ['👍', 'unknown'],
  ])('%j → %s', (text, action) => {
    expect(parseReply(text)).toEqual({ action });
  });

  it('no word asks for two actions', () => {
    const actions = ['stop', 'start', 'cancel', 'late'] as const;
    for (const action of actions) {
      for (const word of replyKeywords(action)) expect(parseReply(word).action).toBe(action);
    }
  });
});
