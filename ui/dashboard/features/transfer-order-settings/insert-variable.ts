/** `text` with `inserted` in place of the selection [start, end), and where the caret goes: just after it. */
export function insertAt(text: string, start: number, end: number, inserted: string): { text: string; caret: number } {
  return { text: `${text.slice(0, start)}${inserted}${text.slice(end)}`, caret: start + inserted.length };
}
