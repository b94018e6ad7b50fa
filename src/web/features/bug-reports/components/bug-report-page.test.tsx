import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { GUEST_UPLOAD_TOTAL_CODE, guestUploadTotalMessage } from '../../../../shared/media/storage-usage';
import { MB } from '../../../../shared/media/limits';
import { answerUploadsWith, renderWithApp, resetTestEnvironment, stubObjectUrls } from '../../../test/utils';
import { BugReportPage } from './bug-report-page';

stubObjectUrls();

afterEach(resetTestEnvironment);

async function sendWithScreenshot() {
  renderWithApp(<BugReportPage />);
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Map does not load' } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'The ride map stays grey on my phone.' } });
  fireEvent.change(screen.getByLabelText(/Screenshot/), { target: { files: [new File(['png'], 'screen.png', { type: 'image/png' })] } });
  await screen.findByAltText('Screenshot preview');
  fireEvent.click(screen.getByRole('button', { name: 'Submit Bug Report' }));
}

describe('BugReportPage', () => {
  it("shows a guest whose screenshot passes the network's daily guest total the message and a way to add an e-mail address", async () => {
    const message = guestUploadTotalMessage(500 * MB, 1000 * MB);
    answerUploadsWith(413, { message, code: GUEST_UPLOAD_TOTAL_CODE });
    await sendWithScreenshot();
    const refusal = await screen.findByText((_, element) => element?.tagName === 'P' && element.getAttribute('role') === 'alert' && element.textContent?.startsWith(message) === true);
    expect(within(refusal).getByRole('link', { name: 'Add email address →' }).getAttribute('href')).toBe('/preferences?highlight=email');
  });

  it('offers no e-mail link for other refusals', async () => {
    answerUploadsWith(415, { message: 'Please upload an image file (PNG, JPG, or GIF)' });
    await sendWithScreenshot();
    const refusal = await screen.findByText('Please upload an image file (PNG, JPG, or GIF)', { selector: 'p[role="alert"]' });
    expect(within(refusal).queryByRole('link')).toBeNull();
  });
});
