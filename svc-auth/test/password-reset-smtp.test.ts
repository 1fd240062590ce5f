import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { AUTH_MESSAGES } from '@hf/contracts';
import { register, startService, type TestService } from './helpers';

/** A real SMTP server on loopback that keeps every message it receives. */
async function startSmtp(): Promise<{
  url: string;
  messages: Array<{ to: string[]; raw: string }>;
  close: () => Promise<void>;
}> {
  const messages: Array<{ to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text body with quoted-printable soft breaks and escapes undone. */
function decodedBody(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function waitFor<T>(fn: () => T | undefined, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let svc: TestService;
beforeAll(async () => {
  smtp = await startSmtp();
  svc = await startService({
    smtpUrl: smtp.url,
    mailFrom: 'Ledgerly Mail <no-reply@app.test>',
    appOrigin: 'https://budget.example.org/',
  });
});
afterAll(async () => {
  await svc.close();
  await smtp.close();
});

describe('password reset through a real SMTP server', () => {
  it('mails a link that resets the password once', async () => {
    const u = await register(svc.app, { name: 'Mailable Person' });
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: u.email },
    });
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
    const mail = await waitFor(() => smtp.messages.find((m) => m.to.includes(u.email)));
    const body = decodedBody(mail.raw);
    expect(body).toMatch(/^From: Ledgerly Mail <no-reply@app\.test>/m);
    expect(body).toMatch(/^Subject: Reset your Ledgerly password/m);
    expect(body).toContain('Hello Mailable Person,');
    const token = /https:\/\/budget\.example\.org\/reset-password\/([A-Za-z0-9_-]{43})/.exec(body)![1];

    const reset = await svc.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: 'mailed new password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });
    const login = await svc.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: u.email, password: 'mailed new password' },
    });
    expect(login.statusCode).toBe(200);
    const replay = await svc.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: 'attacker password' },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: AUTH_MESSAGES.invalidResetToken });
  });

  it('sends nothing for an unknown email and says no account uses it', async () => {
    const before = smtp.messages.length;
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: 'nobody-here@example.com' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.noAccountForEmail });
    await svc.app.mailer.idle();
    expect(smtp.messages.length).toBe(before);
  });

  it('mails an invitation link to the invited address', async () => {
    const admin = await register(svc.app, { name: 'Host Person' });
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/household/invite',
      headers: admin.auth,
      payload: { email: 'friend@example.com' },
    });
    const { token } = res.json();
    const mail = await waitFor(() => smtp.messages.find((m) => m.to.includes('friend@example.com')));
    const body = decodedBody(mail.raw);
    expect(body).toContain(`https://budget.example.org/register?token=${token}`);
    expect(body).toContain('Host Person');
  });
});
