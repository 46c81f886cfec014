// What delete-account answers when it refuses (shown to the user as is).
export const messages = {
  lastAdmin:
    'You are the only admin, so your account cannot be deleted. Make another user an admin first, then try again.',
  gone: 'This account no longer exists.',
  failed: 'Your account could not be deleted. Please try again.',
} as const;
