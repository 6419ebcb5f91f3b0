import type { DigestVars } from '../pipeline/mail/templates/digest.ts';

/** A made-up French digest: two alerts, an escaped title, a project without extract, a capped group. */
export const DIGEST_VARS: DigestVars = {
  username: 'Zoë <b>&',
  alertsUrl: 'https://vigie.example/alerts',
  unsubscribeAllUrl: 'https://vigie.example/api/unsubscribe?token=u1.aall.sig',
  groups: [
    {
      alertPrompt: 'nettoyage de bâtiments scolaires',
      alertUrl: 'https://vigie.example/alerts/3',
      unsubscribeUrl: 'https://vigie.example/api/unsubscribe?token=u1.a3.sig',
      items: [
        {
          title: 'Nettoyage <script> des écoles',
          organization: 'Ville de Lausanne',
          score: 92,
          deadline: new Date('2026-04-30T10:00:00Z'),
          excerpt: 'Nettoyage & entretien des bâtiments scolaires de la ville.',
          projectUrl: 'https://vigie.example/projects/17',
          simapUrl: 'https://www.simap.ch/fr/project-detail/31367328-20d0-4786-acab-f0858c46dc82',
        },
        {
          title: 'Entretien des préaux',
          organization: null,
          score: 71,
          deadline: null,
          excerpt: null,
          projectUrl: 'https://vigie.example/projects/18',
          simapUrl: 'https://www.simap.ch/fr/project-detail/af18ebb4-ed0d-4ad3-97b9-8a4f64f258b1',
        },
      ],
    },
    {
      alertPrompt: 'électromécanique',
      alertUrl: 'https://vigie.example/alerts/4',
      unsubscribeUrl: 'https://vigie.example/api/unsubscribe?token=u1.a4.sig',
      more: 3,
      items: [
        {
          title: 'Installations électromécaniques du tunnel',
          organization: 'OFROU',
          score: 75,
          deadline: null,
          excerpt: 'Remplacement des installations.',
          projectUrl: 'https://vigie.example/projects/19',
          simapUrl: 'https://www.simap.ch/fr/project-detail/19',
        },
      ],
    },
  ],
};
