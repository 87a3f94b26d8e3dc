import WebSocket from 'ws';
import { loadConfig } from '../server/config';
import { SOCKET_PATH } from '../core/api/scoreboards';
import type { ToBoard } from '../core/scoreboards/protocol';

// `npm run scoreboard:sim`: simulated scoreboards for the demo. Each board connects to a running server
// (SCOREBOARD_URL, default http://localhost:3000) on the scoreboard socket with its port and the shared
// SCOREBOARD_SECRET, starts a game (set), sends the score and clock every few seconds (update), and
// starts a new game a little after staff reset it. It only talks to this machine, and stops by itself
// after SCOREBOARD_SIM_MINUTES (default 10), or on Ctrl-C.
//
//   SCOREBOARD_PORTS=9001,9002   the boards to simulate (default: the demo seed's first four, 9001–9004)

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const UPDATE_MS = 3000;
const RECONNECT_MS = 2000;
const TEAMS = ['Red Lions', 'Blue Hawks', 'Green Foxes', 'Golden Bears', 'Silver Sharks', 'Black Panthers', 'White Wolves', 'Orange Owls'];

function settings() {
  const base = new URL(process.env.SCOREBOARD_URL ?? 'http://localhost:3000');
  if (!LOOPBACK.has(base.hostname)) throw new Error(`SCOREBOARD_URL must be on this machine (localhost, 127.0.0.1 or [::1]), not ${base.hostname}`);
  const socket = new URL(SOCKET_PATH, base);
  socket.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  const ports = (process.env.SCOREBOARD_PORTS ?? '9001,9002,9003,9004').split(',').map((p) => Number(p.trim()));
  if (!ports.length || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) throw new Error('SCOREBOARD_PORTS must be port numbers separated by commas');
  const minutes = Number(process.env.SCOREBOARD_SIM_MINUTES ?? 10);
  if (!(minutes > 0 && minutes <= 24 * 60)) throw new Error('SCOREBOARD_SIM_MINUTES must be between 0 and 1440');
  return { url: socket.toString(), ports, minutes, secret: loadConfig().scoreboardSecret };
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];

/** One simulated board: connects, plays games, reconnects until stopped. */
function simulateBoard(url: string, port: number, secret: string) {
  let socket: WebSocket | null = null;
  let ticker: NodeJS.Timeout | undefined;
  let later: NodeJS.Timeout | undefined;
  let stopped = false;
  let game = { home_score: 0, away_score: 0, timer: 0 };

  const send = (frame: object) => socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify(frame));

  const startGame = () => {
    const home = pick(TEAMS);
    const away = pick(TEAMS.filter((t) => t !== home));
    game = { home_score: 0, away_score: 0, timer: 0 };
    send({ action: 'set', home, away });
    console.log(`[${port}] new game: ${home} v ${away}`);
  };

  const tick = () => {
    game.timer += UPDATE_MS / 1000;
    if (Math.random() < 0.15) game.home_score += 1;
    if (Math.random() < 0.12) game.away_score += 1;
    send({ action: 'update', ...game });
  };

  const connect = () => {
    socket = new WebSocket(url);
    socket.on('open', () => send({ action: 'connection', port, secret }));
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as ToBoard;
      if (frame.action === 'connected') {
        console.log(`[${port}] connected (field ${frame.scoreboard.field.number}, ${frame.scoreboard.facility.name})`);
        startGame();
        clearInterval(ticker);
        ticker = setInterval(tick, UPDATE_MS);
      } else if (frame.action === 'reset') {
        console.log(`[${port}] reset by staff; a new game starts in 5 s`);
        clearTimeout(later);
        later = setTimeout(startGame, 5000);
      } else if (frame.action === 'background') {
        console.log(`[${port}] new background: ${frame.url}`);
      } else if (frame.action === 'error') {
        console.error(`[${port}] refused: ${frame.message}`);
      }
    });
    socket.on('error', (error) => console.error(`[${port}] ${error.message}`));
    socket.on('close', () => {
      clearInterval(ticker);
      if (!stopped) setTimeout(connect, RECONNECT_MS);
    });
  };

  connect();
  return () => {
    stopped = true;
    clearInterval(ticker);
    clearTimeout(later);
    socket?.close();
  };
}

function main() {
  const { url, ports, minutes, secret } = settings();
  console.log(`Simulating ${ports.length} scoreboard(s) on ${url} for ${minutes} minute(s); Ctrl-C stops them.`);
  const stops = ports.map((port) => simulateBoard(url, port, secret));
  const stop = () => {
    console.log('Stopping the simulated scoreboards.');
    for (const stopBoard of stops) stopBoard();
    setTimeout(() => process.exit(0), 500).unref();
  };
  setTimeout(stop, minutes * 60_000).unref();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
