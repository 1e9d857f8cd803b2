/**
 * The whole API as the pages see it: one object, injectable (tests pass a
 * fake). Its HTTP code (client.ts, with the shared route table and the
 * response schemas) is a module of its own, loaded with the first request
 * rather than with the first page: a signed-out visitor's first route makes none.
 */
import { accountApi } from './account';
import { activitiesApi } from './activities';
import { catalogueApi } from './catalogue';
import { certificationsApi } from './certifications';
import type { FileRequester, HttpDeps, Requester } from './client';
import { contactApi } from './contact';
import { evidenceApi } from './evidence';
import { proposalsApi } from './proposals';
import { recommendationsApi } from './recommendations';
import { reportsApi } from './reports';
import { usersApi } from './users';

/** The API's HTTP code; signed-in pages load it with their own (AppRoutes.tsx). */
export const loadHttpCode = () => import('./index');

export function createApi(deps: HttpDeps) {
  let http: Promise<{ request: Requester; requestFile: FileRequester }> | undefined;
  const loaded = () =>
    (http ??= loadHttpCode().then(
      (code) => ({
        request: code.createRequester(deps),
        requestFile: code.createFileRequester(deps),
      }),
      (error: unknown) => {
        // Not remembered: the next request asks for the code again.
        http = undefined;
        throw error;
      },
    ));
  const request: Requester = async (operation, options) =>
    (await loaded()).request(operation, options);
  const requestFile: FileRequester = async (operation, options) =>
    (await loaded()).requestFile(operation, options);
  return {
    ...usersApi(request),
    ...certificationsApi(request),
    ...activitiesApi(request),
    ...evidenceApi(request, deps.fetch),
    ...reportsApi(requestFile),
    ...recommendationsApi(request),
    ...catalogueApi(request),
    ...contactApi(request),
    ...accountApi(request),
    ...proposalsApi(request),
  };
}

export type Api = ReturnType<typeof createApi>;
