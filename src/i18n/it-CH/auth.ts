// /auth: accesso, registrazione, reimpostazione della password e messaggi del servizio di autenticazione.
import type { auth as en } from '../en/auth'

export const auth: Record<keyof typeof en, string> = {
  'auth.signInTitle': 'Bentornato',
  'auth.signUpTitle': 'Crea il tuo account',
  'auth.resetTitle': 'Reimposta la password',
  'auth.signInSubmit': 'Accedi',
  'auth.signUpSubmit': 'Crea account',
  'auth.resetSubmit': 'Invia il link',
  'auth.signingIn': 'Accesso in corso…',
  'auth.creatingAccount': 'Creazione dell’account…',
  'auth.sending': 'Invio…',
  'auth.backToSignIn': 'Torna all’accesso',
  'auth.forgotPassword': 'Password dimenticata?',
  'auth.haveAccount': 'Hai già un account? Accedi',
  'auth.needAccount': 'Non hai un account? Registrati',
  'auth.passwordHint': 'La password deve contenere almeno 6 caratteri',
  'auth.confirmedSignIn': 'Accesso effettuato. Ti portiamo alla home…',
  'auth.confirmedSignUp': 'Account creato. Ti portiamo alla home…',
  'auth.confirmedReset': 'Controlla la tua e-mail per le istruzioni di reimpostazione.',
  'auth.signupsDisabled':
    'Al momento non è possibile creare nuovi account. Contatta l’assistenza o accedi con un account esistente.',
  'auth.invalidCredentials': 'E-mail o password errata. Controlla i tuoi dati e riprova.',
  'auth.emailNotConfirmed': 'Controlla la tua e-mail e clicca sul link di conferma prima di accedere.',
  'auth.passwordTooShort': 'La password deve contenere almeno 6 caratteri.',
  'auth.invalidEmail': 'Inserisci un indirizzo e-mail valido.',
  'auth.tooManyAttempts': 'Troppi tentativi. Attendi un momento e riprova.',
  'auth.tooManyAttemptsSeconds':
    '{count, plural, one {Troppi tentativi. Riprova tra # secondo.} other {Troppi tentativi. Riprova tra # secondi.}}',
  'auth.tooManyAttemptsMinutes':
    '{count, plural, one {Troppi tentativi. Riprova tra # minuto.} other {Troppi tentativi. Riprova tra # minuti.}}',
  'auth.userExists': 'Esiste già un account con questo indirizzo e-mail. Accedi invece di registrarti.',
  'auth.samePassword': 'La nuova password deve essere diversa da quella attuale.',
  'auth.linkExpired': 'Questo link è scaduto o è già stato usato. Richiedine uno nuovo.',
  'auth.failed': 'Non ha funzionato. Controlla i tuoi dati e riprova.',
  'authForm.emailRequired': 'L’e-mail è obbligatoria',
  'authForm.emailInvalid': 'Inserisci un indirizzo e-mail valido.',
  'authForm.passwordRequired': 'La password è obbligatoria',
  'authForm.passwordMin': 'La password deve contenere almeno 6 caratteri',
  'authForm.firstNameRequired': 'Il nome è obbligatorio',
  'authForm.lastNameRequired': 'Il cognome è obbligatorio',
}
