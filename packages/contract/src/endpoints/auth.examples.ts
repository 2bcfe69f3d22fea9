import type { z } from 'zod';
import type { AreaExamples } from '../endpoint.js';
import type { ZLoginResponse } from '../resources/auth.js';
import type { api } from './index.js';
import { OK_EXAMPLE } from './shared.examples.js';

const LOGIN_RESPONSE_EXAMPLE: z.input<typeof ZLoginResponse> = {
  token: 'tok_3f9a1c2e7b',
  default_page: 'dashboard',
};

export const authExamples: AreaExamples<(typeof api)['auth']> = {
  login: LOGIN_RESPONSE_EXAMPLE,
  me: {
    id: 101,
    name: 'Kyiv office fridge',
    email: 'anna.koval@example.com',
    roles: ['Role'],
    currency: 'UAH',
    lang: 'en',
    org_id: 101,
    org_name: 'Kyiv Snacks LLC',
    default_page: 'dashboard',
    role: {
      id: 101,
      name: 'Operator',
    },
    acting_as: {
      role_id: 101,
      role_name: 'Operator',
    },
  },
  logout: OK_EXAMPLE,
  switchRole: LOGIN_RESPONSE_EXAMPLE,
  switchBack: LOGIN_RESPONSE_EXAMPLE,
  invitation: {
    email: 'anna.koval@example.com',
    name: 'Kyiv office fridge',
  },
  register: LOGIN_RESPONSE_EXAMPLE,
  requestPasswordReset: OK_EXAMPLE,
  resetToken: {
    email: 'anna.koval@example.com',
  },
  resetPassword: OK_EXAMPLE,
};
