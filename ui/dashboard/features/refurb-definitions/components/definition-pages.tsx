import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteAction, DetailStatus, EditTabs, saveCallbacks } from '../../../components/edit-scaffold';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { useCan } from '../../../lib/auth';
import { useChangeDefinition, useCreateDefinition, useDeleteDefinition } from '../api';
import { DefinitionHistory } from './definition-history';

/** What a definition's form takes: the definition (null: a new one), the API's refusals, and what to do with its body. */
export interface DefinitionFormProps<D, F extends string> {
  definition: D | null;
  refused: Partial<Record<F, string>>;
  failure: string | null;
  readOnly: boolean;
  submitting: boolean;
  cancelTo: string;
  onSubmit(body: Record<string, unknown>): void;
}

/** A kind of definition (a refurb step, a diagnosis question) as its create and edit pages need it. */
export interface DefinitionKind<D extends { revision: number }, F extends string> {
  resource: 'refurb-steps' | 'refurb-diagnosis-questions';
  /** Its texts' prefix: `<texts>.title`, `createTitle`, `created`, `updated`, `deleted`, `deleteTitle`, `deleteWarning` ({{name}} or {{label}}). */
  texts: 'steps' | 'questions';
  history: 'step' | 'question';
  permission: string;
  useDefinition(id: string): { data?: D; isPending: boolean; isError: boolean; error: unknown; refetch(): unknown };
  /** The list's crumb (with the list's last search, where it has one). */
  useListCrumb(): { label: string; to: string };
  fieldOf(path: string): F | null;
  fieldOfCode?: Readonly<Record<string, F>>;
  /** Its name as a page title and in the texts, from the definition or from the body sent. */
  nameOf(definition: D): string;
  nameOfBody(body: Record<string, unknown>): string;
  /** Where a created one leads. */
  afterCreate(id: string): string;
  Form: ComponentType<DefinitionFormProps<D, F>>;
}

const named = (name: string) => ({ name, label: name });

/** A definition's create page: its form; once created, a toast and the way `afterCreate` says. */
export function DefinitionCreate<D extends { revision: number }, F extends string>({ kind }: { kind: DefinitionKind<D, F> }) {
  const { t } = useTranslation('refurb-definitions');
  const navigate = useNavigate();
  const create = useCreateDefinition(kind.resource);
  const refusals = useFormRefusals(kind.fieldOf, kind.fieldOfCode);
  const crumb = kind.useListCrumb();
  const { Form } = kind;
  return (
    <Page title={t(`${kind.texts}.createTitle`)} breadcrumbs={[crumb, { label: t(`${kind.texts}.createTitle`) }]}>
      <Form
        definition={null}
        refused={refusals.refused}
        failure={refusals.failure}
        readOnly={false}
        submitting={create.isPending}
        cancelTo={crumb.to}
        onSubmit={(body) => {
          refusals.clear();
          create.mutate(body, {
            onSuccess: (answer) => {
              toaster.create({ type: 'success', title: t(`${kind.texts}.created`, named(kind.nameOfBody(body))) });
              void navigate(kind.afterCreate(answer.id));
            },
            onError: (error) => refusals.refuse(error),
          });
        }}
      />
    </Page>
  );
}

/** A definition's edit page: its form (read-only without the kind's permission), its deletion (the API's refusal said in the dialog), its History tab. */
export function DefinitionEdit<D extends { revision: number }, F extends string>({ kind, id }: { kind: DefinitionKind<D, F>; id: string }) {
  const { t } = useTranslation('refurb-definitions');
  const can = useCan();
  const navigate = useNavigate();
  const query = kind.useDefinition(id);
  const change = useChangeDefinition(kind.resource);
  const remove = useDeleteDefinition(kind.resource);
  const refusals = useFormRefusals(kind.fieldOf, kind.fieldOfCode);
  const crumb = kind.useListCrumb();
  const current = query.isError ? undefined : query.data;
  if (!current) return <DetailStatus query={query} listCrumb={crumb} ns="refurb-definitions" />;
  const name = kind.nameOf(current);
  const editable = can(kind.permission);
  const { Form } = kind;
  return (
    <Page
      title={name}
      breadcrumbs={[crumb, { label: name }]}
      actions={
        editable && (
          <DeleteAction
            label={t('actions.delete')}
            title={t(`${kind.texts}.deleteTitle`, named(name))}
            warning={t(`${kind.texts}.deleteWarning`)}
            pending={remove.isPending}
            onConfirm={(refused) =>
              remove.mutate(
                { id, revision: current.revision },
                {
                  onSuccess: () => {
                    toaster.create({ type: 'success', title: t(`${kind.texts}.deleted`, named(name)) });
                    void navigate(crumb.to);
                  },
                  onError: refused,
                },
              )
            }
          />
        )
      }
    >
      <EditTabs
        tabs={[
          {
            value: 'general',
            label: t('tabs.general'),
            content: (
              <Form
                key={current.revision}
                definition={current}
                refused={refusals.refused}
                failure={refusals.failure}
                readOnly={!editable}
                submitting={change.isPending}
                cancelTo={crumb.to}
                onSubmit={(body) => {
                  refusals.clear();
                  change.mutate({ id, body, revision: current.revision }, saveCallbacks(refusals, query.refetch, t(`${kind.texts}.updated`, named(kind.nameOfBody(body)))));
                }}
              />
            ),
          },
          { value: 'history', label: t('tabs.history'), content: <DefinitionHistory id={id} kind={kind.history} /> },
        ]}
      />
    </Page>
  );
}
