// /auth: Anmelden, Registrieren, Passwort zurücksetzen und die Meldungen des Anmeldedienstes.
import type { auth as en } from '../en/auth'

export const auth: Record<keyof typeof en, string> = {
  'auth.signInTitle': 'Willkommen zurück',
  'auth.signUpTitle': 'Erstelle dein Konto',
  'auth.resetTitle': 'Passwort zurücksetzen',
  'auth.signInSubmit': 'Anmelden',
  'auth.signUpSubmit': 'Konto erstellen',
  'auth.resetSubmit': 'Link zum Zurücksetzen senden',
  'auth.signingIn': 'Anmeldung läuft …',
  'auth.creatingAccount': 'Konto wird erstellt …',
  'auth.sending': 'Wird gesendet …',
  'auth.backToSignIn': 'Zurück zur Anmeldung',
  'auth.forgotPassword': 'Passwort vergessen?',
  'auth.haveAccount': 'Schon ein Konto? Anmelden',
  'auth.needAccount': 'Noch kein Konto? Registrieren',
  'auth.passwordHint': 'Das Passwort muss mindestens 6 Zeichen lang sein',
  'auth.confirmedSignIn': 'Du bist angemeldet. Weiter zur Startseite …',
  'auth.confirmedSignUp': 'Konto erstellt. Weiter zur Startseite …',
  'auth.confirmedReset': 'Schau in deinem Postfach nach, wie du dein Passwort zurücksetzt.',
  'auth.signupsDisabled':
    'Neue Konten können zurzeit nicht erstellt werden. Bitte kontaktiere den Support oder melde dich mit einem bestehenden Konto an.',
  'auth.invalidCredentials': 'E-Mail oder Passwort ist falsch. Bitte prüf deine Angaben und versuch es nochmals.',
  'auth.emailNotConfirmed': 'Bitte schau in dein Postfach und klick auf den Bestätigungslink, bevor du dich anmeldest.',
  'auth.passwordTooShort': 'Das Passwort muss mindestens 6 Zeichen lang sein.',
  'auth.invalidEmail': 'Bitte gib eine gültige E-Mail-Adresse ein.',
  'auth.tooManyAttempts': 'Zu viele Versuche. Warte einen Moment und versuch es dann nochmals.',
  'auth.tooManyAttemptsSeconds':
    '{count, plural, one {Zu viele Versuche. Versuch es in # Sekunde nochmals.} other {Zu viele Versuche. Versuch es in # Sekunden nochmals.}}',
  'auth.tooManyAttemptsMinutes':
    '{count, plural, one {Zu viele Versuche. Versuch es in # Minute nochmals.} other {Zu viele Versuche. Versuch es in # Minuten nochmals.}}',
  'auth.userExists': 'Mit dieser E-Mail-Adresse gibt es bereits ein Konto. Bitte melde dich stattdessen an.',
  'auth.samePassword': 'Dein neues Passwort muss sich vom bisherigen unterscheiden.',
  'auth.linkExpired': 'Dieser Link ist abgelaufen oder wurde schon verwendet. Bitte fordere einen neuen an.',
  'auth.failed': 'Das hat nicht geklappt. Bitte überprüfe deine Angaben und versuch es nochmals.',
  'authForm.emailRequired': 'E-Mail ist erforderlich',
  'authForm.emailInvalid': 'Bitte gib eine gültige E-Mail-Adresse ein.',
  'authForm.passwordRequired': 'Passwort ist erforderlich',
  'authForm.passwordMin': 'Das Passwort muss mindestens 6 Zeichen lang sein',
  'authForm.firstNameRequired': 'Vorname ist erforderlich',
  'authForm.lastNameRequired': 'Nachname ist erforderlich',
}
