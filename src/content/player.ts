// Texts of the audio player (docs/product-rules.md §4 "Player", docs/product-rules.md D24 "Listening safety"). Loaded with the player's
// lazily loaded chunk only.

export const playerText = {
  regionLabel: 'Audio player',
  nowPlayingLabel: 'Now playing',
  play: 'Play',
  pause: 'Pause',
  loading: 'Loading audio',
  previous: 'Previous track',
  next: 'Next track',
  seek: 'Seek',
  volume: 'Volume',
  mute: 'Mute',
  unmute: 'Unmute',
  shuffle: 'Shuffle',
  repeat: 'Repeat this track',
  expand: 'Expand player',
  collapse: 'Collapse player',
  close: 'Close player',
  playlistTab: 'Playlist',
  nowPlayingTab: 'Now playing',
  trackCount: (count: number) => `${count} ${count === 1 ? 'track' : 'tracks'}`,
  position: (n: number, total: number) => `${n} of ${total}`,
  removeFromPlaylist: (title: string) => `Remove ${title} from the playlist`,
  playingIndicator: 'Playing',
  elapsed: 'Elapsed',
  remaining: 'Duration',
  speed: 'Playback speed',
  speedOption: (rate: number) => `${rate}×`,
  sleepTimer: 'Sleep timer',
  sleepOff: 'Off',
  sleepMinutes: (minutes: number) => `${minutes} minutes`,
  sleepEndOfTrack: 'End of track',
  sleepActive: (minutesLeft: number) => `Stops in ${minutesLeft} min`,
  sleepActiveEndOfTrack: 'Stops at the end of this track',
  sleepExtendShort: '+10',
  sleepExtend: 'Add 10 minutes to the sleep timer',
  announceTrack: (title: string, n: number, total: number) => `Now playing: ${title}, track ${n} of ${total}`,
  announcePaused: 'Paused',
  resumed: (time: string) => `Resumed at ${time}`,
  playbackError: 'Could not play this audio. Please try again.',
  // Resume on any device (docs/listening-positions.md): asked, never decided silently.
  resumeQuestionLabel: 'Where to continue',
  resumeConflict: (remote: string, device: string, when: string, local: string) =>
    `Continue from ${remote}, played on your ${device} ${when}, or ${local}?`,
  resumeElsewhere: (remote: string, device: string, when: string) =>
    `Continue from ${remote}, played on your ${device} ${when}?`,
  continueFrom: (time: string) => `Continue from ${time}`,
  startFromBeginning: 'Start from the beginning',
  deviceName: { phone: 'phone', tablet: 'tablet', computer: 'computer' },
  today: 'today',
  yesterday: 'yesterday',
  onDate: (date: string) => `on ${date}`,
  shortcuts:
    'Shortcuts while the player is open: Space play or pause, Left and Right arrows 10 seconds back or forward, Up and Down arrows volume.',
} as const;

/** The one-time notice before the first play (docs/product-rules.md D24 "Listening safety"). */
export const listeningSafetyText = {
  title: 'Before you listen',
  body:
    'Hypnosis audio is deeply relaxing and can make you drowsy. Never listen while driving, operating ' +
    'machinery or doing anything that needs your full attention. Listen somewhere safe where you can relax ' +
    'completely.',
  acknowledge: 'I understand, play',
  cancel: 'Not now',
} as const;

/** My Account's "Continue listening" (docs/player.md "My Account as a library"): in the account page's chunk. */
export const continueListeningText = {
  title: 'Continue listening',
  playing: 'Playing',
  leftAt: (time: string, length: string | null) =>
    length ? `You left it at ${time} of ${length}` : `You left it at ${time}`,
  notStarted: 'Ready to play from the beginning',
  resume: (title: string) => `Continue listening to ${title}`,
  resumeShort: 'Continue',
  pause: (title: string) => `Pause ${title}`,
  pauseShort: 'Pause',
} as const;
