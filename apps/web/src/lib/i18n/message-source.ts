/**
 * A catalogue message as written in ICU, whether the catalogue holds it as text (tests and
 * `vite dev`) or as the syntax tree the build ships (vite.config.ts, `parsedCatalogues`): plain
 * text, `{name}` and `{name, number}` only. Undefined for anything else (plurals, selects, tags),
 * which no code reads back as text.
 * @example messageSource([{ type: 0, value: 'At most ' }, { type: 2, value: 'count', style: null }]) // 'At most {count, number}'
 */
export function messageSource(message: unknown): string | undefined {
  if (typeof message === 'string') return message;
  if (!Array.isArray(message)) return undefined;
  let text = '';
  for (const element of message as Array<{ type: number; value?: unknown; style?: unknown }>) {
    // The parser's element types: 0 literal, 1 argument, 2 number.
    if (element.type === 0 && typeof element.value === 'string') text += element.value;
    else if (element.type === 1) text += `{${String(element.value)}}`;
    else if (element.type === 2 && !element.style) text += `{${String(element.value)}, number}`;
    else return undefined;
  }
  return text;
}
