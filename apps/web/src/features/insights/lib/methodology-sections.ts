/** A run of text: plain, bold (`**…**`) or code (`` `…` ``). */
export type MethodologyInline = { kind: 'text' | 'strong' | 'code'; text: string };

export type MethodologyBlock =
  | { kind: 'paragraph'; inlines: MethodologyInline[] }
  | { kind: 'list'; items: MethodologyInline[][] };

export interface MethodologySection {
  id: string;
  title: string;
  blocks: MethodologyBlock[];
}

/** The heading of the page's part in each language's file (the Spanish file holds only that part). */
export const METHODOLOGY_PART_HEADINGS = {
  en: '## In plain words',
  es: '## En palabras sencillas',
} as const;
const ANCHOR = /^<a id="([a-z0-9-]+)"><\/a>$/;

/**
 * The sections of the methodology page, from the part of docs/insights-methodology.md headed
 * "In plain words" (or of docs/insights-methodology.es.md headed "En palabras sencillas", given as
 * `partHeading`): each an anchor line (`<a id="salary"></a>`), a level-three heading, then
 * paragraphs and lists of text with bold and code.
 *
 * @example methodologySections(markdown)[0] // { id: 'cohort', title: 'Who is counted', blocks }
 */
export function methodologySections(
  markdown: string,
  partHeading: string = METHODOLOGY_PART_HEADINGS.en,
): MethodologySection[] {
  const start = markdown.indexOf(`\n${partHeading}\n`);
  if (start < 0) throw new Error(`The methodology has no "${partHeading}" part.`);
  const rest = markdown.slice(start + partHeading.length + 2);
  const end = rest.search(/^## /m);
  const part = (end < 0 ? rest : rest.slice(0, end)).replace(/<!--[\s\S]*?-->/g, '');
  const sections: MethodologySection[] = [];
  for (const chunk of part.split(/\n\s*\n/)) {
    const lines = chunk.trim().split('\n');
    const first = lines[0] ?? '';
    const anchor = ANCHOR.exec(first);
    if (anchor) {
      sections.push({ id: anchor[1]!, title: '', blocks: [] });
      continue;
    }
    if (first === '') continue;
    const section = sections.at(-1);
    if (!section) throw new Error(`Methodology text before the first section: "${first}"`);
    if (first.startsWith('### ')) {
      section.title = first.slice(4).trim();
      lines.shift();
      if (lines.length === 0) continue;
    }
    section.blocks.push(blockOf(lines));
  }
  return sections;
}

function blockOf(lines: string[]): MethodologyBlock {
  if (!lines[0]!.startsWith('- '))
    return { kind: 'paragraph', inlines: inlinesOf(lines.map((line) => line.trim()).join(' ')) };
  const items: string[] = [];
  for (const line of lines) {
    if (line.startsWith('- ')) items.push(line.slice(2).trim());
    else items[items.length - 1] += ` ${line.trim()}`;
  }
  return { kind: 'list', items: items.map(inlinesOf) };
}

function inlinesOf(text: string): MethodologyInline[] {
  const inlines: MethodologyInline[] = [];
  let at = 0;
  for (const match of text.matchAll(/\*\*(.+?)\*\*|`([^`]+)`/g)) {
    if (match.index > at) inlines.push({ kind: 'text', text: text.slice(at, match.index) });
    inlines.push(
      match[1] !== undefined
        ? { kind: 'strong', text: match[1] }
        : { kind: 'code', text: match[2]! },
    );
    at = match.index + match[0].length;
  }
  if (at < text.length) inlines.push({ kind: 'text', text: text.slice(at) });
  return inlines;
}
