// The message shown on any page after the sign-up confirmation link signs the visitor in. Kept apart from
// content/auth.ts because the auth store that shows it is in every page's first JavaScript.
export const authNotices = {
  emailConfirmed: 'Email confirmed: you are signed in',
  emailConfirmedDetail: 'Welcome! Your account is ready; your purchases and audio are under My Account.',
} as const;
