import { ZLoginBody } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { type LoginValues, quickLoginBody } from './login-check';

const PASSWORD = 'secret-123';
const EMAILS = [
  '',
  ' ',
  'a',
  'not-an-email',
  '@',
  'a@',
  '@b.com',
  ' @b.com ',
  'a @b.com',
  'a@b',
  'a@@b.com',
  'a@b.com',
  '  Admin@Vitrina.Local  ',
  'first.last+tag@sub.example.org',
  `${'x'.repeat(250)}@b.com`,
];

const cases: LoginValues[] = [
  ...EMAILS.map((email) => ({ email, password: PASSWORD })),
  { email: 'a@b.com', password: '' },
  { email: 'a@b.com', password: ' ' },
  { email: 'a@b.com' },
  { password: PASSWORD },
  {},
];

describe('quickLoginBody', () => {
  it.each(cases)('refuses only what the contract refuses: %j', (values) => {
    if (quickLoginBody(values) === null) expect(ZLoginBody.safeParse(values).success).toBe(false);
  });

  it('lets ordinary addresses through, trimmed, without loading the schema', () => {
    expect(quickLoginBody({ email: '  admin@vitrina.local ', password: PASSWORD })).toEqual({
      email: 'admin@vitrina.local',
      password: PASSWORD,
    });
    expect(quickLoginBody({ email: 'first.last+tag@sub.example.org', password: ' ' })).not.toBeNull();
  });

  it('refuses the blanks and the address without an @ the login e2e test types', () => {
    expect(quickLoginBody({ email: 'not-an-email', password: PASSWORD })).toBeNull();
    expect(quickLoginBody({ email: 'a@b.com', password: '' })).toBeNull();
    expect(quickLoginBody({ email: ' ', password: PASSWORD })).toBeNull();
  });
});
