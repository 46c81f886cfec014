// Offline listening (issue 26; docs/offline-listening.md): every text of the 'On this device' section of My
// Account and of the save buttons in My Account and the player. Loaded with My Account and the player only.

export const offlineText = {
  section: {
    title: 'On this device',
    lead: 'Save audio to this device to listen without a connection, for example at bedtime with no signal. Saved audio plays from here, also with the network off.',
    empty: 'Nothing is saved on this device yet. Use Save for offline next to an audio.',
    listLabel: 'Audio saved on this device',
    saveAll: 'Save all for offline',
    savingAll: 'Saving…',
    play: (title: string) => `Play ${title} from this device`,
    playShort: 'Play',
    size: 'Size',
    savedOn: 'Saved',
  },
  storage: {
    title: 'Storage',
    used: (used: string, available: string) => `Using ${used} of about ${available} available to this site.`,
    savedTotal: (size: string) => `Saved audio: ${size}.`,
    unknown: 'This browser does not say how much space is available.',
  },
  persist: {
    explanation:
      'Browsers may clear saved files when the device runs low on space. Ask this browser to keep your saved audio until you remove it.',
    button: 'Keep saved audio on this device',
    granted: 'This browser will keep your saved audio until you remove it.',
    refused:
      'This browser did not agree to keep the files for certain. They usually stay, but may be cleared if space runs low; you can save them again at any time.',
  },
  unsupported: {
    appleMobile:
      'On iPhone and iPad, browsers keep only a little audio for a website and may delete it after a few days without a visit, so saving for offline is not offered here. Use Download instead: the MP3 file stays in your Files app and plays offline.',
    smallQuota:
      'This browser allows this site too little storage for long audio, so saving for offline is not offered here. Use Download instead to keep the MP3 file on this device.',
    none: 'This browser cannot keep audio for offline listening. Use Download instead to keep the MP3 file on this device.',
  },
  button: {
    save: (title: string) => `Save for offline: ${title}`,
    saveShort: 'Save for offline',
    saving: 'Saving…',
    saved: 'Saved on this device',
    remove: (title: string) => `Remove from this device: ${title}`,
    removeShort: 'Remove from this device',
    savePackage: (title: string) => `Save package for offline: ${title}`,
    savePackageShort: 'Save package for offline',
    savingPackage: (saved: number, total: number) => `Saving… ${saved} of ${total} saved`,
    removePackage: (title: string) => `Remove package from this device: ${title}`,
    removePackageShort: 'Remove package from this device',
  },
  packages: {
    count: (count: number) => (count === 1 ? '1 audio' : `${count} audios`),
  },
  yourAudio: {
    offlineNotice:
      'You are offline. This is your audio as this device last saw it: what is saved on this device plays now; the rest needs a connection.',
    offlineNothingKnown:
      'You are offline, and this device has no list of your audio yet. It shows here when you are back online.',
    needsConnection: 'Needs a connection',
  },
  toast: {
    saved: (title: string) => `${title} is saved on this device.`,
    saveFailed: 'The audio could not be saved. Please check your connection and try again.',
    quotaExceeded: 'There is not enough space on this device to save this audio.',
    removed: 'Removed from this device.',
    revoked: 'Audio you no longer own was removed from this device.',
  },
} as const;
