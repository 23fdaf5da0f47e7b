import { pages } from '@contract/pages';
import { Download } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { accountExportUrl, useDeleteAccount } from '../api/delete-account';

function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const navigate = useNavigate();
  const remove = useDeleteAccount();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Enter your password to confirm');
      return;
    }
    remove.mutate(password, {
      onSuccess: () => {
        setOpen(false);
        toast.success('Your account was deleted and you are signed out');
        navigate(pages.shopHome, { replace: true });
      },
      onError: (e) => setError(e.message),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setPassword('');
          setError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive">Delete my account</Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription asChild>
          <div className="space-y-2 text-sm text-muted-foreground">
            <p>
              Your name, email address, addresses, cart, saved items, stock alerts and saved sizes
              are erased, and you are signed out on every device. This cannot be undone.
            </p>
            <p>
              Your orders stay in the shop&apos;s accounts without your name, email, phone or
              address; your reviews keep only their rating, under &quot;Former customer&quot;. We
              send a last email to confirm.
            </p>
          </div>
        </DialogDescription>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <FormField id="delete-password" label="Your password" error={error}>
            <Input
              {...fieldProps('delete-password', error)}
              type="password"
              autoComplete="current-password"
              value={password}
              maxLength={200}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Keep my account
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              Delete my account
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The account page's privacy section: a download of everything, and deleting the account. */
export function YourData() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Your data</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p className="text-muted-foreground">
          Download everything we hold about you (profile, addresses, orders, reviews, saved items,
          alerts, sizes and the emails we sent) as a JSON file, or delete your account.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild variant="outline">
            <a href={accountExportUrl} download>
              <Download className="size-4" aria-hidden />
              Download my data
            </a>
          </Button>
          <DeleteAccountDialog />
        </div>
      </CardContent>
    </Card>
  );
}
