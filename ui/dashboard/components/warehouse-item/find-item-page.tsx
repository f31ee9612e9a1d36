import { Button, Stack, Table, Text } from '@chakra-ui/react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/buyback-path/components/api-error-alert';
import { formatIdentificationNumber } from '../../../shared/format/format';
import { ApiError } from '../../lib/api-client';
import { Page } from '../page';
import { ScanCodeField, selectForNext } from '../scan-code-field';

/** One of the items a code names at once, as the API lists them in its refusal's `candidates`. */
export interface FoundCandidate {
  id: string;
  identificationNumber: string;
  product: string;
}

interface FindItemPageProps<A> {
  /**
   * The feature's namespace and the prefix of its texts: `<texts>.title`,
   * `intro`, `code`, `help`, `submit`, `submitting`, `pick` (and, with
   * `candidateHeaders`, `candidateCode` and `candidateProduct`); a refusal
   * is said in `api:errors.<code>`.
   */
  ns: string;
  texts: string;
  /** The look-up of a code (GET or POST): its answer leads on. */
  find: UseMutationResult<A, Error, string>;
  onFound(answer: A): void;
  /** The refusal's code when several items share the code: its `candidates` are listed, one to pick. */
  severalCode: string;
  onPick(candidate: FoundCandidate, submit: (code: string) => void): void;
  /** Test ids: `<testIds>-code-problem`, `<testIds>-candidates`. */
  testIds: string;
  candidateHeaders?: boolean;
}

/**
 * A warehouse screen that starts from an item's code, scanned or typed: the
 * server's refusal said at the field in its own words (the field ready for
 * the next scan), the items sharing the code listed, one to pick; a server
 * failure said with a retry.
 */
export function FindItemPage<A>({ ns, texts, find, onFound, severalCode, onPick, testIds, candidateHeaders = false }: FindItemPageProps<A>) {
  const { t } = useTranslation([ns, 'api']);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<{ code: string; details: Record<string, unknown> } | null>(null);
  const [candidates, setCandidates] = useState<FoundCandidate[] | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const refused = (error: unknown): error is ApiError => error instanceof ApiError && error.status >= 400 && error.status < 500;

  function submit(code: string) {
    setProblem(null);
    setCandidates(null);
    find.mutate(code, {
      onSuccess: onFound,
      onError: (error) => {
        if (refused(error)) {
          const { fields: _fields, correlationId: _id, ...details } = error.details ?? {};
          setProblem({ code: error.code, details });
          if (error.code === severalCode) setCandidates(Array.isArray(details.candidates) ? (details.candidates as FoundCandidate[]) : []);
        }
        selectForNext(input);
      },
    });
  }

  const failure = find.error && !refused(find.error) ? find.error : null;
  return (
    <Page title={t(`${texts}.title`)} breadcrumbs={[{ label: t(`${texts}.title`) }]}>
      <Stack gap="5" maxW="3xl">
        <Text>{t(`${texts}.intro`)}</Text>
        <ScanCodeField
          label={t(`${texts}.code`)}
          help={t(`${texts}.help`)}
          submitLabel={t(`${texts}.submit`)}
          pendingLabel={t(`${texts}.submitting`)}
          pending={find.isPending}
          error={problem && t(`api:errors.${problem.code}`, { ...problem.details, defaultValue: problem.code })}
          errorTestId={`${testIds}-code-problem`}
          value={typed}
          onChange={setTyped}
          onCode={submit}
          inputRef={input}
        />
        {candidates && candidates.length > 0 && (
          <Table.Root size="sm" data-testid={`${testIds}-candidates`}>
            {candidateHeaders && (
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t(`${texts}.candidateCode`)}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t(`${texts}.candidateProduct`)}</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
            )}
            <Table.Body>
              {candidates.map((candidate) => (
                <Table.Row key={candidate.id}>
                  <Table.Cell fontFamily="mono">{formatIdentificationNumber(candidate.identificationNumber)}</Table.Cell>
                  <Table.Cell>{candidate.product}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="sm" onClick={() => onPick(candidate, submit)}>
                      {t(`${texts}.pick`)}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        {failure && <ApiErrorAlert error={failure} onRetry={() => submit(typed)} />}
      </Stack>
    </Page>
  );
}
