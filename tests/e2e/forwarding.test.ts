/**
 * Forwarding by email in the browser, at 1280x900 and 390x844: the address
 * the Account page shows receives a forwarded certificate (POST
 * /_dev/inbound, as SES would hand it over), the proposal appears in
 * /inbox with its PDF as proof, and after "Get a new address" (confirmed)
 * mail to the old address is refused while the new one works.
 */
import { CERTIFICATE, certificatePdf, rfc822 } from '../support/inbound-mail';
import { createUser } from '../support/users';
import { VIEWPORTS, type ViewportName, browserSuite, startSignedIn } from '../support/web-e2e';

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('forwarding by email (%s)', (size) => {
  const suite = browserSuite({ viewport: VIEWPORTS[size] });

  const forward = (to: string, name: string, pdf: Uint8Array) =>
    fetch(suite.url('/_dev/inbound'), {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: rfc822({
        to,
        subject: 'Your certificate',
        attachments: [{ name, type: 'application/pdf', bytes: pdf }],
      }),
    });

  it('a certificate forwarded to the address on the Account page shows in the inbox; a new address replaces it', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    const pdf = await certificatePdf(CERTIFICATE);
    await startSignedIn(suite, user);
    await page.goto(suite.url('/account'));
    const section = page.getByRole('region', { name: 'Forward certificates by email' });
    const field = section.getByRole('textbox', { name: 'Your forwarding address' });
    await section
      .getByRole('button', { name: 'Get a new address' })
      .and(page.locator(':enabled'))
      .waitFor();
    const address = await field.inputValue();
    expect(address).toMatch(/^[a-hjkmnp-z2-9]{20}@in\.localhost$/);

    expect((await forward(address, 'secure-code-review.pdf', pdf)).status).toBe(202);
    await page.goto(suite.url('/inbox'));
    const card = page.getByRole('listitem', { name: 'Secure Code Review' });
    await card.waitFor();
    await card.getByRole('button', { name: 'secure-code-review.pdf' }).waitFor();
    await card.getByText('SANS Institute', { exact: true }).waitFor();

    await page.goto(suite.url('/account'));
    await section
      .getByRole('button', { name: 'Get a new address' })
      .and(page.locator(':enabled'))
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Get a new address' }).click();
    await section
      .getByText('You have a new forwarding address; the old one no longer works.')
      .waitFor();
    const fresh = await field.inputValue();
    expect(fresh).not.toBe(address);
    expect(fresh).toMatch(/^[a-hjkmnp-z2-9]{20}@in\.localhost$/);

    const old = await forward(address, 'old.pdf', pdf);
    expect(old.status).toBe(422);
    expect(((await old.json()) as { message: string }).message).toBe(
      'Refused: No account has this forwarding address.',
    );
    expect((await forward(fresh, 'new.pdf', pdf)).status).toBe(202);
    expect(suite.problems).toEqual([]);
  });
});
