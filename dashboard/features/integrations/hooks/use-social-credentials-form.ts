import { useState } from 'react';
import { socialPlatformLabels, type SocialPlatform } from '@core/integrations';
import { useAuth } from '@/lib/auth';
import { readCallableError } from '@/lib/call';
import { toast } from '@/lib/toast';
import type { SocialAccount } from '../api/get-social-accounts';
import { useDeleteSocialCredentials } from '../api/delete-social-credentials';
import { useSaveSocialCredentials } from '../api/save-social-credentials';
import {
  credentialButtonLabel,
  fieldViews,
  planCredentialSave,
  type CredentialEdits,
} from '../utils/credential-form';

const NOT_SIGNED_IN = 'User not authenticated';

/** One platform's credential form: typed edits over the stored state, Save/Update and Delete. */
export function useSocialCredentialsForm(
  platform: SocialPlatform,
  account: SocialAccount | undefined,
) {
  const { user } = useAuth();
  const name = socialPlatformLabels[platform];
  const [edits, setEdits] = useState<CredentialEdits>({});
  const [formError, setFormError] = useState<{ message: string; fields: string[] } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { save: saveCall, isPending: saving } = useSaveSocialCredentials();
  const { remove: deleteCall, isPending: deleting } = useDeleteSocialCredentials();

  const edit = (field: string, value: string) => {
    setEdits((e) => ({ ...e, [field]: value }));
    setFormError(null);
  };

  const save = async () => {
    if (!user) {
      toast({
        title: `Failed to save ${name} credentials`,
        description: NOT_SIGNED_IN,
        variant: 'destructive',
      });
      return;
    }
    const plan = planCredentialSave(platform, edits, account);
    if (!plan.ok) {
      setFormError({ message: plan.message, fields: plan.reason === 'missing' ? plan.fields : [] });
      return;
    }
    try {
      await saveCall(plan.input);
      setEdits({});
      toast({ title: 'Success', description: `${name} credentials saved successfully` });
    } catch (error) {
      toast({
        title: `Failed to save ${name} credentials`,
        description: readCallableError(error, 'Please try again.').message,
        variant: 'destructive',
      });
    }
  };

  const remove = async () => {
    if (!user) {
      toast({
        title: `Failed to delete ${name} credentials`,
        description: NOT_SIGNED_IN,
        variant: 'destructive',
      });
      return;
    }
    try {
      await deleteCall({ platform });
      setEdits({});
      setFormError(null);
      setConfirming(false);
      toast({ title: 'Success', description: `${name} credentials deleted successfully` });
    } catch (error) {
      toast({
        title: `Failed to delete ${name} credentials`,
        description: readCallableError(error, 'Please try again.').message,
        variant: 'destructive',
      });
    }
  };

  return {
    name,
    fields: fieldViews(platform, edits, account),
    buttonLabel: credentialButtonLabel(platform, account),
    edit,
    formError,
    save,
    saving,
    remove,
    deleting,
    confirming,
    askToDelete: () => setConfirming(true),
    cancelDelete: () => setConfirming(false),
  };
}
