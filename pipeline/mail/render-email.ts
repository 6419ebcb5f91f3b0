import { LANGUAGES, type Language } from '../../domain/languages.ts';

export type EmailLanguage = Language;
export const EMAIL_LANGUAGES: readonly EmailLanguage[] = LANGUAGES;

export interface EmailLink {
  label: string;
  url: string;
}

export interface EmailItem {
  title: string;
  /** A small label beside the title (the match score). */
  badge?: string;
  lines: string[];
  /** A quoted passage under the lines (summary extract or the first lines of the notice). */
  excerpt?: string;
  url?: string;
  links?: EmailLink[];
}

/** A group of items under a heading (a digest's alert), with links after it (unsubscribe from this alert). */
export interface EmailSection {
  heading: string;
  items: EmailItem[];
  note?: string;
  links?: EmailLink[];
}

/** What a template says, free of markup; the renderer lays it out as HTML and as plain text. */
export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  items?: EmailItem[];
  sections?: EmailSection[];
  action?: EmailLink;
  /** Shown under the button: the raw link, for clients that hide buttons. */
  actionHint?: string;
  footer: string;
  footerLinks?: EmailLink[];
}

export interface EmailTemplate<TVars> {
  id: string;
  content: Record<EmailLanguage, (vars: TVars) => EmailContent>;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const PRODUCT_NAME = 'Vigie';
const LINK = 'color:#1d4ed8';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function anchor(link: EmailLink, style = LINK): string {
  return `<a href="${escapeHtml(link.url)}" style="${style}">${escapeHtml(link.label)}</a>`;
}

function itemHtml(item: EmailItem): string {
  const title = item.url ? anchor({ label: item.title, url: item.url }, `${LINK};text-decoration:none`) : escapeHtml(item.title);
  const badge = item.badge
    ? ` <span style="display:inline-block;background:#166534;color:#ffffff;border-radius:10px;padding:1px 8px;font-size:12px;font-weight:600;white-space:nowrap">${escapeHtml(item.badge)}</span>`
    : '';
  const lines = item.lines.map((line) => `<div style="color:#475569;font-size:14px;margin:2px 0">${escapeHtml(line)}</div>`).join('');
  const excerpt = item.excerpt
    ? `<div style="margin:8px 0 0;padding:0 0 0 10px;border-left:3px solid #cbd5e1;color:#334155;font-size:14px;line-height:1.45">${escapeHtml(item.excerpt)}</div>`
    : '';
  const links = item.links?.length ? `<div style="margin:8px 0 0;font-size:14px">${item.links.map((link) => anchor(link)).join(' &nbsp;·&nbsp; ')}</div>` : '';
  return `<div style="margin:0 0 12px;padding:12px;border:1px solid #e2e8f0;border-radius:6px;overflow-wrap:break-word"><div style="font-weight:600;font-size:16px;line-height:1.35">${title}${badge}</div>${lines}${excerpt}${links}</div>`;
}

function sectionHtml(section: EmailSection): string {
  const note = section.note ? `<p style="margin:0 0 12px;color:#475569;font-size:14px">${escapeHtml(section.note)}</p>` : '';
  const links = section.links?.length
    ? `<p style="margin:0 0 8px;font-size:13px;color:#64748b">${section.links.map((link) => anchor(link, 'color:#475569')).join(' · ')}</p>`
    : '';
  return `<h2 style="font-size:16px;margin:24px 0 12px;padding:0 0 6px;border-bottom:2px solid #1f4e79;overflow-wrap:break-word">${escapeHtml(section.heading)}</h2>
${section.items.map(itemHtml).join('\n')}
${note}${links}`;
}

function renderHtml(content: EmailContent, language: EmailLanguage): string {
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  const items = (content.items ?? []).map(itemHtml).join('\n');
  const sections = (content.sections ?? []).map(sectionHtml).join('\n');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;color:#64748b;font-size:13px">${escapeHtml(content.actionHint ?? '')}<br><a href="${escapeHtml(content.action.url)}" style="${LINK};word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const footerLinks = content.footerLinks?.length
    ? `<p style="margin:8px 0 0;color:#64748b;font-size:12px">${content.footerLinks.map((link) => anchor(link, 'color:#475569')).join(' · ')}</p>`
    : '';
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;background:#ffffff">
<div style="font-size:20px;font-weight:700;margin:0 0 24px;color:#1f4e79">${PRODUCT_NAME}</div>
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${paragraphs}
${items}
${sections}
${action}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="margin:0;color:#64748b;font-size:12px">${escapeHtml(content.footer)}</p>
${footerLinks}
</div>
</body>
</html>
`;
}

/** French puts a narrow no-break space before the colon. */
export function colon(language: EmailLanguage): string {
  return language === 'fr' ? '\u202f:' : ':';
}

function itemText(item: EmailItem, language: EmailLanguage): string {
  const title = item.badge ? `${item.title} (${item.badge})` : item.title;
  const links = (item.links ?? []).map((link) => `${link.label}${colon(language)} ${link.url}`);
  return [title, ...item.lines, ...(item.excerpt ? [`> ${item.excerpt}`] : []), ...(item.url ? [item.url] : []), ...links].join('\n');
}

function renderText(content: EmailContent, language: EmailLanguage): string {
  const c = colon(language);
  const blocks = [content.heading, ...content.paragraphs];
  for (const item of content.items ?? []) blocks.push(itemText(item, language));
  for (const section of content.sections ?? []) {
    blocks.push(`== ${section.heading} ==`);
    for (const item of section.items) blocks.push(itemText(item, language));
    if (section.note) blocks.push(section.note);
    for (const link of section.links ?? []) blocks.push(`${link.label}${c}\n${link.url}`);
  }
  if (content.action) blocks.push(`${content.action.label}${c}\n${content.action.url}`);
  blocks.push(`-- \n${content.footer}`);
  for (const link of content.footerLinks ?? []) blocks.push(`${link.label}${c}\n${link.url}`);
  return `${blocks.join('\n\n')}\n`;
}

/** The one e-mail renderer: subject, HTML and plain text of a template in one of the four languages. */
export function renderEmail<TVars>(template: EmailTemplate<TVars>, language: EmailLanguage, vars: TVars): RenderedEmail {
  const content = template.content[language](vars);
  return { subject: content.subject, html: renderHtml(content, language), text: renderText(content, language) };
}
