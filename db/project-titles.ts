/** A project's title in its creation language and in each interface language, as rows that show a project carry it. */
export interface ProjectTitles {
  title: string;
  titleFr: string | null;
  titleDe: string | null;
  titleIt: string | null;
  titleEn: string | null;
}
