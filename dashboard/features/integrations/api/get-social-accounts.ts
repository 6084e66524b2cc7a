// The reader lives in dashboard/lib (Home reads it too); the forms import it from here.
export { useSocialAccounts, type SocialAccount, type SocialAccounts } from '@/lib/social-accounts';
