import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { DEFAULT_PAGES } from '../enums.js';
import { CURRENCIES, LOCALES } from '../locales.js';
import { requiredText, storableString, text, ZId } from './common.js';

/** Spec §5: the email is trimmed and must match a standard address pattern. */
export const ZEmail = storableString({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'validation.email' }).max(254, { error: 'validation.email' }));

export const ZPassword = storableString({ error: 'validation.required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation.password_min' })
  .max(200);

export const ZLoginBody = z.object({
  email: ZEmail,
  password: storableString({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZLoginResponse = z.object({
  token: z.string(),
  default_page: z.enum(DEFAULT_PAGES),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZMe = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()).describe('permission names the user holds now'),
  currency: z.enum(CURRENCIES),
  lang: z.enum(LOCALES),
  org_id: z.number().int(),
  org_name: z.string(),
  default_page: z.enum(DEFAULT_PAGES),
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Set while the user works as another role (spec §4 role switching). */
  acting_as: z.object({ role_id: z.number().int(), role_name: z.string() }).nullable(),
});
export type TMe = z.infer<typeof ZMe>;

export const ZSwitchRoleBody = z.object({ role_id: ZId });

/** Registration by invitation (spec §5: password matches its confirmation, terms agreed). */
export const ZRegistrationBody = z
  .object({
    token: text(200).min(1),
    name: requiredText(120),
    email: ZEmail,
    password: ZPassword,
    password_confirmation: storableString({ error: 'validation.required' }),
    terms_agreed: z.literal(true, { error: 'validation.terms' }),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    error: 'validation.password_mismatch',
  });
export type TRegistrationBody = z.infer<typeof ZRegistrationBody>;

export const ZInvitation = z.object({ email: z.string(), name: z.string() });

export const ZTokenParam = z.object({ token: text(200).min(1) });

export const ZResetRequestBody = z.object({ email: ZEmail });

export const ZResetPasswordBody = z
  .object({
    password: ZPassword,
    password_confirmation: storableString({ error: 'validation.required' }),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    error: 'validation.password_mismatch',
  });

export const ZResetTokenInfo = z.object({ email: z.string() });

/**
 * `npm run create-admin`: the first platform administrator of an empty database, with the
 * password the operator chooses.
 */
export const ZFirstAdmin = z.object({
  email: ZEmail,
  name: requiredText(120),
  password: ZPassword,
  /** The main organisation, made when the database has none. */
  organization: requiredText(120),
});
export type TFirstAdmin = z.infer<typeof ZFirstAdmin>;
