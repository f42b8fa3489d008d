import { chunkBody, chunkEvents, compareKeys, keyCursor, type FeedKey } from './feed-chunks';

describe('a feed chunk’s text', () => {
  it('gives back each event’s cursor, type and JSON, whatever the JSON’s strings hold', () => {
    const events = [
      { tx: '981', position: '12', idx: 0, type: 'ticket.created', json: JSON.stringify({ label: 'A\t1', note: 'two\nlines\r\n', name: 'قائمة' }) },
      { tx: '981', position: '12', idx: 1, type: 'ticket.called', json: JSON.stringify({ quote: '"\\t"', empty: '' }) },
      { tx: '1002', position: '7', idx: 0, type: 'queue.updated', json: '{}' },
    ];
    const read = chunkEvents(chunkBody(events));
    expect(read).toEqual(events.map((e) => ({ key: { tx: e.tx, position: e.position, idx: e.idx }, cursor: keyCursor(e), type: e.type, json: e.json })));
    expect(read.map((e) => JSON.parse(e.json))).toEqual(events.map((e) => JSON.parse(e.json)));
    expect(read[0].cursor).toBe('981_12_0');
  });

  it('orders keys as numbers, not as text: transaction id, then position, then index', () => {
    const keys: FeedKey[] = [
      { tx: '10', position: '1', idx: 0 },
      { tx: '9', position: '100', idx: 3 },
      { tx: '9', position: '20', idx: 1 },
      { tx: '9', position: '20', idx: 0 },
      { tx: '18446744073709551615', position: '1', idx: 0 },
      { tx: '0', position: '0', idx: 0 },
    ];
    const sorted = [...keys].sort(compareKeys).map(keyCursor);
    expect(sorted).toEqual(['0_0_0', '9_20_0', '9_20_1', '9_100_3', '10_1_0', '18446744073709551615_1_0']);
    expect(compareKeys(keys[2], { ...keys[2] })).toBe(0);
  });
});
