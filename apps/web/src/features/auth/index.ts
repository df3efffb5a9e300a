export { useChangeLanguageMutation } from './auth.mutations';
export { authKeys } from './auth.queries';
export { LoginPage } from './LoginPage';
