import { Marked } from 'marked';

const escapeHtml = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

// Only these link targets survive: a javascript: or data: URL in an operator's file (or a
// file someone slipped into PAGES_DIR) must never become a live link on the shop's origin.
const SAFE_URL = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

/**
 * Markdown to HTML for the information pages. Raw HTML in the Markdown is shown as text, not
 * parsed, so a <script> or an onerror= in a page file cannot run in a shopper's browser.
 */
const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    link({ href, title, tokens }) {
      const label = this.parser.parseInline(tokens);
      if (!SAFE_URL.test(href)) return label;
      const external = /^https?:\/\//i.test(href);
      return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}${
        external ? ' rel="noopener noreferrer"' : ''
      }>${label}</a>`;
    },
    image({ href, title, text }) {
      if (!SAFE_URL.test(href)) return escapeHtml(text);
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${
        title ? ` title="${escapeHtml(title)}"` : ''
      } loading="lazy">`;
    },
  },
});

export const renderMarkdown = (markdown: string): string => marked.parse(markdown) as string;

/** The page's title from its first `# heading`, and the rest of the Markdown without it. */
export function splitTitle(markdown: string): { title: string | undefined; body: string } {
  const match = /^\s*#[ \t]+(.+?)[ \t#]*$/m.exec(markdown);
  if (!match || markdown.slice(0, match.index).trim() !== '') {
    return { title: undefined, body: markdown };
  }
  return {
    title: match[1]!.trim(),
    body: markdown.slice(match.index + match[0].length),
  };
}

export { escapeHtml };
