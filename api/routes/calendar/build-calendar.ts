import { simapProjectUrl } from '../../../domain/simap-url.ts';
import ical, { ICalAlarmType } from 'ical-generator';
import type { WatchedProjectRow } from '../../../db/watchlist.ts';
import type { Language } from '../../../domain/languages.ts';
import { localisedProjectTitle } from '../../presenters/watched-project.ts';

export const ALARM_DAYS_BEFORE = 2;
const EVENT_MINUTES = 30;

const WORDS: Record<Language, { calendar: string; deadline: string; organization: string; simap: string; app: string; alarm: string }> = {
  fr: {
    calendar: 'Vigie – délais de mes projets suivis',
    deadline: 'Délai de remise',
    organization: 'Adjudicateur',
    simap: 'Sur simap.ch',
    app: 'Dans Vigie',
    alarm: 'Délai de remise dans 2 jours',
  },
  de: {
    calendar: 'Vigie – Fristen meiner beobachteten Projekte',
    deadline: 'Eingabefrist',
    organization: 'Auftraggeber',
    simap: 'Auf simap.ch',
    app: 'In Vigie',
    alarm: 'Eingabefrist in 2 Tagen',
  },
  it: {
    calendar: 'Vigie – termini dei miei progetti seguiti',
    deadline: 'Termine di inoltro',
    organization: 'Committente',
    simap: 'Su simap.ch',
    app: 'In Vigie',
    alarm: 'Termine di inoltro tra 2 giorni',
  },
  en: {
    calendar: 'Vigie – deadlines of my watched projects',
    deadline: 'Offer deadline',
    organization: 'Contracting authority',
    simap: 'On simap.ch',
    app: 'In Vigie',
    alarm: 'Offer deadline in 2 days',
  },
};

/** RFC 5545 feed: one event per watched project's offer deadline, with a display alarm two days before. */
export function buildCalendar(projects: readonly WatchedProjectRow[], language: Language, publicUrl: string): string {
  const words = WORDS[language];
  const host = new URL(publicUrl).hostname;
  const calendar = ical({ name: words.calendar, prodId: { company: 'Vigie', product: 'watchlist', language: language.toUpperCase() }, ttl: 60 * 60 });
  for (const project of projects) {
    if (!project.deadline) continue;
    const title = localisedProjectTitle(project, language);
    const appUrl = `${publicUrl}/projects/${project.id}`;
    const simapUrl = simapProjectUrl(project.simapProjectId, language);
    const event = calendar.createEvent({
      id: `deadline-${project.id}@${host}`,
      start: project.deadline,
      end: new Date(project.deadline.getTime() + EVENT_MINUTES * 60_000),
      summary: `${words.deadline}: ${title}`,
      description: [project.organization ? `${words.organization}: ${project.organization}` : null, `${words.simap}: ${simapUrl}`, `${words.app}: ${appUrl}`]
        .filter((line): line is string => line !== null)
        .join('\n'),
      url: appUrl,
    });
    event.createAlarm({ type: ICalAlarmType.display, triggerBefore: ALARM_DAYS_BEFORE * 24 * 60 * 60, description: `${words.alarm}: ${title}` });
  }
  return calendar.toString();
}
