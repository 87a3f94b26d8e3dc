export { createHub, type Hub } from './hub';
export { MAX_BACKGROUND_BYTES, NOT_AN_IMAGE, TOO_LARGE, readBackground, saveBackground } from './backgrounds';
export { type Scoreboard } from '../../../core/scoreboards/protocol';
export { changeGame, findScoreboard, listScoreboards, setBackground } from './store';
