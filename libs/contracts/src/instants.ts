/**
 * Instants travel as ISO 8601 strings. The API's reads hold some as Date until JSON writes
 * them, so the wire types that carry instants take their type as a parameter: the default is
 * the wire's string, the API annotates its reads with `ServerInstant`.
 */
export type Instant = string;
export type ServerInstant = string | Date;

/** A list page as every list call answers it. */
export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  per_page: number | null;
  last_page: number;
}

/** A whole list, unpaged. */
export interface List<T> {
  data: T[];
  total: number;
}
