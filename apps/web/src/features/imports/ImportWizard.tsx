import type { ImportJob } from '@bilag/contracts';
import { Card, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/api/errors';
import { buildMapping, detectedChoice, type MappingChoice, mappingProblem } from './bank-import.mapping';
import { uploadImportFile, useReadImportFileMutation, useStartImportMutation } from './bank-import.mutations';
import { ImportCheckStep } from './ImportCheckStep';
import { type ImportAccount, ImportFileStep, type UploadStatus } from './ImportFileStep';
import { ImportPreviewStep } from './ImportPreviewStep';
import { ImportRunStep } from './ImportRunStep';

const Step = { file: 0, preview: 1, check: 2, run: 3 } as const;

type ImportWizardProps = {
  companyId: number;
  accounts: ImportAccount[];
  defaultAccountId: number | undefined;
  /** Where the transactions of a finished import are listed. */
  transactionsPath: (importId: number, companyBankId: number) => string;
};

/**
 * Imports one bank statement in four steps: the file, its columns, how its rows read, and the import
 * itself with its progress. Each step can be gone back to until the import runs.
 */
export function ImportWizard({ companyId, accounts, defaultAccountId, transactionsPath }: ImportWizardProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 48em)');
  const [active, setActive] = useState<number>(Step.file);
  const [accountId, setAccountId] = useState(defaultAccountId ?? accounts[0]?.id);
  const [file, setFile] = useState<File>();
  const [upload, setUpload] = useState<UploadStatus>({ state: 'idle' });
  const [job, setJob] = useState<ImportJob>();
  const [choice, setChoice] = useState<MappingChoice>();
  const [runningJobId, setRunningJobId] = useState<number>();
  const [isCompleted, setIsCompleted] = useState(false);
  const markCompleted = useCallback(() => setIsCompleted(true), []);
  const readFile = useReadImportFileMutation(companyId);
  const startImport = useStartImportMutation(companyId);
  const isSpreadsheet = job !== undefined && job.Format !== 'camt053';
  const problem = isSpreadsheet && choice ? mappingProblem(choice.kinds) : null;
  const mapping = job && choice && isSpreadsheet ? buildMapping(choice, detectedChoice(job)) : undefined;

  async function onUpload() {
    if (!file || accountId === undefined) return;
    setUpload({ state: 'uploading', percent: 0 });
    try {
      const uploaded = await uploadImportFile({ companyId, companyBankId: accountId }, file, ({ percent }) =>
        setUpload({ state: 'uploading', percent: Math.min(percent, 99) }),
      );
      setJob(uploaded);
      setChoice(detectedChoice(uploaded));
      readFile.reset();
      setUpload({ state: 'idle' });
      setActive(Step.preview);
    } catch (error) {
      setUpload({ state: 'failed', message: errorMessage(error, t('errors.unexpected')) });
    }
  }

  function onChangeChoice(next: MappingChoice) {
    setChoice(next);
    readFile.reset();
  }

  function onCheck() {
    if (!job) return;
    readFile.mutate({ jobId: job.Id, mapping }, { onSuccess: () => setActive(Step.check) });
  }

  function onImport() {
    if (!job) return;
    startImport.mutate(
      { jobId: job.Id, mapping },
      {
        onSuccess: (started) => {
          setRunningJobId(started.Id);
          setActive(Step.run);
        },
      },
    );
  }

  function onImportAnother() {
    setActive(Step.file);
    setIsCompleted(false);
    setFile(undefined);
    setJob(undefined);
    setChoice(undefined);
    setRunningJobId(undefined);
    readFile.reset();
    startImport.reset();
  }

  /** Steps already passed can be opened again, until the import has started. */
  function onStepClick(step: number) {
    if (runningJobId === undefined && step < active) setActive(step);
  }

  const runStep = runningJobId !== undefined && (
    <ImportRunStep
      companyId={companyId}
      jobId={runningJobId}
      transactionsPath={transactionsPath}
      onImportAnother={onImportAnother}
      onCompleted={markCompleted}
    />
  );

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stepper
        // Past the last step once the import has completed, so every step shows as done.
        active={isCompleted ? Step.run + 1 : active}
        onStepClick={onStepClick}
        allowNextStepsSelect={false}
        orientation={isNarrow ? 'vertical' : 'horizontal'}
        size="sm"
        data-testid="import-wizard"
      >
        <Stepper.Step
          label={t('bankImport.steps.file')}
          description={isNarrow ? undefined : t('bankImport.steps.fileDescription')}
          allowStepSelect={runningJobId === undefined}
        >
          <ImportFileStep
            accounts={accounts}
            accountId={accountId}
            onChangeAccount={setAccountId}
            file={file}
            onChangeFile={(next) => {
              setFile(next);
              setUpload({ state: 'idle' });
            }}
            upload={upload}
            onUpload={() => void onUpload()}
          />
        </Stepper.Step>
        <Stepper.Step
          label={t('bankImport.steps.preview')}
          description={isNarrow ? undefined : t('bankImport.steps.previewDescription')}
          allowStepSelect={runningJobId === undefined && job !== undefined}
        >
          {job && choice && (
            <ImportPreviewStep
              job={job}
              choice={choice}
              onChangeChoice={onChangeChoice}
              problem={problem}
              isChecking={readFile.isPending}
              checkError={readFile.error}
              onBack={() => setActive(Step.file)}
              onCheck={onCheck}
            />
          )}
        </Stepper.Step>
        <Stepper.Step
          label={t('bankImport.steps.check')}
          description={isNarrow ? undefined : t('bankImport.steps.checkDescription')}
          allowStepSelect={runningJobId === undefined && readFile.data !== undefined}
        >
          {readFile.data && (
            <ImportCheckStep
              result={readFile.data}
              isStarting={startImport.isPending}
              startError={startImport.error}
              onBack={() => setActive(Step.preview)}
              onImport={onImport}
            />
          )}
        </Stepper.Step>
        <Stepper.Step
          label={t('bankImport.steps.import')}
          description={isNarrow ? undefined : t('bankImport.steps.importDescription')}
        >
          {runStep}
        </Stepper.Step>
        <Stepper.Completed>{runStep}</Stepper.Completed>
      </Stepper>
    </Card>
  );
}
