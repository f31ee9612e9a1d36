import type { ItemLookupView } from '@server/application/warehouse/warehouse-views';
import { useState } from 'react';
import { findingsBody, initialFindings, type Findings } from '../findings';
import { CheckLayout } from './check-layout';
import { ConfirmationStep } from './confirmation-step';
import type { Recorded } from './decision-form';
import { DiagnosisStep } from './diagnosis-step';
import { SpecificationsStep } from './specifications-step';
import { SummaryStep } from './summary-step';

/**
 * One item's check, step by step, from the item as it was read when the
 * check began (its revision goes with the command): the findings are kept
 * while the operator goes back and forth; once recorded, the confirmation.
 */
export function CheckWizard({ lookup, etag, onReload }: { lookup: ItemLookupView; etag: string | null; onReload(): void }) {
  const [step, setStep] = useState<'specifications' | 'diagnosis' | 'summary' | 'confirmation'>('specifications');
  const [findings, setFindings] = useState<Findings>(() => initialFindings(lookup));
  const [questionIds, setQuestionIds] = useState<string[]>([]);
  const [recorded, setRecorded] = useState<Recorded | null>(null);

  return (
    <CheckLayout step={step}>
      {step === 'specifications' ? (
        <SpecificationsStep lookup={lookup} findings={findings} onChange={setFindings} onNext={() => setStep('diagnosis')} />
      ) : step === 'diagnosis' ? (
        <DiagnosisStep
          lookup={lookup}
          findings={findings}
          onChange={setFindings}
          onBack={() => setStep('specifications')}
          onNext={(ids) => {
            setQuestionIds(ids);
            setStep('summary');
          }}
        />
      ) : step === 'summary' || !recorded ? (
        <SummaryStep
          lookup={lookup}
          etag={etag}
          findings={findings}
          body={findingsBody(findings, questionIds)}
          onChange={setFindings}
          onBack={() => setStep('diagnosis')}
          onReload={onReload}
          onRecorded={(done) => {
            setRecorded(done);
            setStep('confirmation');
          }}
        />
      ) : (
        <ConfirmationStep recorded={recorded} />
      )}
    </CheckLayout>
  );
}
