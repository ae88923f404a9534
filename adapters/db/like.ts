// ILIKE patterns from user text: `%`, `_` and `\` are matched literally, the text anywhere in the value.
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
