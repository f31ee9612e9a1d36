import { Button, Stack, Table, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { Page } from '../../../components/page';
import { ScanCodeField, selectForNext } from '../../../components/scan-code-field';
import { ApiError } from '../../../lib/api-client';
import { useFindItem } from '../api/steps';
import { stepPaths } from '../paths';

interface Candidate {
  id: string;
  identificationNumber: string;
  product: string;
}

/** /warehouse/item-refurb-steps/search: an item's code scanned or typed opens its steps; several items of one code are listed, one to pick. */
export function Component() {
  const { t } = useTranslation(['item-refurb-steps', 'api']);
  const navigate = useNavigate();
  const find = useFindItem();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<{ code: string; details: Record<string, unknown> } | null>(null);
  const [candidates, setCandidates] = useState<Candidate[] | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function submit(code: string) {
    setProblem(null);
    setCandidates(null);
    find.mutate(code, {
      onSuccess: (item) => void navigate(stepPaths.item(item.id)),
      onError: (error) => {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          const { fields: _fields, correlationId: _id, ...details } = error.details ?? {};
          setProblem({ code: error.code, details });
          if (error.code === 'ITEM_CODE_AMBIGUOUS') setCandidates(Array.isArray(details.candidates) ? (details.candidates as Candidate[]) : []);
        }
        selectForNext(input);
      },
    });
  }

  const failure = find.error && !(find.error instanceof ApiError && find.error.status >= 400 && find.error.status < 500) ? find.error : null;
  return (
    <Page title={t('search.title')} breadcrumbs={[{ label: t('search.title') }]}>
      <Stack gap="5" maxW="3xl">
        <Text>{t('search.intro')}</Text>
        <ScanCodeField
          label={t('search.code')}
          help={t('search.help')}
          submitLabel={t('search.submit')}
          pendingLabel={t('search.submitting')}
          pending={find.isPending}
          error={problem && t(`api:errors.${problem.code}`, { ...problem.details, defaultValue: problem.code })}
          errorTestId="steps-code-problem"
          value={typed}
          onChange={setTyped}
          onCode={submit}
          inputRef={input}
        />
        {candidates && candidates.length > 0 && (
          <Table.Root size="sm" data-testid="steps-candidates">
            <Table.Body>
              {candidates.map((candidate) => (
                <Table.Row key={candidate.id}>
                  <Table.Cell fontFamily="mono">{formatIdentificationNumber(candidate.identificationNumber)}</Table.Cell>
                  <Table.Cell>{candidate.product}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="sm" onClick={() => void navigate(stepPaths.item(candidate.id))}>
                      {t('search.pick')}
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
