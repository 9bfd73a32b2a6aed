// /auth : connexion, inscription, réinitialisation et messages du service d’authentification.
import type { auth as en } from '../en/auth'

export const auth: Record<keyof typeof en, string> = {
  'auth.signInTitle': 'Bon retour parmi nous',
  'auth.signUpTitle': 'Créez votre compte',
  'auth.resetTitle': 'Réinitialiser votre mot de passe',
  'auth.signInSubmit': 'Se connecter',
  'auth.signUpSubmit': 'Créer un compte',
  'auth.resetSubmit': 'Envoyer le lien',
  'auth.signingIn': 'Connexion…',
  'auth.creatingAccount': 'Création du compte…',
  'auth.sending': 'Envoi…',
  'auth.backToSignIn': 'Retour à la connexion',
  'auth.forgotPassword': 'Mot de passe oublié ?',
  'auth.haveAccount': 'Déjà un compte ? Se connecter',
  'auth.needAccount': 'Pas encore de compte ? S’inscrire',
  'auth.passwordHint': 'Le mot de passe doit contenir au moins 6 caractères',
  'auth.confirmedSignIn': 'Connexion réussie. Retour à l’accueil…',
  'auth.confirmedSignUp': 'Compte créé. Retour à l’accueil…',
  'auth.confirmedReset': 'Consultez vos e-mails pour réinitialiser votre mot de passe.',
  'auth.signupsDisabled':
    'La création de nouveaux comptes est momentanément désactivée. Veuillez contacter le support ou vous connecter avec un compte existant.',
  'auth.invalidCredentials': 'E-mail ou mot de passe incorrect. Veuillez vérifier vos identifiants et réessayer.',
  'auth.emailNotConfirmed':
    'Veuillez consulter vos e-mails et cliquer sur le lien de confirmation avant de vous connecter.',
  'auth.passwordTooShort': 'Le mot de passe doit contenir au moins 6 caractères.',
  'auth.invalidEmail': 'Veuillez saisir une adresse e-mail valide.',
  'auth.tooManyAttempts': 'Trop de tentatives. Veuillez patienter un instant, puis réessayer.',
  'auth.tooManyAttemptsSeconds':
    '{count, plural, one {Trop de tentatives. Réessayez dans # seconde.} other {Trop de tentatives. Réessayez dans # secondes.}}',
  'auth.tooManyAttemptsMinutes':
    '{count, plural, one {Trop de tentatives. Réessayez dans # minute.} other {Trop de tentatives. Réessayez dans # minutes.}}',
  'auth.userExists': 'Un compte existe déjà avec cette adresse e-mail. Veuillez plutôt vous connecter.',
  'auth.samePassword': 'Votre nouveau mot de passe doit être différent de l’actuel.',
  'auth.linkExpired': 'Ce lien a expiré ou a déjà été utilisé. Veuillez en demander un nouveau.',
  'auth.failed': 'Cela n’a pas fonctionné. Veuillez vérifier vos informations et réessayer.',
  'authForm.emailRequired': 'L’e-mail est obligatoire',
  'authForm.emailInvalid': 'Veuillez saisir une adresse e-mail valide.',
  'authForm.passwordRequired': 'Le mot de passe est obligatoire',
  'authForm.passwordMin': 'Le mot de passe doit contenir au moins 6 caractères',
  'authForm.firstNameRequired': 'Le prénom est obligatoire',
  'authForm.lastNameRequired': 'Le nom est obligatoire',
}
