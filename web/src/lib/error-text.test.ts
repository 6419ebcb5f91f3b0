import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it_ from '../locales/it.json' with { type: 'json' };
import { describeError } from './error-text.ts';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    resources: { fr: { translation: fr }, de: { translation: de }, it: { translation: it_ }, en: { translation: en } },
    lng: 'en',
    interpolation: { escapeValue: false },
  });
});

const apiError = (status: number, body: Record<string, unknown>) => new ApiError(status, JSON.stringify(body), body);

describe('security error texts', () => {
  it('tells, in the user language, which address to open when the origin does not match', async () => {
    const error = apiError(403, {
      error: 'origin_mismatch',
      message: 'Cross-origin request refused: open the app at http://localhost:3000',
      expectedOrigin: 'http://localhost:3000',
    });
    for (const [language, word] of [
      ['fr', 'ouvrez'],
      ['de', 'Öffnen'],
      ['it', 'aprite'],
      ['en', 'open the app'],
    ] as const) {
      await i18n.changeLanguage(language);
      const text = describeError(i18n.t, error);
      expect(text, language).toContain('http://localhost:3000');
      expect(text, language).toContain(word);
      expect(text).not.toContain('Cross-origin request refused');
    }
  });

  it('translates the password policy, username and control-character refusals', async () => {
    await i18n.changeLanguage('de');
    const validation = (message: string) => describeError(i18n.t, apiError(400, { error: 'validation_failed', message, field: 'password' }));
    expect(validation('Password must be at least 10 characters')).toBe('Das Passwort muss mindestens 10 Zeichen lang sein');
    expect(validation('This password is too common or too easy to guess')).toContain('zu leicht zu erraten');
    expect(validation('Password must not be your username or e-mail address')).toContain('Benutzername');
    expect(validation('Username may contain only letters, digits, dots, underscores and hyphens')).toContain('Bindestriche');
    expect(
      describeError(
        i18n.t,
        apiError(400, { error: 'unsafe_text', message: 'username: Text must not contain control characters or invalid Unicode', field: 'username' }),
      ),
    ).toContain('Steuerzeichen');
  });
});
