import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A structure tree node as pdf.js reads it: a role with children, or marked content. */
interface StructNode {
  role?: string;
  alt?: string;
  lang?: string;
  children?: StructNode[];
  type?: string;
}

export interface ReadPdf {
  /** Each page's text in the order pdf.js reads it, one line per text run row. */
  pages: string[];
  text: string;
  title: string | undefined;
  language: string | undefined;
  /** Each page's size in points. */
  sizes: Array<[number, number]>;
  /** Every structure element's role, depth first, across the pages. */
  roles: string[];
  /** The alternative text of each Figure. */
  figureAlts: string[];
  /** The language of each structure element that names one, depth first. */
  structureLanguages: string[];
}

/**
 * Reads a PDF back with Mozilla's pdf.js (an implementation independent of the one that wrote
 * it): text by page, document title and language, and the tagged structure.
 */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const meta = await document.getMetadata();
    const info = meta.info as { Title?: string; Language?: string };
    const pages: string[] = [];
    const sizes: Array<[number, number]> = [];
    const roles: string[] = [];
    const figureAlts: string[] = [];
    const structureLanguages: string[] = [];
    const walk = (node: StructNode | null) => {
      if (!node) return;
      if (node.role) roles.push(node.role);
      if (node.lang) structureLanguages.push(node.lang);
      if (node.role === 'Figure') figureAlts.push(node.alt ?? '');
      for (const child of node.children ?? []) walk(child);
    };
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const [, , width, height] = page.view;
      sizes.push([Math.round(width!), Math.round(height!)]);
      const content = await page.getTextContent();
      let line = '';
      const lines: string[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        } else line += ' ';
      }
      if (line.trim()) lines.push(line);
      pages.push(lines.map((l) => l.replace(/\s+/g, ' ').trim()).join('\n'));
      walk((await page.getStructTree()) as StructNode | null);
    }
    return {
      pages,
      text: pages.join('\n'),
      title: info.Title,
      language: info.Language,
      sizes,
      roles,
      figureAlts,
      structureLanguages,
    };
  } finally {
    await document.destroy();
  }
}
