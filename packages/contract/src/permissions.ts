import type { Locale } from './locales.js';

/**
 * The permission catalogue. The spec's `show_*` names are kept as they are; the action
 * permissions below them are the ones the server checks for writes.
 * Each entry: area it is grouped under, and its display name in every locale.
 */
type Names = Record<Locale, string>;
type Entry = { area: PermissionArea; names: Names };

export const PERMISSION_AREAS = [
  'dashboard',
  'courier',
  'report',
  'devices',
  'catalogue',
  'organizations',
  'users',
  'roles',
  'certificates',
  'push',
  'notifications',
  'analytics',
  'support',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

const n = (en: string, ua: string, pl: string, it: string, sk: string): Names => ({ en, ua, pl, it, sk });

export const PERMISSIONS = {
  show_dashboard_page: {
    area: 'dashboard',
    names: n('Dashboard', 'Головна панель', 'Pulpit', 'Cruscotto', 'Nástenka'),
  },
  show_courier_page: {
    area: 'courier',
    names: n(
      'Courier: micromarkets',
      "Кур'єр: мікромаркети",
      'Kurier: mikromarkety',
      'Corriere: micromarket',
      'Kuriér: mikromarkety',
    ),
  },
  show_orders_for_courier: {
    area: 'courier',
    names: n('Courier: orders', "Кур'єр: замовлення", 'Kurier: zamówienia', 'Corriere: ordini', 'Kuriér: objednávky'),
  },
  show_dubai_courier_page: {
    area: 'courier',
    names: n('Dubai courier', "Кур'єр Дубай", 'Kurier Dubaj', 'Corriere Dubai', 'Kuriér Dubaj'),
  },
  show_report_page: { area: 'report', names: n('Reports', 'Звіти', 'Raporty', 'Report', 'Prehľady') },
  show_device_page: {
    area: 'devices',
    names: n('Micromarkets', 'Мікромаркети', 'Mikromarkety', 'Micromarket', 'Mikromarkety'),
  },
  show_fridge_display: {
    area: 'devices',
    names: n(
      'Micromarket display',
      'Дисплей мікромаркету',
      'Wyświetlacz mikromarketu',
      'Display micromarket',
      'Displej mikromarketu',
    ),
  },
  show_transactions_page: {
    area: 'devices',
    names: n('Transactions', 'Транзакції', 'Transakcje', 'Transazioni', 'Transakcie'),
  },
  show_update_transaction_page: {
    area: 'devices',
    names: n(
      'Edit payment transactions',
      'Редагування платіжних транзакцій',
      'Edycja transakcji płatniczych',
      'Modifica transazioni di pagamento',
      'Úprava platobných transakcií',
    ),
  },
  show_subscribe_transactions: {
    area: 'devices',
    names: n(
      'Subscription transactions',
      'Транзакції підписки',
      'Transakcje subskrypcji',
      'Transazioni abbonamento',
      'Transakcie predplatného',
    ),
  },
  device_group_list: {
    area: 'devices',
    names: n(
      'Micromarket groups',
      'Групи мікромаркетів',
      'Grupy mikromarketów',
      'Gruppi di micromarket',
      'Skupiny mikromarketov',
    ),
  },
  edit_devices: {
    area: 'devices',
    names: n(
      'Create and edit micromarkets',
      'Створення та редагування мікромаркетів',
      'Tworzenie i edycja mikromarketów',
      'Creazione e modifica micromarket',
      'Vytváranie a úprava mikromarketov',
    ),
  },
  send_device_commands: {
    area: 'devices',
    names: n(
      'Send commands to micromarkets',
      'Надсилання команд мікромаркетам',
      'Wysyłanie poleceń do mikromarketów',
      'Invio comandi ai micromarket',
      'Odosielanie príkazov mikromarketom',
    ),
  },
  reset_food_safety_lock: {
    area: 'devices',
    names: n(
      'Reset the food-safety lock',
      'Зняття блокування безпеки харчових продуктів',
      'Zdejmowanie blokady bezpieczeństwa żywności',
      'Sblocco sicurezza alimentare',
      'Zrušenie blokovania bezpečnosti potravín',
    ),
  },
  manage_technical_alerts: {
    area: 'analytics',
    names: n(
      'Acknowledge and resolve technical alerts',
      'Підтвердження та закриття технічних сповіщень',
      'Potwierdzanie i zamykanie alertów technicznych',
      'Conferma e risoluzione avvisi tecnici',
      'Potvrdzovanie a riešenie technických upozornení',
    ),
  },
  edit_categories: {
    area: 'catalogue',
    names: n('Edit categories', 'Редагування категорій', 'Edycja kategorii', 'Modifica categorie', 'Úprava kategórií'),
  },
  edit_makers: {
    area: 'catalogue',
    names: n('Edit makers', 'Редагування виробників', 'Edycja producentów', 'Modifica produttori', 'Úprava výrobcov'),
  },
  edit_products: {
    area: 'catalogue',
    names: n('Edit products', 'Редагування товарів', 'Edycja produktów', 'Modifica prodotti', 'Úprava produktov'),
  },
  copy_products: {
    area: 'catalogue',
    names: n(
      'Copy products to organizations',
      'Копіювання товарів до організацій',
      'Kopiowanie produktów do organizacji',
      'Copia prodotti nelle organizzazioni',
      'Kopírovanie produktov do organizácií',
    ),
  },
  manage_tags: {
    area: 'catalogue',
    names: n(
      'Write off and remove tags',
      'Списання та вилучення міток',
      'Odpisywanie i wycofywanie tagów',
      'Storno e rimozione tag',
      'Odpis a vyberanie štítkov',
    ),
  },
  program_tags: {
    area: 'catalogue',
    names: n(
      'Write tags in the programmer',
      'Запис міток у програматорі',
      'Zapis tagów w programatorze',
      'Scrittura tag nel programmatore',
      'Zápis štítkov v programátore',
    ),
  },
  manage_dataset: {
    area: 'catalogue',
    names: n(
      'Upload and tag dataset files',
      'Завантаження та розмітка файлів датасету',
      'Przesyłanie i tagowanie plików zbioru',
      'Caricamento e tag dei file del dataset',
      'Nahrávanie a značkovanie súborov množiny',
    ),
  },
  show_categories_page: {
    area: 'catalogue',
    names: n('Categories', 'Категорії', 'Kategorie', 'Categorie', 'Kategórie'),
  },
  show_products_page: { area: 'catalogue', names: n('Products', 'Товари', 'Produkty', 'Prodotti', 'Produkty') },
  show_maker_page: { area: 'catalogue', names: n('Makers', 'Виробники', 'Producenci', 'Produttori', 'Výrobcovia') },
  show_products_order_page: {
    area: 'catalogue',
    names: n('Product orders', 'Замовлення товарів', 'Zamówienia produktów', 'Ordini prodotti', 'Objednávky produktov'),
  },
  show_product_rating_page: {
    area: 'catalogue',
    names: n('Product rating', 'Рейтинг товарів', 'Ocena produktów', 'Valutazione prodotti', 'Hodnotenie produktov'),
  },
  show_products_programmer_page: {
    area: 'catalogue',
    names: n('Tag programmer', 'Програматор міток', 'Programator tagów', 'Programmatore tag', 'Programátor štítkov'),
  },
  show_products_tag_page: {
    area: 'catalogue',
    names: n('RFID tags', 'RFID-мітки', 'Tagi RFID', 'Tag RFID', 'RFID štítky'),
  },
  show_products_storage_page: {
    area: 'catalogue',
    names: n('Storage batches', 'Партії зберігання', 'Partie magazynowe', 'Lotti di magazzino', 'Skladové šarže'),
  },
  show_planning_page: {
    area: 'catalogue',
    names: n(
      'Restock planning',
      'Планування поповнення',
      'Planowanie uzupełnień',
      'Pianificazione rifornimenti',
      'Plánovanie doplnenia',
    ),
  },
  show_dataset_page: {
    area: 'catalogue',
    names: n(
      'Training dataset',
      'Навчальний датасет',
      'Zbiór treningowy',
      'Dataset di addestramento',
      'Trénovacia množina',
    ),
  },
  show_organizations_page: {
    area: 'organizations',
    names: n('Organizations', 'Організації', 'Organizacje', 'Organizzazioni', 'Organizácie'),
  },
  edit_organizations: {
    area: 'organizations',
    names: n(
      'Edit organizations and sub-organization access',
      'Редагування організацій і доступу суборганізацій',
      'Edycja organizacji i dostępu suborganizacji',
      'Modifica organizzazioni e accesso delle sotto-organizzazioni',
      'Úprava organizácií a prístupu podorganizácií',
    ),
  },
  show_payment_system_setting: {
    area: 'organizations',
    names: n(
      'Payment system settings',
      'Налаштування платіжної системи',
      'Ustawienia systemu płatności',
      'Impostazioni sistema di pagamento',
      'Nastavenia platobného systému',
    ),
  },
  edit_payment_system: {
    area: 'organizations',
    names: n(
      'Edit payment system settings',
      'Редагування налаштувань платіжної системи',
      'Edycja ustawień systemu płatności',
      'Modifica impostazioni sistema di pagamento',
      'Úprava nastavení platobného systému',
    ),
  },
  edit_platform_payment_system: {
    area: 'organizations',
    names: n(
      'Platform payment system (subscription fees)',
      'Платіжна система платформи (оплата підписок)',
      'System płatności platformy (opłaty za subskrypcje)',
      'Sistema di pagamento della piattaforma (canoni di abbonamento)',
      'Platobný systém platformy (poplatky za predplatné)',
    ),
  },
  show_organization_subscribe: {
    area: 'organizations',
    names: n(
      'Organization subscription',
      'Підписка організації',
      'Subskrypcja organizacji',
      'Abbonamento organizzazione',
      'Predplatné organizácie',
    ),
  },
  view_all_organizations: {
    area: 'organizations',
    names: n(
      'All organizations (platform)',
      'Усі організації (платформа)',
      'Wszystkie organizacje (platforma)',
      'Tutte le organizzazioni (piattaforma)',
      'Všetky organizácie (platforma)',
    ),
  },
  show_users_page: { area: 'users', names: n('Users', 'Користувачі', 'Użytkownicy', 'Utenti', 'Používatelia') },
  edit_users: {
    area: 'users',
    names: n(
      'Create and edit users',
      'Створення та редагування користувачів',
      'Tworzenie i edycja użytkowników',
      'Creazione e modifica utenti',
      'Vytváranie a úprava používateľov',
    ),
  },
  export_users: {
    area: 'users',
    names: n(
      'Export user report',
      'Експорт звіту користувачів',
      'Eksport raportu użytkowników',
      'Esportazione report utenti',
      'Export prehľadu používateľov',
    ),
  },
  edit_user_bonuses: {
    area: 'users',
    names: n(
      'Top up and withdraw customer bonuses',
      'Поповнення та списання бонусів клієнтів',
      'Doładowanie i odejmowanie bonusów klientów',
      'Ricarica e prelievo bonus clienti',
      'Dobitie a odpočet bonusov zákazníkov',
    ),
  },
  show_users_groups_page: {
    area: 'users',
    names: n('User groups', 'Групи користувачів', 'Grupy użytkowników', 'Gruppi di utenti', 'Skupiny používateľov'),
  },
  show_bonus_trigger_page: {
    area: 'users',
    names: n('Bonus promotions', 'Бонусні акції', 'Promocje bonusowe', 'Promozioni bonus', 'Bonusové akcie'),
  },
  show_users_roles_page: { area: 'roles', names: n('Roles', 'Ролі', 'Role', 'Ruoli', 'Roly') },
  edit_roles: {
    area: 'roles',
    names: n(
      'Create and edit roles',
      'Створення та редагування ролей',
      'Tworzenie i edycja ról',
      'Creazione e modifica ruoli',
      'Vytváranie a úprava rolí',
    ),
  },
  switch_role: {
    area: 'roles',
    names: n(
      'Work as another role',
      'Працювати від іншої ролі',
      'Praca jako inna rola',
      'Lavorare come altro ruolo',
      'Pracovať ako iná rola',
    ),
  },
  show_certificates_page: {
    area: 'certificates',
    names: n('Certificates', 'Сертифікати', 'Certyfikaty', 'Certificati', 'Certifikáty'),
  },
  show_push_notifications_page: {
    area: 'push',
    names: n('Push notifications', 'Push-сповіщення', 'Powiadomienia push', 'Notifiche push', 'Push notifikácie'),
  },
  show_notification_system_page: {
    area: 'notifications',
    names: n(
      'Notification channels',
      'Канали сповіщень',
      'Kanały powiadomień',
      'Canali di notifica',
      'Notifikačné kanály',
    ),
  },
  show_notification_system_page_for_client: {
    area: 'notifications',
    names: n(
      'Client notifications',
      'Сповіщення клієнта',
      'Powiadomienia klienta',
      'Notifiche cliente',
      'Notifikácie klienta',
    ),
  },
  show_error_analytics_page: {
    area: 'analytics',
    names: n('Error analytics', 'Аналітика помилок', 'Analiza błędów', 'Analisi errori', 'Analýza chýb'),
  },
  show_technical_analytics_page: {
    area: 'analytics',
    names: n('Technical analytics', 'Технічна аналітика', 'Analiza techniczna', 'Analisi tecnica', 'Technická analýza'),
  },
  show_support_page: {
    area: 'support',
    names: n('Support chat', 'Чат підтримки', 'Czat wsparcia', 'Chat di supporto', 'Chat podpory'),
  },
  show_ticket_system_page: { area: 'support', names: n('Tickets', 'Тікети', 'Zgłoszenia', 'Ticket', 'Tikety') },
} as const satisfies Record<string, Entry>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value);
}

/** Display names of the permission areas, used by the role screen and the list-group call. */
export const PERMISSION_AREA_NAMES: Record<PermissionArea, Names> = {
  dashboard: n('Dashboard', 'Головна', 'Pulpit', 'Cruscotto', 'Nástenka'),
  courier: n('Courier', "Кур'єр", 'Kurier', 'Corriere', 'Kuriér'),
  report: n('Reports', 'Звіти', 'Raporty', 'Report', 'Prehľady'),
  devices: n('Micromarkets', 'Мікромаркети', 'Mikromarkety', 'Micromarket', 'Mikromarkety'),
  catalogue: n('Catalogue', 'Каталог', 'Katalog', 'Catalogo', 'Katalóg'),
  organizations: n('Organizations', 'Організації', 'Organizacje', 'Organizzazioni', 'Organizácie'),
  users: n('Users', 'Користувачі', 'Użytkownicy', 'Utenti', 'Používatelia'),
  roles: n('Roles', 'Ролі', 'Role', 'Ruoli', 'Roly'),
  certificates: n('Certificates', 'Сертифікати', 'Certyfikaty', 'Certificati', 'Certifikáty'),
  push: n('Push notifications', 'Push-сповіщення', 'Powiadomienia push', 'Notifiche push', 'Push notifikácie'),
  notifications: n(
    'Notification system',
    'Система сповіщень',
    'System powiadomień',
    'Sistema di notifiche',
    'Notifikačný systém',
  ),
  analytics: n('Analytics', 'Аналітика', 'Analityka', 'Analisi', 'Analytika'),
  support: n('Support', 'Підтримка', 'Wsparcie', 'Supporto', 'Podpora'),
};
