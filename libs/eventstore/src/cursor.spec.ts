import { compareCursors, START } from './log';

describe('log cursors', () => {
  it('given two transactions, when compared, then the transaction id decides before the position', () => {
    expect(compareCursors({ transactionId: '9', position: 50 }, { transactionId: '10', position: 1 })).toBeLessThan(0);
    expect(compareCursors({ transactionId: '10', position: 1 }, { transactionId: '9', position: 50 })).toBeGreaterThan(0);
  });
  it('given one transaction, when compared, then the position decides', () => {
    expect(compareCursors({ transactionId: '12', position: 3 }, { transactionId: '12', position: 4 })).toBeLessThan(0);
    expect(compareCursors({ transactionId: '12', position: 4 }, { transactionId: '12', position: 4 })).toBe(0);
  });
  it('given ids beyond 2^53, then they compare exactly', () => {
    expect(compareCursors({ transactionId: '9007199254740993', position: 1 }, { transactionId: '9007199254740992', position: 9 })).toBeGreaterThan(0);
    expect(compareCursors(START, { transactionId: '1', position: 0 })).toBeLessThan(0);
  });
});
