import {
  WORKSPACE_NAME_MAX,
  ZCreateWorkspaceRequest,
  ZWorkspaceResponse,
  type TCreateWorkspaceRequest,
  type TWorkspace,
} from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../../lib/api';
import { invalidateWorkspaces } from '../../../lib/workspaces';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import { ErrorBanner, errorText, Field, Input, parseForm, type TFormError } from '../../ui/form';

/** POST /api/workspaces: a team workspace, its maker its owner. */
function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: TCreateWorkspaceRequest): Promise<TWorkspace> =>
      (await api('/workspaces', { method: 'POST', body: request, schema: ZWorkspaceResponse }))
        .workspace,
    onSuccess: () => invalidateWorkspaces(queryClient),
  });
}

/**
 * 'New workspace' from the account menu: a name, then Create. The new workspace is handed to
 * `onCreated`, which opens it.
 */
export function NewWorkspaceDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (workspace: TWorkspace) => void;
}) {
  const create = useCreateWorkspace();
  const [error, setError] = useState<TFormError | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    const parsed = parseForm(
      ZCreateWorkspaceRequest,
      { name: new FormData(form).get('name') },
      form,
      setError,
    );
    if (!parsed) return;
    try {
      onCreated(await create.mutateAsync(parsed));
    } catch (failure) {
      setError({ message: errorText(failure) });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return;
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      {open ? (
        <DialogContent
          title="New workspace"
          description="A workspace of its own for a team: its influencers, content, plan and credits, shared with the people you invite."
        >
          <form noValidate onSubmit={submit} className="mt-5 space-y-4">
            {error ? <ErrorBanner>{error.message}</ErrorBanner> : null}
            <Field label="Workspace name" invalid={error?.field === 'name'}>
              {(control) => (
                <Input
                  {...control}
                  name="name"
                  autoComplete="off"
                  placeholder="Rose Studio"
                  maxLength={WORKSPACE_NAME_MAX}
                  required
                  autoFocus
                />
              )}
            </Field>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary" disabled={create.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create'}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
