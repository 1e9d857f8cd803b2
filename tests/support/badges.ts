/** Open Badges built for the integration and browser suites (see @cpe/api's testing/badges). */
export * from '@cpe/api/testing/badges';
