import type { Locale } from './locales.js';

/**
 * Server messages, keyed, in every locale. Schemas carry these keys as their custom
 * messages; the server and the web translate them with `translate`.
 * `{name}` placeholders are filled from the params.
 */
const M = {
  'errors.bad_request': {
    en: 'Some fields are filled in incorrectly',
    ua: 'Деякі поля заповнені неправильно',
    pl: 'Niektóre pola są wypełnione niepoprawnie',
    it: 'Alcuni campi non sono compilati correttamente',
    sk: 'Niektoré polia sú vyplnené nesprávne',
  },
  'errors.unauthorized': {
    en: 'Your session has expired, please sign in again',
    ua: 'Сесія завершилась, увійдіть знову',
    pl: 'Sesja wygasła, zaloguj się ponownie',
    it: 'La sessione è scaduta, accedi di nuovo',
    sk: 'Relácia vypršala, prihláste sa znova',
  },
  'errors.forbidden': {
    en: 'You do not have permission for this action',
    ua: 'У вас немає прав на цю дію',
    pl: 'Nie masz uprawnień do tej operacji',
    it: 'Non hai il permesso per questa azione',
    sk: 'Na túto akciu nemáte oprávnenie',
  },
  'errors.not_found': {
    en: 'Not found',
    ua: 'Не знайдено',
    pl: 'Nie znaleziono',
    it: 'Non trovato',
    sk: 'Nenájdené',
  },
  'errors.rate_limited': {
    en: 'Too many attempts. Try again in {minutes} min',
    ua: 'Забагато спроб. Спробуйте через {minutes} хв',
    pl: 'Zbyt wiele prób. Spróbuj ponownie za {minutes} min',
    it: 'Troppi tentativi. Riprova tra {minutes} min',
    sk: 'Príliš veľa pokusov. Skúste znova o {minutes} min',
  },
  'errors.payload_too_large': {
    en: 'The request is too large',
    ua: 'Запит завеликий',
    pl: 'Żądanie jest zbyt duże',
    it: 'La richiesta è troppo grande',
    sk: 'Požiadavka je príliš veľká',
  },
  'errors.internal': {
    en: 'An error occurred on the server',
    ua: 'На сервері сталася помилка',
    pl: 'Wystąpił błąd serwera',
    it: 'Si è verificato un errore sul server',
    sk: 'Na serveri nastala chyba',
  },
  'errors.view_only': {
    en: 'Your organization has view-only access to this organization',
    ua: 'Ваша організація має доступ лише на перегляд до цієї організації',
    pl: 'Twoja organizacja ma dostęp tylko do odczytu do tej organizacji',
    it: 'La tua organizzazione ha accesso in sola lettura a questa organizzazione',
    sk: 'Vaša organizácia má k tejto organizácii prístup len na čítanie',
  },
  'auth.invalid_credentials': {
    en: 'Wrong email or password',
    ua: 'Невірний email або пароль',
    pl: 'Nieprawidłowy e-mail lub hasło',
    it: 'Email o password errati',
    sk: 'Nesprávny e-mail alebo heslo',
  },
  'auth.disabled': {
    en: 'This account is disabled',
    ua: 'Цей обліковий запис вимкнено',
    pl: 'To konto jest wyłączone',
    it: 'Questo account è disattivato',
    sk: 'Tento účet je deaktivovaný',
  },
  'auth.link_invalid': {
    en: 'This link is invalid or has expired',
    ua: 'Посилання недійсне або застаріло',
    pl: 'Ten link jest nieprawidłowy lub wygasł',
    it: 'Questo link non è valido o è scaduto',
    sk: 'Tento odkaz je neplatný alebo vypršal',
  },
  'auth.not_switched': {
    en: 'You are not working as another role',
    ua: 'Ви не працюєте від іншої ролі',
    pl: 'Nie pracujesz jako inna rola',
    it: 'Non stai lavorando con un altro ruolo',
    sk: 'Nepracujete ako iná rola',
  },
  'validation.required': {
    en: 'This field is required',
    ua: "Це поле обов'язкове",
    pl: 'To pole jest wymagane',
    it: 'Questo campo è obbligatorio',
    sk: 'Toto pole je povinné',
  },
  'validation.email': {
    en: 'Enter a valid email address',
    ua: 'Введіть коректну адресу email',
    pl: 'Podaj poprawny adres e-mail',
    it: 'Inserisci un indirizzo email valido',
    sk: 'Zadajte platnú e-mailovú adresu',
  },
  'validation.password_min': {
    en: 'The password must be at least 8 characters long',
    ua: 'Пароль має містити щонайменше 8 символів',
    pl: 'Hasło musi mieć co najmniej 8 znaków',
    it: 'La password deve contenere almeno 8 caratteri',
    sk: 'Heslo musí mať aspoň 8 znakov',
  },
  'validation.password_mismatch': {
    en: 'The password and its confirmation do not match',
    ua: 'Пароль і підтвердження не збігаються',
    pl: 'Hasło i jego potwierdzenie nie są zgodne',
    it: 'La password e la conferma non coincidono',
    sk: 'Heslo a jeho potvrdenie sa nezhodujú',
  },
  'validation.terms': {
    en: 'You must agree to the Terms of Service',
    ua: 'Потрібно погодитися з Умовами використання',
    pl: 'Musisz zaakceptować Warunki korzystania',
    it: 'Devi accettare i Termini di servizio',
    sk: 'Musíte súhlasiť s Podmienkami používania',
  },
  'validation.phone': {
    en: 'Enter a phone number in international format, e.g. +380501234567',
    ua: 'Введіть номер у міжнародному форматі, напр. +380501234567',
    pl: 'Podaj numer w formacie międzynarodowym, np. +48501234567',
    it: 'Inserisci un numero in formato internazionale, es. +393331234567',
    sk: 'Zadajte číslo v medzinárodnom formáte, napr. +421901234567',
  },
  'validation.unknown_permission': {
    en: 'Unknown permission',
    ua: 'Невідомий дозвіл',
    pl: 'Nieznane uprawnienie',
    it: 'Permesso sconosciuto',
    sk: 'Neznáme oprávnenie',
  },
  'user.email_taken': {
    en: 'A user with this email already exists',
    ua: 'Користувач з таким email вже існує',
    pl: 'Użytkownik z tym adresem e-mail już istnieje',
    it: 'Esiste già un utente con questa email',
    sk: 'Používateľ s týmto e-mailom už existuje',
  },
  'user.cannot_disable_self': {
    en: 'You cannot disable your own account',
    ua: 'Не можна вимкнути власний обліковий запис',
    pl: 'Nie możesz wyłączyć własnego konta',
    it: 'Non puoi disattivare il tuo account',
    sk: 'Nemôžete deaktivovať vlastný účet',
  },
  'user.already_registered': {
    en: 'This user has already completed registration',
    ua: 'Цей користувач вже завершив реєстрацію',
    pl: 'Ten użytkownik już ukończył rejestrację',
    it: 'Questo utente ha già completato la registrazione',
    sk: 'Tento používateľ už dokončil registráciu',
  },
  'role.in_use': {
    en: 'The role is assigned to {count} user(s) and cannot be deleted',
    ua: 'Роль призначена {count} користувачам і не може бути видалена',
    pl: 'Rola jest przypisana do {count} użytkowników i nie można jej usunąć',
    it: 'Il ruolo è assegnato a {count} utenti e non può essere eliminato',
    sk: 'Rola je priradená {count} používateľom a nedá sa odstrániť',
  },
  'role.permission_not_held': {
    en: 'You cannot grant permissions you do not hold: {permissions}',
    ua: 'Не можна надати дозволи, яких у вас немає: {permissions}',
    pl: 'Nie możesz nadać uprawnień, których nie posiadasz: {permissions}',
    it: 'Non puoi concedere permessi che non possiedi: {permissions}',
    sk: 'Nemôžete udeliť oprávnenia, ktoré nemáte: {permissions}',
  },
  'role.name_taken': {
    en: 'A role with this name already exists',
    ua: 'Роль з такою назвою вже існує',
    pl: 'Rola o tej nazwie już istnieje',
    it: 'Esiste già un ruolo con questo nome',
    sk: 'Rola s týmto názvom už existuje',
  },
  'role.system': {
    en: 'Platform roles can only be changed by the platform',
    ua: 'Ролі платформи може змінювати лише платформа',
    pl: 'Role platformy może zmieniać tylko platforma',
    it: 'I ruoli della piattaforma possono essere modificati solo dalla piattaforma',
    sk: 'Roly platformy môže meniť iba platforma',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof M;
export const MESSAGES: Record<MessageKey, Record<Locale, string>> = M;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(M, value);
}

export function translate(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  return M[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
}
