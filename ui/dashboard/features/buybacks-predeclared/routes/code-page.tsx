import { CodeForm } from '../components/code-form';
import { PredeclaredPage } from '../components/predeclared-page';

/** /buybacks-predeclared: the code the customer brings, typed or scanned. */
export function Component() {
  return (
    <PredeclaredPage step="code">
      <CodeForm />
    </PredeclaredPage>
  );
}
