import { load } from 'cheerio';
import type { AnyNode } from 'domhandler';

const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'table', 'ul', 'ol', 'blockquote', 'pre', 'section', 'article']);
const SKIPPED = new Set(['script', 'style']);

function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\t ]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// A plain walk over the parsed tree: selector-based rewriting costs several times more per notice.
function collect(nodes: AnyNode[], out: string[]): void {
  for (const node of nodes) {
    if (node.type === 'text') out.push(node.data);
    else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      const name = node.name.toLowerCase();
      if (SKIPPED.has(name)) continue;
      if (name === 'br') out.push('\n');
      else if (name === 'li') {
        out.push('\n- ');
        collect(node.children, out);
      } else if (BLOCKS.has(name)) {
        out.push('\n\n');
        collect(node.children, out);
        out.push('\n\n');
      } else collect(node.children, out);
    }
  }
}

/** simap HTML (`orderDescription`) to plain text; paragraphs become blank-line-separated. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  if (!/[<&]/.test(html)) return tidy(html);
  const $ = load(html, { xml: { xmlMode: false, decodeEntities: true } }, false);
  const out: string[] = [];
  collect(
    $.root()
      .toArray()
      .flatMap((root) => ('children' in root ? root.children : [])),
    out,
  );
  return tidy(out.join(''));
}
