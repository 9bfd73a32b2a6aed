// /auth (docs/product.md §2.5, §5 auth form, §8 authentication).
export const auth = {
  'auth.signInTitle': 'Welcome back',
  'auth.signUpTitle': 'Create your account',
  'auth.resetTitle': 'Reset your password',
  'auth.signInSubmit': 'Sign In',
  'auth.signUpSubmit': 'Create Account',
  'auth.resetSubmit': 'Send Reset Link',
  'auth.signingIn': 'Signing In...',
  'auth.creatingAccount': 'Creating Account...',
  'auth.sending': 'Sending...',
  'auth.backToSignIn': 'Back to Sign In',
  'auth.forgotPassword': 'Forgot your password?',
  'auth.haveAccount': 'Already have an account? Sign in',
  'auth.needAccount': "Don't have an account? Sign up",
  'auth.passwordHint': 'Password must be at least 6 characters long',
  'auth.confirmedSignIn': 'You are signed in. Taking you home...',
  'auth.confirmedSignUp': 'Account created. Taking you home...',
  'auth.confirmedReset': 'Check your email for reset instructions.',
  // The auth service's messages, made friendlier (docs/product.md §8).
  'auth.signupsDisabled':
    'New account creation is currently disabled. Please contact support or try signing in with an existing account.',
  'auth.invalidCredentials': 'Incorrect email or password. Please check your credentials and try again.',
  'auth.emailNotConfirmed': 'Please check your email and click the confirmation link before signing in.',
  'auth.passwordTooShort': 'Password must be at least 6 characters long.',
  'auth.invalidEmail': 'Please enter a valid email address.',
  'auth.tooManyAttempts': 'Too many attempts. Please wait a moment and try again.',
  'auth.tooManyAttemptsSeconds':
    '{count, plural, one {Too many attempts. Try again in # second.} other {Too many attempts. Try again in # seconds.}}',
  'auth.tooManyAttemptsMinutes':
    '{count, plural, one {Too many attempts. Try again in # minute.} other {Too many attempts. Try again in # minutes.}}',
  'auth.userExists': 'An account with this email address already exists. Please sign in instead.',
  'auth.samePassword': 'Your new password must be different from your current one.',
  'auth.linkExpired': 'This link has expired or was already used. Please request a new one.',
  'auth.failed': 'That did not work. Please check your details and try again.',
  // Field messages of the form (the spec relies on the browser's own; ours say the same things).
  'authForm.emailRequired': 'Email is required',
  'authForm.emailInvalid': 'Please enter a valid email address.',
  'authForm.passwordRequired': 'Password is required',
  'authForm.passwordMin': 'Password must be at least 6 characters long',
  'authForm.firstNameRequired': 'First name is required',
  'authForm.lastNameRequired': 'Last name is required',
} as const
