// The check's answers the dashboard shows as they are (tests compare them).
export const messages = {
  notAudio:
    'This file is not an MP3 or M4A recording (its contents were checked), so it was not kept. Choose the audio file again.',
  notFound: 'The uploaded file was not found. Please upload it again.',
  unreadable: 'The uploaded file could not be checked. Please try again.',
};
