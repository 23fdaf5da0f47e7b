import { Card, CardContent, CardHeader } from '@/components/ui/card';

/** What a staff member sees on a back-office page their permissions do not open. */
export function NoAccess() {
  return (
    <Card role="alert">
      <title>No access · Admin</title>
      <CardHeader>
        <h1 className="text-xl font-semibold leading-none">You do not have access to this page</h1>
      </CardHeader>
      <CardContent className="text-muted-foreground">
        Your account does not include the permission this page needs. Ask the shop owner if you need
        it.
      </CardContent>
    </Card>
  );
}
