// The spec's event and repeat messages (spec 2 §5, §8), word for word: the server answers them and the
// add-event dialog shows them.

export const EVENT_MESSAGES = {
  endBeforeStart: 'End time cannot be before start time',
  missingFields: 'Missing fields',
  repeatNotReady: 'Please ensure that all events have available spots, or select the events you want to keep before proceeding.',
  emailSent: 'Email confirmation sent',
  copied: 'Copied to clipboard',
} as const;

/** Who an edit or delete of an event of a repeat series reaches. */
export const SERIES_SCOPES = ['this', 'following', 'series'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];
