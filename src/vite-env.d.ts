/// <reference types="vite/client" />
/** Identifies the build; compared with /version.json to offer the update bar. */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** The referee app's App Store page, shown to referees on /calendar. */
  readonly VITE_REFEREE_APP_STORE_URL?: string;
  /** The referee app's Google Play page. */
  readonly VITE_REFEREE_PLAY_STORE_URL?: string;
  /** A commercial FullCalendar premium key; the GPL key is used without it. */
  readonly VITE_FULLCALENDAR_LICENSE_KEY?: string;
}
