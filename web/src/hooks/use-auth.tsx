import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiRequest, getQueryFn } from '../api/client.ts';
import type { User } from '../api/types.ts';
import { currentLanguage } from '../i18n.ts';
import { describeError } from '../lib/error-text.ts';
import { useToast } from './use-toast.tsx';

export const USER_KEY = ['/api/user'] as const;

export interface LoginInput {
  username: string;
  password: string;
}

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
}

interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  isAdmin: boolean;
  login: (input: LoginInput) => Promise<User>;
  register: (input: RegisterInput) => Promise<User>;
  logout: () => Promise<void>;
  loginPending: boolean;
  registerPending: boolean;
  logoutPending: boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const userQuery = useQuery<User | null>({ queryKey: USER_KEY, queryFn: getQueryFn<User>({ on401: 'returnNull' }) });

  const loginMutation = useMutation({
    mutationFn: (input: LoginInput) => apiRequest<User>('POST', '/api/login', input),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_KEY, user);
      toast({ title: t('auth.toast.loginSuccess'), description: t('auth.toast.welcomeBack', { name: user.username }), variant: 'success' });
    },
    onError: (error) => toast({ title: t('auth.toast.loginFailed'), description: describeError(t, error), variant: 'destructive' }),
  });

  const registerMutation = useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<User>('POST', '/api/register', { ...input, language: currentLanguage() }),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_KEY, user);
      toast({ title: t('auth.toast.registerSuccess'), description: t('auth.toast.welcome', { name: user.username }), variant: 'success' });
    },
    onError: (error) => toast({ title: t('auth.toast.registerFailed'), description: describeError(t, error), variant: 'destructive' }),
  });

  const logoutMutation = useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: () => {
      queryClient.setQueryData(USER_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_KEY[0] });
      toast({ title: t('auth.toast.loggedOut'), description: t('auth.toast.loggedOutText') });
      void navigate('/');
    },
    onError: (error) =>
      toast({ title: t('auth.toast.logoutFailed'), description: describeError(t, error, 'auth.toast.logoutFailedText'), variant: 'destructive' }),
  });

  const user = userQuery.data ?? null;
  const value: AuthContextValue = {
    user,
    isLoading: userQuery.isLoading,
    isAdmin: user?.role === 'admin',
    login: (input) => loginMutation.mutateAsync(input),
    register: (input) => registerMutation.mutateAsync(input),
    logout: async () => {
      await logoutMutation.mutateAsync().catch(() => undefined);
    },
    loginPending: loginMutation.isPending,
    registerPending: registerMutation.isPending,
    logoutPending: logoutMutation.isPending,
  };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
