import { useEffect, useRef } from 'react';
import { SCOREBOARD_RECONNECT_MS } from '../../../../core/constants';
import { session } from '../../../../dataProvider/session';
import { SOCKET_PATH } from '../../../../core/api/scoreboards';
import type { Scoreboard, ToBrowser } from '../../../../core/scoreboards/protocol';
import { useDialogs } from '../../../kit/layout/dialogs';
import './messages';

// The page's socket to the scoreboard hub (spec 1 §4): it registers as admin with the session's token
// when it opens, reconnects 1 s after it closes, and on an error shows the error dialog and closes
// (which reconnects). Every `scoreboard` frame is handed to `onScoreboard`.

export const socketUrl = (location: Location = window.location) =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`;

/** What the error dialog shows (an i18n key) when the socket fails without saying why. */
export const SOCKET_FAILED = 'scoreboards.socket_failed';

export function useScoreboardSocket(onScoreboard: (scoreboard: Scoreboard) => void): void {
  const { showError } = useDialogs();
  const handlers = useRef({ onScoreboard, showError });
  handlers.current = { onScoreboard, showError };

  useEffect(() => {
    let socket: WebSocket;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      socket = new WebSocket(socketUrl());
      socket.onopen = () => socket.send(JSON.stringify({ action: 'register', role: 'admin', token: session.token() ?? '' }));
      socket.onmessage = (event) => {
        let frame: ToBrowser;
        try {
          frame = JSON.parse(String(event.data));
        } catch {
          return;
        }
        if (frame.action === 'scoreboard') handlers.current.onScoreboard(frame.scoreboard);
        // The hub closes the socket after an error frame; the close reconnects.
        else if (frame.action === 'error') handlers.current.showError(frame.message);
      };
      socket.onerror = () => {
        handlers.current.showError(SOCKET_FAILED);
        socket.close();
      };
      socket.onclose = () => {
        if (!stopped) retry = setTimeout(open, SCOREBOARD_RECONNECT_MS);
      };
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket.close();
    };
  }, []);
}
