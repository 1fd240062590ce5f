import type { FastifyInstance } from 'fastify';
import {
  AUTH_MESSAGES,
  MessageResponse,
  SavedTheme,
  SaveThemeBody,
  SetThemePreferenceBody,
  Theme,
  ThemeIdParams,
  ThemePreference,
  type ThemeId,
  type ThemePreference as ThemePreferenceValue,
} from '@hf/contracts';
import Type from 'typebox';
import { badRequest, errorResponses, identityOf, notFound, type Queryable } from '@hf/service-kit';
import { cleanName } from '../domain/credentials';
import { invalidColorKey, invalidColorMessage, orderedColors } from '../domain/colors';
import {
  BUILT_IN_THEMES,
  builtInTheme,
  DEFAULT_THEME_ID,
  isBuiltInThemeId,
  MAX_THEMES_PER_USER,
  parseSavedThemeId,
} from '../domain/themes';
import * as themes from '../repositories/themes';
import type { TypeBoxTypeProvider } from '../type-provider';

const errors = errorResponses(400, 401, 404);

/** The user's preference and the theme it resolves to; a missing or deleted saved theme reads as 'default'. */
async function resolvePreference(db: Queryable, userId: number): Promise<ThemePreferenceValue> {
  const pref = await themes.findPreference(db, userId);
  if (pref?.theme_id != null) {
    const saved = await themes.findTheme(db, userId, pref.theme_id);
    if (saved) return { preference: saved.id, theme: saved };
  }
  const id = pref?.built_in ?? DEFAULT_THEME_ID;
  return { preference: id, theme: builtInTheme(id)! };
}

/** `/api/themes/*`: built-ins, the user's saved themes and their preference. Themes are per user. */
export async function themeRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/themes/defaults',
    { config: { public: true }, schema: { response: { 200: Type.Array(Theme) } } },
    async () => BUILT_IN_THEMES.map((t) => builtInTheme(t.id)!),
  );

  app.get('/api/themes/', { schema: { response: { 200: Type.Array(SavedTheme), ...errors } } }, async (request) =>
    themes.listThemes(app.db, identityOf(request).userId),
  );

  app.post(
    '/api/themes/',
    { schema: { body: SaveThemeBody, response: { 200: SavedTheme, 201: SavedTheme, ...errors } } },
    async (request, reply) => {
      const { userId } = identityOf(request);
      const name = cleanName(request.body.name);
      if (!name) throw badRequest(AUTH_MESSAGES.themeNameEmpty);
      const bad = invalidColorKey(request.body.colors);
      if (bad) throw badRequest(invalidColorMessage(bad));
      if (
        (await themes.findThemeIdByName(app.db, userId, name)) === null &&
        (await themes.countThemes(app.db, userId)) >= MAX_THEMES_PER_USER
      ) {
        throw badRequest(AUTH_MESSAGES.tooManyThemes);
      }
      const { theme, created } = await themes.upsertTheme(app.db, userId, name, orderedColors(request.body.colors));
      return reply.code(created ? 201 : 200).send(theme);
    },
  );

  app.get('/api/themes/preference', { schema: { response: { 200: ThemePreference, ...errors } } }, async (request) =>
    resolvePreference(app.db, identityOf(request).userId),
  );

  app.put(
    '/api/themes/preference',
    { schema: { body: SetThemePreferenceBody, response: { 200: ThemePreference, ...errors } } },
    async (request) => {
      const { userId } = identityOf(request);
      const id: ThemeId = request.body.theme_id;
      if (isBuiltInThemeId(id)) {
        await themes.setPreference(app.db, userId, { theme_id: null, built_in: id });
      } else {
        // Only the caller's own theme: anyone else's (or none) is "not found".
        if (!(await themes.findTheme(app.db, userId, id))) throw notFound(AUTH_MESSAGES.themeNotFound);
        await themes.setPreference(app.db, userId, { theme_id: id, built_in: null });
      }
      return resolvePreference(app.db, userId);
    },
  );

  app.delete(
    '/api/themes/:id',
    { schema: { params: ThemeIdParams, response: { 200: MessageResponse, ...errors } } },
    async (request) => {
      const { userId } = identityOf(request);
      if (isBuiltInThemeId(request.params.id)) throw badRequest(AUTH_MESSAGES.cannotDeleteBuiltIn);
      const id = parseSavedThemeId(request.params.id);
      if (id === null || !(await themes.deleteTheme(app.db, userId, id))) throw notFound(AUTH_MESSAGES.themeNotFound);
      return { message: AUTH_MESSAGES.themeDeleted };
    },
  );
}
