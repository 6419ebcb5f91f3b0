import type { Language } from '../../domain/languages.ts';

export interface EmailItem {
  title: string;
  lines: string[];
  url?: string;
  /** One-click links under the item (👍 / 👎 / ☆ in a digest). */
  links?: Array<{ label: string; url: string }>;
}

/** What a template says, free of markup; the renderer lays it out as HTML and as plain text. */
export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  items?: EmailItem[];
  action?: { label: string; url: string };
  /** Shown under the button: the raw link, for clients that hide buttons. */
  actionHint?: string;
  footer: string;
}

export interface EmailTemplate<TVars> {
  id: string;
  content: Record<Language, (vars: TVars) => EmailContent>;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const PRODUCT_NAME = 'Vigie';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function renderHtml(content: EmailContent, language: Language): string {
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  const items = (content.items ?? [])
    .map((item) => {
      const title = item.url ? `<a href="${escapeHtml(item.url)}" style="color:#1d4ed8">${escapeHtml(item.title)}</a>` : escapeHtml(item.title);
      const links = (item.links ?? []).map((link) => `<a href="${escapeHtml(link.url)}" style="color:#1d4ed8;margin-right:16px">${escapeHtml(link.label)}</a>`).join('');
      const lines =
        item.lines.map((line) => `<div style="color:#475569;font-size:14px">${escapeHtml(line)}</div>`).join('') +
        (links ? `<div style="margin-top:8px;font-size:14px">${links}</div>` : '');
      return `<div style="margin:0 0 16px;padding:12px;border:1px solid #e2e8f0;border-radius:6px"><div style="font-weight:600">${title}</div>${lines}</div>`;
    })
    .join('\n');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;color:#64748b;font-size:13px">${escapeHtml(content.actionHint ?? '')}<br><a href="${escapeHtml(content.action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff">
<div style="font-size:20px;font-weight:700;margin:0 0 24px">${PRODUCT_NAME}</div>
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${paragraphs}
${items}
${action}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="margin:0;color:#64748b;font-size:12px">${escapeHtml(content.footer)}</p>
</div>
</body>
</html>
`;
}

function renderText(content: EmailContent): string {
  const blocks = [content.heading, ...content.paragraphs];
  for (const item of content.items ?? []) {
    blocks.push([item.title, ...item.lines, ...(item.url ? [item.url] : []), ...(item.links ?? []).map((link) => `${link.label}: ${link.url}`)].join('\n'));
  }
  if (content.action) blocks.push(`${content.action.label}:\n${content.action.url}`);
  blocks.push(`-- \n${content.footer}`);
  return `${blocks.join('\n\n')}\n`;
}

/** The one e-mail renderer: subject, HTML and plain text of a template in one of the four languages. */
export function renderEmail<TVars>(template: EmailTemplate<TVars>, language: Language, vars: TVars): RenderedEmail {
  const content = template.content[language](vars);
  return { subject: content.subject, html: renderHtml(content, language), text: renderText(content) };
}
