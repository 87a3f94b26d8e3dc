export { createHub, type Hub } from './hub';
export { BACKGROUND_PATH, MAX_BACKGROUND_BYTES, NOT_AN_IMAGE, TOO_LARGE, readBackground, saveBackground } from './backgrounds';
export { SOCKET_PATH, type Scoreboard } from '../../../core/scoreboards/protocol';
export { changeGame, findScoreboard, listScoreboards, setBackground } from './store';
