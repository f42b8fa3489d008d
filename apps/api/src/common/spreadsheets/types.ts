/** What an import takes from one upload: checked before the file is parsed (docs/security.md, "Uploads"). */
export interface SheetLimits {
  /** Rows under the header. */
  rows: number;
  columns: number;
  /** Rows × columns of the sheet's range, blank cells included: the parser visits each. */
  cells: number;
  /** All the parts of an XLSX once inflated, together. */
  inflatedBytes: number;
}

/** Told by the first bytes; `text` is a CSV once the thread has found it valid UTF-8 text. */
export type SheetFormat = 'xlsx' | 'xls' | 'text';

/**
 * How cells come back: `text` as the customer import reads them (dates as YYYY-MM-DD, numbers
 * as their digits), `raw` as the booking import does (date and time cells stay serial numbers).
 * Either way a cell the export quoted against formulas loses its quote.
 */
export type CellMode = 'text' | 'raw';

/** What the parsing thread is given. */
export interface SheetJob {
  content: Uint8Array;
  format: SheetFormat;
  cells: CellMode;
  /** The sheet's range may span at most this many rows (header and a few leading rows included), columns and cells. */
  spanRows: number;
  spanColumns: number;
  spanCells: number;
}

/**
 * What it answers: the rows a thousand at a time, each batch when the reader asks for the next,
 * then `done`; or a refusal. Each batch is copied into the event loop's heap on a turn of its own,
 * so that a large sheet's rows never stall it the time of one long copy.
 */
export type SheetMessage = { rows: unknown[][] } | { done: true } | SheetRefusal;
export type SheetRefusal =
  | { refused: 'unreadable' }
  /** Neither a spreadsheet nor text. */
  | { refused: 'not_text' }
  /** A text file of more lines, or of more lines and separators, than its rows and cells may be. */
  | { refused: 'lines'; lines: number }
  | { refused: 'cells'; cells: number }
  | { refused: 'range'; height: number; width: number };
