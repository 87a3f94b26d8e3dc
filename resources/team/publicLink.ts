import { fillPath } from '../../core/api/endpoint';
import { publicTeamCalendar } from '../../core/api/teams';

// The addresses of a team's public page and calendar feed, from its reference (issue 24 item 6).

export const PUBLIC_TEAM_PATH = '/public/team';

/** The public page, on this site. */
export const publicTeamUrl = (ref: string) => `${window.location.origin}${PUBLIC_TEAM_PATH}?ref=${encodeURIComponent(ref)}`;

/** The feed as https (download) and as webcal (a phone's calendar subscribes to it). */
export function teamFeedUrls(ref: string) {
  const https = `${window.location.origin}${fillPath(publicTeamCalendar, { ref })}`;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}
