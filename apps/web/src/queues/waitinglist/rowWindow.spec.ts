import { OVERSCAN, rowsOnScreen } from './rowWindow';

describe('the rows of a long waiting list kept in the page', () => {
  it('holds, with the table at the top of a 768 px screen, the rows that fit and the margin below', () => {
    expect(rowsOnScreen(1000, 0, 48, 768)).toEqual({ start: 0, end: 16 + OVERSCAN });
  });

  it('starts below the screen: only the rows within the margin of its bottom are kept', () => {
    // The body's top four rows below the screen's bottom.
    expect(rowsOnScreen(1000, 768 + 4 * 48, 48, 768)).toEqual({ start: 0, end: OVERSCAN - 4 });
  });

  it('follows the page scrolled into the middle of the list, with the margin on each side', () => {
    // The body's top 4,800 px above the screen's: row 100 is at the top.
    expect(rowsOnScreen(1000, -4800, 48, 768)).toEqual({ start: 100 - OVERSCAN, end: 116 + OVERSCAN });
  });

  it('never goes past the list, whose end may be on screen', () => {
    expect(rowsOnScreen(30, -1000, 48, 768)).toEqual({ start: 20 - OVERSCAN, end: 30 });
    expect(rowsOnScreen(30, -5000, 48, 768)).toEqual({ start: 30, end: 30 });
    expect(rowsOnScreen(0, 0, 48, 768)).toEqual({ start: 0, end: 0 });
  });
});
