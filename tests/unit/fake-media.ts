// A media element for the player's unit tests: jsdom has no playback, so position, length, readiness and
// play/pause are plain fields the test sets, and events are dispatched by the test (or by play()).

export interface FakeMedia extends HTMLAudioElement {
  /** Sets what the element reports without firing anything. */
  report: (fields: { duration?: number; readyState?: number; ended?: boolean; errorCode?: number }) => void;
}

export function fakeMedia(): FakeMedia {
  const audio = document.createElement('audio') as FakeMedia;
  let time = 0;
  let duration = Number.NaN;
  let readyState = 0;
  let paused = true;
  let ended = false;
  let error: { code: number } | null = null;
  Object.defineProperty(audio, 'currentTime', {
    get: () => time,
    set: (value: number) => {
      time = value;
    },
  });
  Object.defineProperty(audio, 'duration', { get: () => duration });
  Object.defineProperty(audio, 'readyState', { get: () => readyState });
  Object.defineProperty(audio, 'paused', { get: () => paused });
  Object.defineProperty(audio, 'ended', { get: () => ended });
  Object.defineProperty(audio, 'error', { get: () => error });
  audio.play = () => {
    paused = false;
    return Promise.resolve();
  };
  audio.pause = () => {
    paused = true;
  };
  audio.load = () => {};
  audio.report = (fields) => {
    if (fields.duration !== undefined) duration = fields.duration;
    if (fields.readyState !== undefined) readyState = fields.readyState;
    if (fields.ended !== undefined) ended = fields.ended;
    if (fields.errorCode !== undefined) error = { code: fields.errorCode };
  };
  return audio;
}
