import { useState } from 'react';
import { integrationLabel, type IntegrationType, type KeyTestStatus } from '@core/integrations';
import { readCallableError } from '@/lib/call';
import { useAuth } from '@/lib/auth';
import type { KeyStatus } from '@/lib/integration-statuses';
import { toast } from '@/lib/toast';
import { useDeleteIntegrationKey } from '../api/delete-integration-key';
import { saveIntegrationKeyInputSchema, useSaveIntegrationKey } from '../api/save-integration-key';
import { useTestIntegrationKey } from '../api/test-integration-key';

const NOT_SIGNED_IN = 'User not authenticated';

export interface KeyVerdictState {
  status: KeyTestStatus;
  message: string;
  /** The key version it was about: a replaced key hides an old verdict. */
  forUpdatedAt: number | null;
}

/** One API key card: the typed key (write-only), Save, Delete (after confirming) and Test with its verdict. */
export function useApiKeyCard(type: IntegrationType, status: KeyStatus | undefined) {
  const { user } = useAuth();
  const [draft, setDraft] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [verdict, setVerdict] = useState<KeyVerdictState | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { save: saveCall, isPending: saving } = useSaveIntegrationKey();
  const { remove: deleteCall, isPending: deleting } = useDeleteIntegrationKey();
  const { test: testCall, isPending: testing } = useTestIntegrationKey();
  const updatedAt = status?.updatedAt.getTime() ?? null;

  const changeDraft = (value: string) => {
    setDraft(value);
    setFieldError(null);
  };

  const save = async () => {
    if (!user) {
      toast({
        title: 'Failed to save API key',
        description: NOT_SIGNED_IN,
        variant: 'destructive',
      });
      return;
    }
    const parsed = saveIntegrationKeyInputSchema.safeParse({ type, apiKey: draft });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Please enter an API key');
      return;
    }
    try {
      await saveCall(parsed.data);
      setDraft('');
      setVerdict(null);
      toast({ title: 'Success', description: 'API key saved successfully' });
    } catch (error) {
      toast({
        title: 'Failed to save API key',
        description: readCallableError(error, 'Please try again.').message,
        variant: 'destructive',
      });
    }
  };

  const remove = async () => {
    if (!user) {
      toast({
        title: 'Failed to delete API key',
        description: NOT_SIGNED_IN,
        variant: 'destructive',
      });
      return;
    }
    try {
      await deleteCall({ type });
      setDraft('');
      setVerdict(null);
      setConfirming(false);
      toast({ title: 'Success', description: 'API key deleted successfully' });
    } catch (error) {
      toast({
        title: 'Failed to delete API key',
        description: readCallableError(error, 'Please try again.').message,
        variant: 'destructive',
      });
    }
  };

  const test = async () => {
    if (!user) {
      toast({
        title: 'Failed to process your request',
        description: NOT_SIGNED_IN,
        variant: 'destructive',
      });
      return;
    }
    setVerdict(null);
    try {
      const result = await testCall({ type });
      setVerdict({ ...result, forUpdatedAt: updatedAt });
    } catch (error) {
      toast({
        title: `Failed to test your ${integrationLabel(type)} API key`,
        description: readCallableError(error, 'Failed to process your request').message,
        variant: 'destructive',
      });
    }
  };

  return {
    draft,
    changeDraft,
    fieldError,
    verdict: verdict && verdict.forUpdatedAt === updatedAt ? verdict : null,
    save,
    saving,
    remove,
    deleting,
    test,
    testing,
    confirming,
    askToDelete: () => setConfirming(true),
    cancelDelete: () => setConfirming(false),
  };
}
