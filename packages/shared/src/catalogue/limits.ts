/** How many entries a catalogue search answers: the API's query schema and the search read these. */
export const SEARCH_LIMITS = { defaultLimit: 10, maxLimit: 50 } as const;
