import { Button, Stack, Table, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { Page } from '../../../components/page';
import { ScanCodeField, selectForNext } from '../../../components/scan-code-field';
import { ApiError } from '../../../lib/api-client';
import { useStartDiagnosis } from '../api/diagnosis';
import { diagnosisPaths } from '../paths';

interface Candidate {
  id: string;
  identificationNumber: string;
  product: string;
  status: string;
}

/**
 * /refurb-diagnosis/start: the item's code scanned or typed (8 or 13
 * characters); the server's refusal shown at the field in its own words
 * (too short, not found, not processable, already diagnosed); several
 * items sharing the code are listed, one to pick.
 */
export function Component() {
  const { t } = useTranslation(['refurb-diagnosis', 'api']);
  const navigate = useNavigate();
  const start = useStartDiagnosis();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<{ code: string; details: Record<string, unknown> } | null>(null);
  const [candidates, setCandidates] = useState<Candidate[] | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function submit(code: string) {
    setProblem(null);
    setCandidates(null);
    start.mutate(code, {
      onSuccess: (answer) => void navigate(diagnosisPaths.overview(answer.id)),
      onError: (error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          const { fields: _fields, correlationId: _id, ...details } = error.details ?? {};
          setProblem({ code: error.code, details });
          if (error.code === 'REFURB_SEVERAL_ITEMS_MATCH') setCandidates(Array.isArray(details.candidates) ? (details.candidates as Candidate[]) : []);
        }
        selectForNext(input);
      },
    });
  }

  const failure = start.error && !(start.error instanceof ApiError && start.error.status >= 400 && start.error.status < 500) ? start.error : null;
  return (
    <Page title={t('start.title')} breadcrumbs={[{ label: t('start.title') }]}>
      <Stack gap="5" maxW="3xl">
        <Text>{t('start.intro')}</Text>
        <ScanCodeField
          label={t('start.code')}
          help={t('start.help')}
          submitLabel={t('start.submit')}
          pendingLabel={t('start.submitting')}
          pending={start.isPending}
          error={problem && t(`api:errors.${problem.code}`, { ...problem.details, defaultValue: problem.code })}
          errorTestId="diagnosis-code-problem"
          value={typed}
          onChange={setTyped}
          onCode={submit}
          inputRef={input}
        />
        {candidates && candidates.length > 0 && (
          <Table.Root size="sm" data-testid="diagnosis-candidates">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('start.candidateCode')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('start.candidateProduct')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {candidates.map((candidate) => (
                <Table.Row key={candidate.id}>
                  <Table.Cell fontFamily="mono">{formatIdentificationNumber(candidate.identificationNumber)}</Table.Cell>
                  <Table.Cell>{candidate.product}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="sm" onClick={() => submit(candidate.identificationNumber)}>
                      {t('start.pick')}
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
