import { resolveLocale, translate } from '@vitrina/contract';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * Where the card's bank sends a customer of the app back after 3-D Secure (the app's opening's
 * return URL): the app opened the bank's page in a browser tab, and this page asks them to go
 * back to it; the app then sends the same attempt again, which opens the door or answers the
 * decline. In the app's language (the return URL's `lang`), else the browser's. One small page, styled inline (the server's CSP allows inline styles, no scripts).
 */
export function authenticatedPage(lang: string | undefined, browserLanguage: string | undefined): string {
  // The app's language, which the return URL carries; else the browser's.
  const locale = resolveLocale(lang ?? browserLanguage);
  const title = escapeHtml(translate('app.authenticated_title', locale));
  return `<!doctype html>
<html lang="${locale === 'ua' ? 'uk' : locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f5f5;margin:0;padding:24px;color:#1f1f1f}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:20px;margin:0 0 12px}
</style>
</head>
<body><main><h1>${title}</h1><p>${escapeHtml(translate('app.authenticated_text', locale))}</p></main></body>
</html>`;
}
