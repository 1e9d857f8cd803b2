/** The whole API as the pages see it: one object, injectable (tests pass a fake). */
import { accountApi } from './account';
import { activitiesApi } from './activities';
import { catalogueApi } from './catalogue';
import { certificationsApi } from './certifications';
import { type HttpDeps, createFileRequester, createRequester } from './client';
import { contactApi } from './contact';
import { evidenceApi } from './evidence';
import { recommendationsApi } from './recommendations';
import { reportsApi } from './reports';
import { usersApi } from './users';

export function createApi(deps: HttpDeps) {
  const request = createRequester(deps);
  return {
    ...usersApi(request),
    ...certificationsApi(request),
    ...activitiesApi(request),
    ...evidenceApi(request, deps.fetch),
    ...reportsApi(createFileRequester(deps)),
    ...recommendationsApi(request),
    ...catalogueApi(request),
    ...contactApi(request),
    ...accountApi(request),
  };
}

export type Api = ReturnType<typeof createApi>;
export { ApiError, isNotFound, type FieldErrors } from './client';
