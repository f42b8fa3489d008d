/**
 * A LIKE/ILIKE pattern that finds `text` anywhere: the wildcards a user typed (`%`, `_`) and the
 * escape character itself match literally, since PostgreSQL's default LIKE escape is `\`.
 */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** `text` with LIKE's wildcards and escape character made literal, for patterns built by hand. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
