// Every text of the account screens: /auth, /reset-password, /update-password, /admin/login and the guards
// (docs/product-rules.md §2, §4, §5 and the error catalogue of §8, whose messages are kept verbatim).

export const authMessages = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  signupSuccess: 'Check your email for a confirmation link!',
  resetEmailSent: 'Password reset email sent! Check your inbox.',
  passwordUpdated: 'Password updated successfully!',
  loginFallback: 'An error occurred during login',
  signupFallback: 'An error occurred during signup',
  genericFallback: 'An error occurred',
  resetRequestFallback: 'An error occurred while sending reset email',
  updatePasswordFallback: 'An error occurred while updating password',
  linkExpired: 'The reset link has expired. Please request a new password reset.',
  linkErrorPrefix: 'Reset link error: ',
  linkWrongType: 'Invalid reset link type. Please request a new password reset.',
  linkMissingToken: 'Missing reset token. Please request a new password reset.',
  linkTokenRejected: 'Invalid or expired reset token. Please request a new password reset.',
  linkSessionRefused:
    'This link tries to sign you in directly, which this site never accepts. Please request a new password reset.',
  linkTokenCheckFailed: 'Error verifying reset token. Please try again.',
  accessDenied: 'Access denied. Admin privileges required.',
  // Fixed answers to the auth service's refusals (docs/auth-links.md): never the service's own words.
  tooManyRequests: 'Too many attempts from this device. Please wait a few minutes, then try again.',
  // Says nothing of whether the address has an account (docs/security.md "Email flooding").
  tooManyEmails:
    'An email was asked for very recently. If you asked a moment ago, please check your inbox and spam folder; otherwise wait a few minutes, then try again.',
  passwordPwned:
    'This password is too common or has appeared in a data breach. Please choose a different one.',
  reauthenticationNeeded:
    'For your security, please sign out and sign in again before changing your password.',
  adminCheckFailed: 'Error checking admin status.',
} as const;

export const passwordStrengthText = {
  tooShort: 'At least 6 characters needed',
  good: 'Good - consider making it longer',
  strong: 'Strong password',
  label: 'Password strength',
} as const;

export const fieldText = {
  email: 'Email',
  emailPlaceholder: 'you@example.com',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  showPassword: (field: string) => `Show ${field.toLowerCase()}`,
  hidePassword: (field: string) => `Hide ${field.toLowerCase()}`,
  loading: 'Please wait…',
} as const;

export const authPageText = {
  /** On the way to checkout, signed out (docs/money.md "What the cart shows is what is charged"). */
  checkoutNote:
    'Sign in to check out. Your cart is then checked against the audios you already own: anything already yours, or already included in a package in your cart, is flagged and not charged.',
  seo: {
    title: 'Sign In or Sign Up',
    description: 'Sign in to your account or create one to keep and replay your self-hypnosis audio.',
  },
  backToHome: 'Back to home',
  title: 'Welcome',
  lead: 'Sign in to listen to your self-hypnosis audio, or create a free account.',
  tabsLabel: 'Account options',
  tabs: { login: 'Sign In', signup: 'Sign Up', forgot: 'Reset' },
  signIn: {
    submit: 'Sign In',
    forgotLink: 'Forgot your password?',
  },
  signUp: {
    submit: 'Create Account',
    note: 'We will email you a link to confirm your address before you can sign in.',
    // The state that replaces the form once the account is created (as the reset request's 'sent' state does).
    sentTo: 'We sent it to',
    nextStep: 'Open the link in that email to confirm your address; you will then be signed in here.',
    spam: "If you don't see the email within a few minutes, check your spam or junk folder.",
    differentEmail: 'Use a different email',
  },
  forgot: {
    intro: "Enter your account email and we'll send you a link to reset your password.",
    submit: 'Send Reset Link',
    backToSignIn: 'Back to Sign In',
  },
  recovery: {
    title: 'Reset Your Password',
    lead: 'Choose a new password for your account.',
    submit: 'Update Password',
  },
} as const;

export const resetPasswordText = {
  seo: { title: 'Reset Password', description: 'Request a link to reset your password.' },
  backToHome: 'Back to home',
  title: 'Reset Password',
  lead: "Enter the email address of your account and we'll send you a link to set a new password.",
  emailLabel: 'Email Address',
  emailPlaceholder: 'Enter your account email',
  submit: 'Send Reset Link',
  rememberPassword: 'Remember your password?',
  signInLink: 'Sign in here',
  needHelp: 'Need help?',
  contactLink: 'Contact support',
  sent: {
    title: 'Check Your Email',
    sentTo: 'We sent a password reset link to',
    expiry: 'The link expires in 24 hours.',
    spam: "If you don't see the email within a few minutes, check your spam or junk folder.",
    backToSignIn: 'Back to Sign In',
    tryDifferentEmail: 'Try a different email',
  },
} as const;

export const updatePasswordText = {
  seo: { title: 'Set New Password', description: 'Choose a new password for your account.' },
  verifying: 'Verifying reset token...',
  invalidTitle: 'Invalid Reset Link',
  requestNewLink: 'Request New Reset Link',
  backToSignIn: 'Back to Sign In',
  title: 'Set New Password',
  lead: 'Choose a strong password you have not used here before.',
  submit: 'Update Password',
  doneTitle: 'Password Updated!',
  doneText: 'You can now sign in with your new password. Taking you to the sign-in page…',
  signInNow: 'Sign In Now',
  forAccount: 'New password for',
  notYou: 'Not your account?',
  leave: 'Leave without changing anything',
} as const;

export const adminLoginText = {
  seo: { title: 'Admin Sign In', description: 'Sign in to access the admin dashboard.' },
  title: 'Admin Access',
  lead: 'Sign in to access the admin dashboard',
  submit: 'Sign In as Admin',
  regularSignIn: 'Regular sign in',
  regularSignInPrompt: 'Not an administrator?',
} as const;

export const guardText = {
  checking: 'Checking your account…',
  accountTitle: 'My Account',
  accountSeo: { title: 'My Account', description: 'Your purchases, audio and account settings.' },
  signedInAs: 'Signed in as',
  dashboardTitle: 'Admin Dashboard',
  dashboardSeo: { title: 'Admin Dashboard', description: 'Sales, customers and catalogue management.' },
  deniedTitle: 'Access denied',
  adminSignIn: 'Admin sign in',
  backToHome: 'Back to home',
} as const;

/** Fixed descriptions of the error codes an auth link can carry, after 'Reset link error: ' (never its text). */
export const linkErrorDescriptions: Record<string, string> = {
  access_denied: 'access was denied.',
  flow_state_expired: 'the link has expired.',
  flow_state_not_found: 'the link was opened in another browser. Please open it where you asked for it.',
  bad_code_verifier: 'the link was opened in another browser. Please open it where you asked for it.',
  validation_failed: 'the link is incomplete.',
};
export const linkErrorFallbackDescription = 'the link could not be used.';

/** /auth/confirm: every emailed link (confirmation, recovery, email change) is verified here (docs/auth-links.md). */
export const confirmLinkText = {
  seo: { title: 'Confirm Your Email', description: 'Confirm the link from your email.' },
  verifying: 'Checking your link…',
  invalidTitle: 'This link cannot be used',
  expired: 'This link is invalid, has expired or has already been used. Please ask for a new one.',
  checkFailed: 'We could not check this link just now. Please try again in a moment.',
  missing: 'This link is incomplete. Please open the link from your email again.',
  errorPrefix: 'Link error: ',
  backToSignIn: 'Back to Sign In',
  finishTitle: 'Choose your password',
  finishLead: (email: string) =>
    `Your email address ${email} is confirmed. This account was signed up on another device or browser, so to finish, choose its password: it replaces any password set before your address was confirmed, and signs out every other device.`,
  notYou: 'Not your account, or not expecting this email?',
  leave: 'Leave without signing in',
  finishSubmit: 'Save Password and Continue',
  emailChangedTitle: 'Email address confirmed',
  emailChangedText: 'Your new email address is confirmed: use it to sign in from now on.',
  toAccount: 'Go to My Account',
} as const;

/** Asked when a link's account is not the one signed in (docs/auth-links.md). */
export const switchAccountText = {
  title: 'Switch accounts?',
  signedInAs: 'You are signed in as',
  linkFor: 'This link is for',
  explanation:
    'Continuing signs you out of your account on this device and signs you in to the account the link is for.',
  switchTo: (email: string) => `Continue as ${email}`,
  stayAs: (email: string) => `Stay signed in as ${email}`,
  stayedTitle: 'You are still signed in',
  stayedText: 'Nothing changed: the link was not used on this device.',
  home: 'Go to the home page',
} as const;
