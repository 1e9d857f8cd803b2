/**
 * The local composition root's view of the handlers: each module's factory,
 * loaded on first use (as a Lambda container loads its bundle on a cold
 * start) and given the dependencies the caller built.
 */
import type { HandlerDeps } from './deps';

export { httpHandlers, otherHandlers, lambdaEntry, lambdaModules } from '../functions';
export type { HandlerDeps } from './deps';

const builders = {
  health: async (deps) => (await import('./health')).createHealthHandler(deps),
  users: async (deps) => (await import('./users')).createUsersHandler(deps),
  certifications: async (deps) =>
    (await import('./certifications')).createCertificationsHandler(deps),
  activities: async (deps) => (await import('./activities')).createActivitiesHandler(deps),
  recommendations: async (deps) =>
    (await import('./recommendations')).createRecommendationsHandlerFrom(deps),
  contact: async (deps) => (await import('./contact')).createContactHandler(deps),
  catalogue: async () => (await import('./catalogue')).createCatalogueHandler(),
  account: async (deps) => (await import('./account')).createAccountHandler(deps),
  reminders: async (deps) => (await import('./reminders')).createRemindersHandler(deps),
  'reminder-digest': async (deps) =>
    (await import('./reminders')).createReminderDigestHandler(deps),
  reports: async (deps) => (await import('./reports')).createReportsHandlerFrom(deps),
  files: async (deps) => (await import('./files')).createFilesHandler(deps),
  proposals: async (deps) => (await import('./proposals')).createProposalsHandler(deps),
  'contact-digest': async (deps) => (await import('./contact')).createContactDigestHandler(deps),
  inbound: async (deps) => (await import('./inbound')).createInboundHandlerFrom(deps),
  migrate: async (deps) => (await import('./migrate')).createMigrateHandler(deps),
  'post-confirmation': async (deps) =>
    (await import('./post-confirmation')).createPostConfirmationHandler(deps),
} satisfies Record<string, (deps: HandlerDeps) => Promise<unknown>>;

export type HandlerModule = keyof typeof builders;
export type HandlerOf<M extends HandlerModule> = Awaited<ReturnType<(typeof builders)[M]>>;

/** Builds one module's handler with `deps`. */
export function buildHandler<M extends HandlerModule>(
  module: M,
  deps: HandlerDeps,
): Promise<HandlerOf<M>> {
  return builders[module](deps) as Promise<HandlerOf<M>>;
}

export function isHandlerModule(module: string): module is HandlerModule {
  return Object.hasOwn(builders, module);
}
