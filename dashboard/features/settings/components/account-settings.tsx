import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@core/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { Input, Label } from '@core/ui/input';
import { useAuth } from '@/lib/auth';
import { useProfile } from '@/lib/profile';
import { toast } from '@/lib/toast';
import { updateDisplayNameInputSchema, useUpdateDisplayName } from '../api/update-display-name';

export function AccountSettings() {
  const { user } = useAuth();
  const { profile, loading } = useProfile();
  const { save, isPending } = useUpdateDisplayName();
  const [name, setName] = useState(user?.displayName ?? '');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();
  const nameId = useId();
  const errorId = useId();

  // The saved profile name wins once it arrives, unless the user has started typing.
  useEffect(() => {
    if (!touched && !loading && profile.displayName !== null) setName(profile.displayName);
  }, [touched, loading, profile.displayName]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const parsed = updateDisplayNameInputSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid display name');
      return;
    }
    setError(null);
    try {
      const saved = await save(user, parsed.data);
      setName(saved);
      setTouched(false);
      toast({ title: 'Settings saved', description: 'Your account settings have been updated.' });
    } catch (err) {
      toast({
        title: 'Failed to save settings',
        description: err instanceof Error ? err.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Card role="region" aria-labelledby="account-settings-title">
      <CardHeader>
        <CardTitle id="account-settings-title" className="text-base">
          Account Settings
        </CardTitle>
        <CardDescription>How you appear across Muse Studio.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid max-w-xl gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={emailId}>Email</Label>
            <Input
              id={emailId}
              type="email"
              value={user?.email ?? ''}
              readOnly
              aria-readonly="true"
              className="bg-muted/50 text-muted-foreground"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={nameId}>Display Name</Label>
            <Input
              id={nameId}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setTouched(true);
                setError(null);
              }}
              placeholder="Your name"
              autoComplete="name"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error ? (
              <p id={errorId} className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <div>
            <Button type="submit" loading={isPending}>
              {isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
