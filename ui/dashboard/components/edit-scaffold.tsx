import { Button, Tabs } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { DetailLoadFailed } from './detail-load-failed';
import { LoadingStatus } from './loading-status';
import type { Crumb } from './page';
import { toaster } from './toaster';

/** One tab of an edit page: its value, its label, what it shows. */
export interface EditTab {
  value: string;
  label: string;
  content: ReactNode;
}

/** An edit page's tabs (the form first, its History last), each mounted when first opened. */
export function EditTabs({ tabs }: { tabs: readonly EditTab[] }) {
  return (
    <Tabs.Root defaultValue={tabs[0]?.value} variant="line" lazyMount>
      <Tabs.List mb="5">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** What an edit page shows before its detail is there: a spinner while it loads, its failure (not found, not loaded) with the way back to the list. */
export function DetailStatus({ query, listCrumb, ns }: { query: { isError: boolean; error: unknown }; listCrumb: Crumb; ns: string }) {
  if (query.isError) return <DetailLoadFailed error={query.error} listCrumb={listCrumb} ns={ns} />;
  return <LoadingStatus size="lg" py="16" />;
}

/**
 * A form's save callbacks on an edit page: the toast once saved; a refusal
 * said at its fields (or under the form) and the detail read again, so the
 * next save carries its fresh revision.
 */
export function saveCallbacks(refusals: { refuse(error: unknown): void }, refetch: () => unknown, savedTitle: string) {
  return {
    onSuccess: () => void toaster.create({ type: 'success', title: savedTitle }),
    onError: (error: unknown) => {
      refusals.refuse(error);
      void refetch();
    },
  };
}

interface DeleteActionProps {
  label: string;
  title: string;
  warning: string;
  pending: boolean;
  /** Runs the deletion; `refused(error)` says the API's refusal in the dialog. */
  onConfirm(refused: (error: unknown) => void): void;
}

/** An edit page's Delete button (red, outlined) and the dialog that confirms it. */
export function DeleteAction({ label, title, warning, pending, onConfirm }: DeleteActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDeleteDialog open={open} onClose={() => setOpen(false)} title={title} warning={warning} confirmLabel={label} pending={pending} onConfirm={onConfirm} />
    </>
  );
}
