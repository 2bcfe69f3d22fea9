import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { apiAs, uniqueSuffix } from '../../fixtures/catalogue';
import { apiLogin, chooseOption, expect, test } from '../../fixtures/session';

const TLS_DIR = path.resolve(import.meta.dirname, '../../../apps/server/test/stand-ins/tls');

/**
 * An SMTP server in the test: what it received, by recipient. It offers STARTTLS with the
 * server tests' self-signed certificate (the e2e server trusts it: playwright.config.ts), as
 * the panel sends mail only over TLS.
 */
async function smtpStandIn() {
  const received: { to: string; body: string }[] = [];
  const server = new SMTPServer({
    key: fs.readFileSync(path.join(TLS_DIR, 'smtp-stand-in.key')),
    cert: fs.readFileSync(path.join(TLS_DIR, 'smtp-stand-in.crt')),
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'alerts' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    port: (server.server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('an operator adds a mail channel, sends a test through it and switches it off', async ({ page, signInAs }) => {
  const smtp = await smtpStandIn();
  const name = `Office mail ${uniqueSuffix()}`;
  try {
    await signInAs('admin');
    await page.goto('/notification/system/channel');
    await page.getByRole('button', { name: 'New channel' }).click();
    const drawer = page.getByRole('dialog', { name: 'New channel' });
    await drawer.getByRole('combobox', { name: 'Type' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Mail' }).click();
    await drawer.getByLabel('Name', { exact: true }).fill(name);
    await drawer.getByLabel('SMTP server').fill('127.0.0.1');
    await drawer.getByLabel('Port', { exact: true }).fill(String(smtp.port));
    await drawer.getByLabel('Login').fill('alerts');
    await drawer.getByLabel('Password').fill('smtp-secret-1234');
    await drawer.getByLabel('Sender address').fill('alerts@shop.example');
    await drawer.getByRole('button', { name: 'Create' }).click();
    await expect(drawer).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Not tested yet');
    await row.getByRole('button', { name: 'Send a test' }).click();
    const modal = page.getByRole('dialog', { name: `Test ${name}` });
    await modal.getByLabel('Email address').fill('ops@shop.example');
    await modal.getByRole('button', { name: 'Send a test' }).click();
    await expect(modal.getByText('The test message went out')).toBeVisible();
    expect(smtp.received.at(-1)?.to).toBe('ops@shop.example');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toContainText('Went out');

    await row.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row).toContainText('Inactive');
    // The password is never shown again, only its last characters.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(page.getByText('Stored as ••••1234; leave empty to keep it')).toBeVisible();

    // The organisation's card lists its channels too.
    await page.goto('/organization/1');
    await page.getByRole('tab', { name: 'Channels' }).click();
    await expect(page).toHaveURL(/tab=channels/);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Inactive');
  } finally {
    await smtp.stop();
  }
});

test('a new ticket is routed to a mail recipient and the log shows it sent', async ({ page, request, signInAs }) => {
  const smtp = await smtpStandIn();
  try {
    const post = await apiAs(request, 'admin');
    const channel = await post<{ id: number; name: string }>('/v1/notification/channel/create', {
      type: 2,
      org_id: 1,
      name: `Ticket mail ${uniqueSuffix()}`,
      host: '127.0.0.1',
      port: smtp.port,
      from_address: 'tickets@shop.example',
    });
    await signInAs('admin');
    await page.goto('/notification/system/client');
    const tickets = page.getByRole('region', { name: 'A new ticket' });
    await tickets.getByRole('button', { name: 'Add a route' }).click();
    await chooseOption(page, tickets.getByRole('combobox', { name: 'Channel' }), channel.name);
    const recipients = tickets.getByRole('combobox', { name: 'Recipients' });
    await recipients.fill('duty@shop.example');
    await recipients.press('Enter');
    await page.getByRole('button', { name: 'Save the routes' }).click();
    await expect(page.getByText('The routes are saved')).toBeVisible();

    const support = await apiAs(request, 'support');
    const title = `Door jammed ${uniqueSuffix()}`;
    await support('/v1/ticket/create', { title, text: 'The door of fridge 3 does not close' });
    // The job runner sends within a second or two. Waiting for that through the API, then
    // reading the log once, spares a whole panel load per look (they were 12 s of the run).
    const admin = { authorization: `Bearer ${await apiLogin(request, 'admin')}` };
    await expect
      .poll(
        async () => {
          const response = await request.get('/v1/notification/log?org_id=1&status=sent', { headers: admin });
          const log = (await response.json()) as { items: { recipient: string; subject: string; text: string }[] };
          return log.items.some(
            (delivery) =>
              delivery.recipient === 'duty@shop.example' && `${delivery.subject} ${delivery.text}`.includes(title),
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.reload();
    await expect(page.getByRole('row', { name: /duty@shop\.example/ }).first()).toContainText('Sent');
    expect(smtp.received.some((mail) => mail.to === 'duty@shop.example' && mail.body.includes(title))).toBe(true);
  } finally {
    await smtp.stop();
  }
});
