import '../../../lib/forms/zod-messages';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Bug, CircleCheck, ClipboardPaste, ImagePlus, Send, X } from 'lucide-react';
import { bugReportFieldsSchema, BUG_SCREENSHOT_TYPES, screenshotProblem } from '../../../../shared/bug-reports/bug-report';
import { fileSize } from '../../../lib/format';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { FieldMessage, TextField } from '../../../components/ui/field';
import { Label } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { serverMessageOf } from '../../../lib/api-client';
import { useSubmitBugReport } from '../../../api/bug-reports';
import { isGuestUploadTotalError } from '../../../api/media';
import { UploadRefusal } from '../../../components/users/add-email-link';
import { PageHeader } from '../../../components/ui/page-header';
import { FormSubmitRow } from '../../../components/ui/form-submit-row';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

type FieldName = 'title' | 'description' | 'pageUrl' | 'screenshot';

const FAILURE_TEXT = msg`Your bug report could not be sent. Please try again.`;

/** The page the rider came from: ?from=..., else a same-site referrer, else this page's address. */
function initialPageUrl(from: string | null): string {
  if (from) return from;
  if (typeof document !== 'undefined' && document.referrer) {
    try {
      const referrer = new URL(document.referrer);
      if (referrer.origin === window.location.origin && referrer.pathname !== '/report-bug') return referrer.href;
    } catch {
      // not a URL: ignore it
    }
  }
  return typeof window === 'undefined' ? '' : window.location.href;
}

/** /report-bug: title, description, page URL (prefilled) and a screenshot picked or pasted (spec 2). */
export function BugReportPage() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const ids = { title: useId(), description: useId(), pageUrl: useId(), screenshot: useId() };
  const fileInput = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [pageUrl, setPageUrl] = useState(() => initialPageUrl(params.get('from')));
  const [screenshot, setScreenshot] = useState<{ file: File; preview: string } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [sent, setSent] = useState(false);
  /** The server's refusal; `offerEmail` when it was the network's daily guest total for the screenshot. */
  const [failure, setFailure] = useState<{ message: string; offerEmail: boolean } | null>(null);
  const submit = useSubmitBugReport();
  const reportTitle = title.trim();

  // The preview's object URL lives as long as it is shown.
  useEffect(() => {
    if (!screenshot) return;
    return () => URL.revokeObjectURL(screenshot.preview);
  }, [screenshot]);

  function takeScreenshot(file: File) {
    const problem = screenshotProblem(file);
    setErrors((current) => ({ ...current, screenshot: problem ?? undefined }));
    if (!problem) setScreenshot({ file, preview: URL.createObjectURL(file) });
  }

  // A screenshot can be pasted anywhere on the page (text pastes into the fields as usual).
  useEffect(() => {
    function onPaste(event: ClipboardEvent) {
      const file = Array.from(event.clipboardData?.files ?? [])[0];
      if (!file || sent) return;
      event.preventDefault();
      takeScreenshot(file.name ? file : new File([file], 'pasted-screenshot.png', { type: file.type }));
    }
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [sent]);

  function validate(): boolean {
    const parsed = bugReportFieldsSchema.safeParse({ title, description, pageUrl });
    const next: Partial<Record<FieldName, string>> = { screenshot: errors.screenshot };
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
    setErrors(next);
    return parsed.success;
  }

  async function onSubmit() {
    setFailure(null);
    if (!validate()) return;
    try {
      await submit.mutateAsync({ title: title.trim(), description: description.trim(), pageUrl, screenshot: screenshot?.file ?? null });
    } catch (error) {
      const message = serverMessageOf(error) ?? i18n._(FAILURE_TEXT);
      setFailure({ message, offerEmail: isGuestUploadTotalError(error) });
      toast({ title: t`Bug report not sent`, description: message, variant: 'destructive' });
      return;
    }
    setSent(true);
    toast({ title: t`Bug report sent`, description: t`Thank you! We will look into it.`, variant: 'success' });
  }

  function reset() {
    setTitle('');
    setDescription('');
    setScreenshot(null);
    setErrors({});
    setFailure(null);
    setSent(false);
  }

  return (
    <section aria-labelledby="bug-title" className="mx-auto max-w-2xl">
      <PageHeader titleId="bug-title" title={t`Report a Bug`} description={t`Something not working? Tell us what happened and we'll fix it.`} />

      {sent ? (
        <Card className="mt-6" aria-live="polite">
          <CardBody className="flex flex-col items-center px-6 py-10 text-center sm:py-12">
            <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 [&_svg]:size-7">
              <CircleCheck aria-hidden="true" />
            </span>
            <h2 className="mt-4 text-xl font-extrabold tracking-tight text-asphalt-950">
              <Trans>Thank you! Your bug report has been sent.</Trans>
            </h2>
            <p className="mt-1.5 max-w-sm text-sm text-asphalt-600">
              <Trans>We read every report and will look into “{reportTitle}”.</Trans>
            </p>
            <Button variant="secondary" className="mt-6" onClick={reset}>
              <Trans>Report another bug</Trans>
            </Button>
          </CardBody>
        </Card>
      ) : (
        <Card className="mt-6" aria-labelledby="bug-form-title">
          <CardHeader titleId="bug-form-title" icon={<Bug />} title={t`Bug details`} description={t`The more detail you give, the faster we can fix it.`} />
          <CardBody>
            <form
              noValidate
              className="space-y-5"
              onSubmit={(event) => {
                event.preventDefault();
                void onSubmit();
              }}
            >
              <TextField
                id={ids.title}
                label={t`Title`}
                error={errors.title}
                value={title}
                maxLength={300}
                placeholder={t`A short summary of the problem`}
                onChange={(event) => {
                  setTitle(event.target.value);
                  setErrors((current) => ({ ...current, title: undefined }));
                }}
              />

              <div>
                <Label htmlFor={ids.description}>
                  <Trans>Description</Trans>
                </Label>
                <Textarea
                  id={ids.description}
                  value={description}
                  rows={6}
                  placeholder={t`What did you do, what did you expect, and what happened instead?`}
                  aria-invalid={errors.description ? true : undefined}
                  aria-describedby={errors.description ? `${ids.description}-error` : undefined}
                  onChange={(event) => {
                    setDescription(event.target.value);
                    setErrors((current) => ({ ...current, description: undefined }));
                  }}
                />
                <FieldMessage id={`${ids.description}-error`}>{errors.description}</FieldMessage>
              </div>

              <TextField
                id={ids.pageUrl}
                label={
                  <Trans>
                    Page URL <span className="font-normal text-asphalt-500">(optional)</span>
                  </Trans>
                }
                error={errors.pageUrl}
                type="url"
                value={pageUrl}
                onChange={(event) => {
                  setPageUrl(event.target.value);
                  setErrors((current) => ({ ...current, pageUrl: undefined }));
                }}
              />

              <div>
                <Label htmlFor={ids.screenshot} optional>
                  <Trans>Screenshot</Trans>
                </Label>
                {screenshot ? (
                  <div className="flex items-center gap-3 rounded-xl border border-asphalt-200 bg-asphalt-50/60 p-2.5">
                    <img src={screenshot.preview} alt={t`Screenshot preview`} className="size-16 shrink-0 rounded-lg object-cover ring-1 ring-asphalt-200" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-semibold text-asphalt-900">{screenshot.file.name}</p>
                      <p className="text-xs text-asphalt-500">{fileSize(screenshot.file.size)}</p>
                    </div>
                    <Button variant="ghost" size="icon" aria-label={t`Remove screenshot`} onClick={() => setScreenshot(null)}>
                      <X aria-hidden="true" />
                    </Button>
                  </div>
                ) : (
                  <div className="flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-asphalt-200 bg-asphalt-50/60 px-4 py-6 text-center sm:flex-row sm:text-start">
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-asphalt-500 ring-1 ring-asphalt-200 [&_svg]:size-5">
                      <ClipboardPaste aria-hidden="true" />
                    </span>
                    <p className="flex-1 text-sm text-asphalt-600">
                      <Trans>Paste a screenshot anywhere on this page, or choose an image. PNG, JPG or GIF, under 10MB.</Trans>
                    </p>
                    <Button variant="secondary" onClick={() => fileInput.current?.click()}>
                      <ImagePlus aria-hidden="true" />
                      <Trans>Choose Image</Trans>
                    </Button>
                  </div>
                )}
                <input
                  ref={fileInput}
                  id={ids.screenshot}
                  type="file"
                  accept={BUG_SCREENSHOT_TYPES.join(',')}
                  className="sr-only"
                  tabIndex={-1}
                  aria-describedby={errors.screenshot ? `${ids.screenshot}-error` : undefined}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) takeScreenshot(file);
                    event.target.value = '';
                  }}
                />
                <FieldMessage id={`${ids.screenshot}-error`}>{errors.screenshot}</FieldMessage>
              </div>

              {failure ? (
                <UploadRefusal {...failure} className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm font-semibold text-red-800" />
              ) : null}

              <FormSubmitRow pending={submit.isPending} label={t`Submit Bug Report`} pendingLabel={t`Submitting...`} icon={<Send aria-hidden="true" />} size="lg" />
            </form>
          </CardBody>
        </Card>
      )}
    </section>
  );
}
